/** A card face of our own: rank above suit in the corner (readable on a narrow strip), a
 * large pip, and a WILD badge in words on wild cards. Decorative: the button around it
 * carries the name. */
import { SUIT_SYMBOLS, isWild, parseCard, rankLabel } from "../cards";

export function CardFace({ code, wild }: { code: string; wild: string | null }) {
  const card = parseCard(code);
  const wildCard = isWild(card, wild);
  const suit = card.suit;
  const classes = ["card", "face", suit ? `suit-${suit}` : "joker", wildCard ? "wild" : ""];
  const pip = suit ? SUIT_SYMBOLS[suit] : "";
  const court = card.rank >= 11 ? rankLabel(card) : null;
  return (
    <span class={classes.join(" ")} aria-hidden="true">
      <span class="corner">
        <span class="rank">{rankLabel(card)}</span>
        <span class="pip">{suit ? SUIT_SYMBOLS[suit] : ""}</span>
      </span>
      <span class={court ? "face-center court" : "face-center"}>
        {card.joker ? <span class="joker-word">JOKER</span> : court ? <>{court}<small>{pip}</small></> : pip}
      </span>
      {wildCard && <span class="badge">WILD</span>}
    </span>
  );
}

export function CardBack({ small = false }: { small?: boolean }) {
  return <span class={small ? "card back small" : "card back"} aria-hidden="true" />;
}
