/** The card grid of the scorekeeper: tap the cards left in a hand, the round's wild rank
 * marked; with more than one deck a card is tapped once per copy (a third tap clears it
 * with two decks). Each card is a button named in words, pressed while chosen. */
import { cardName } from "../cards";

const RANKS = "A23456789TJQK";
const FIVE_SUIT_RANKS = "3456789TJQK"; // the five-suit pack runs 3 to K
const SUITS = [
  { code: "s", symbol: "♠", word: "Spades" },
  { code: "h", symbol: "♥", word: "Hearts" },
  { code: "d", symbol: "♦", word: "Diamonds" },
  { code: "c", symbol: "♣", word: "Clubs" },
  { code: "x", symbol: "★", word: "Stars" },
] as const;

export type Chosen = Record<string, number>;

export function chosenText(chosen: Chosen): string {
  const cards: string[] = [];
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      for (let copy = 0; copy < (chosen[rank + suit.code] ?? 0); copy += 1) cards.push(rank + suit.code);
    }
  }
  for (let copy = 0; copy < (chosen["*"] ?? 0); copy += 1) cards.push("*");
  return cards.join(" ");
}

export function chosenCount(chosen: Chosen): number {
  return Object.values(chosen).reduce((sum, count) => sum + count, 0);
}

export function CardGrid({ who, wild, deal, decks, jokers, fiveSuit, chosen, onChange, onEnter, onClose }: {
  who: string; wild: string | null; deal: number; decks: number; jokers: number; fiveSuit: boolean; chosen: Chosen;
  onChange: (chosen: Chosen) => void; onEnter: () => void; onClose: () => void;
}) {
  function tap(code: string, most: number) {
    const next = ((chosen[code] ?? 0) + 1) % (most + 1);
    const { [code]: _, ...rest } = chosen;
    onChange(next === 0 ? rest : { ...rest, [code]: next });
  }
  const count = chosenCount(chosen);
  const label = (code: string) => {
    const copies = chosen[code] ?? 0;
    return copies > 1 ? `${cardName(code, wild)}, ${copies} copies` : cardName(code, wild);
  };
  return (
    <div class="card-grid" role="group" aria-label={`${who}'s cards`}>
      <p class="grid-count" aria-live="polite">{`${count} of ${deal} cards chosen for ${who}`}</p>
      {SUITS.filter((suit) => fiveSuit || suit.code !== "x").map((suit) => (
        <div class={`grid-suit suit-${suit.code}`} role="group" aria-label={suit.word} key={suit.code}>
          {[...(fiveSuit ? FIVE_SUIT_RANKS : RANKS)].map((rank) => {
            const code = rank + suit.code;
            const copies = chosen[code] ?? 0;
            return (
              <button type="button" key={code} class={rank === wild ? "grid-card wild" : "grid-card"}
                aria-pressed={copies > 0 ? "true" : "false"} aria-label={label(code)}
                onClick={() => tap(code, decks)}>
                <span aria-hidden="true">{rank === "T" ? "10" : rank}{suit.symbol}</span>
                {copies > 1 && <span class="copies" aria-hidden="true">×{copies}</span>}
              </button>
            );
          })}
        </div>
      ))}
      {jokers > 0 && (
        <div class="grid-suit joker" role="group" aria-label="Jokers">
          <button type="button" class="grid-card wild" aria-pressed={(chosen["*"] ?? 0) > 0 ? "true" : "false"}
            aria-label={label("*")} onClick={() => tap("*", jokers)}>
            <span aria-hidden="true">JK</span>
            {(chosen["*"] ?? 0) > 1 && <span class="copies" aria-hidden="true">×{chosen["*"]}</span>}
          </button>
        </div>
      )}
      {wild === null
        ? <p class="muted grid-help">No wild rank this round{jokers > 0 ? "; jokers wild" : ""}.</p>
        : <p class="muted grid-help">Wild rank: <strong>{wild === "T" ? "10" : wild}</strong> (marked W){jokers > 0 ? ", and jokers" : ""}.</p>}
      <div class="row">
        <button type="button" class="primary" disabled={count === 0} onClick={onEnter}>{`Enter cards for ${who}`}</button>
        <button type="button" disabled={count === 0} onClick={() => onChange({})}>Clear</button>
        <button type="button" onClick={onClose}>Close the cards</button>
      </div>
    </div>
  );
}
