/** The end of a round: every hand laid open in its best arrangement, with its points,
 * then the score sheet; and the end of the game: the places, first to last. A dialog's
 * body scrolls and its buttons stay in view below it. */
import { cardName } from "../cards";
import type { BaseView, RoundResult, View } from "../protocol";
import { outsOf, roundSummary, seatName, winnersText } from "../words";
import { CardFace } from "./Card";
import { Dialog } from "./Dialog";
import { ScoreSheet, runningTotals } from "./ScoreSheet";

export function OpenHands({ view, result }: { view: Pick<View, "players" | "seat">; result: RoundResult }) {
  const wild = result.wild;
  const outs = outsOf(result);
  return (
    <ul class="open-hands">
      {result.result.map((seat, index) => (
        <li key={index} class={outs.includes(index) ? "went-out" : undefined}>
          <h3>{seatName(view, index)} <span class="points">{seat.points} {seat.points === 1 ? "point" : "points"}</span>
            {outs.includes(index) && <span class="mark out">Out</span>}</h3>
          <div class="laid">
            {seat.melds.map((meld, m) => (
              <ul class="meld" key={m} aria-label={`Meld: ${meld.map((code) => cardName(code, wild)).join(", ")}`}>
                {meld.map((code, c) => <li key={c}><CardFace code={code} wild={wild} /></li>)}
              </ul>
            ))}
            {seat.deadwood.length > 0 && (
              <div class="deadwood-group">
                <span class="group-label" aria-hidden="true">unmelded:</span>
                <ul class="meld deadwood" aria-label={`Unmelded: ${seat.deadwood.map((code) => cardName(code, wild)).join(", ")}`}>
                  {seat.deadwood.map((code, c) => <li key={c}><CardFace code={code} wild={wild} /></li>)}
                </ul>
              </div>
            )}
            {seat.melds.length === 0 && seat.deadwood.length === 0 && <p class="muted">Sat out</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The parts of a view (a turn game's or a speed game's) the results need. */
type Finished = Pick<BaseView, "players" | "seat" | "results" | "winners">;

export function RoundResults({ view, result, onNext, pauseUntil }: {
  view: Finished; result: RoundResult; onNext: () => void; pauseUntil: number | null | undefined;
}) {
  const seconds = typeof pauseUntil === "number" ? Math.max(0, Math.round((pauseUntil - Date.now()) / 1000)) : null;
  return (
    <Dialog labelledBy="results-title" onClose={onNext}>
      <div class="sheet results-sheet">
        <h2 id="results-title">Round {result.number} results</h2>
        <div class="sheet-body" tabIndex={0} aria-label="The hands and the score sheet">
          <p class="summary">{roundSummary(view, result)}</p>
          <OpenHands view={view} result={result} />
          <ScoreSheet view={view} results={view.results} />
        </div>
        <div class="sheet-actions">
          <button type="button" class="primary" onClick={onNext} autoFocus>Next round</button>
          {seconds !== null && <span class="muted">The next round starts by itself in about {seconds} s.</span>}
        </div>
      </div>
    </Dialog>
  );
}

export interface Place {
  seat: number;
  place: number; // 1 for the first; seats that tie share a place
  total: number;
  winner: boolean;
}

/** The places at a game's end, first to last: the winners first (a playoff decides among
 * equal totals), then the lowest totals; equal seats share a place ("1st, 2nd, 2nd, 4th"). */
export function placesOf(players: number, results: RoundResult[], winners: number[] | null): Place[] {
  const totals = runningTotals(players, results).at(-1) ?? Array.from({ length: players }, () => 0);
  const won = winners ?? [];
  const key = (seat: number) => [won.includes(seat) ? 0 : 1, totals[seat] ?? 0] as const;
  const ahead = (a: number, b: number) => {
    const [wa, ta] = key(a);
    const [wb, tb] = key(b);
    return wa < wb || (wa === wb && ta < tb);
  };
  const seats = Array.from({ length: players }, (_, seat) => seat);
  return seats
    .map((seat) => ({
      seat, total: totals[seat] ?? 0, winner: won.includes(seat),
      place: 1 + seats.filter((other) => ahead(other, seat)).length,
    }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
}

export function ordinal(place: number): string {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[place % 10] ?? "th"}`;
}

export function GameOver({ view, room, onRematch, rematchAsked, rematchOffered }: {
  view: Finished; room: string; onRematch: (() => void) | null; rematchAsked: boolean; rematchOffered: boolean;
}) {
  const last = view.results[view.results.length - 1];
  const places = placesOf(view.players.length, view.results, view.winners);
  return (
    <section class="game-over">
      <h2 id="over-title" tabIndex={-1} autoFocus>Game over</h2>
      <div class="sheet-body">
        <p class="winners">{winnersText(view, view.winners ?? [])}</p>
        <ol class="places" aria-label="Places">
          {places.map((place) => (
            <li key={place.seat} class={place.winner ? "winner" : undefined}>
              <span class="place">{ordinal(place.place)}</span>
              <span class="place-name"><span class="who">{seatName(view, place.seat)}</span>
                {place.winner && <span class="mark win">Winner</span>}</span>
              <span class="place-total">{place.total} {place.total === 1 ? "point" : "points"}</span>
            </li>
          ))}
        </ol>
        {last && (
          <details open>
            <summary>Last round: hands laid open</summary>
            <OpenHands view={view} result={last} />
          </details>
        )}
        <ScoreSheet view={view} results={view.results} caption="Final score sheet" />
      </div>
      <div class="sheet-actions">
        {onRematch && <button type="button" class="primary" onClick={onRematch} disabled={rematchAsked}>
          {rematchAsked ? "Going to the rematch..." : rematchOffered ? "Join the rematch" : "Rematch"}</button>}
        {rematchOffered && !rematchAsked && <span class="muted">Someone started a rematch.</span>}
        <a class="button" href={`/replay/${encodeURIComponent(room)}`}>Watch the replay</a>
        <a class="button" href={`/api/rooms/${encodeURIComponent(room)}/record`} download={`three-thirteen-${room}.json`}>Download the record</a>
        <a class="button" href="/">New game</a>
      </div>
    </section>
  );
}
