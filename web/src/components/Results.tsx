/** The end of a round: every hand laid open in its best arrangement, with its points,
 * then the score sheet; and the end of the game. */
import { cardName } from "../cards";
import type { BaseView, RoundResult, View } from "../protocol";
import { outsOf, roundSummary, seatName, winnersText } from "../words";
import { CardFace } from "./Card";
import { Dialog } from "./Dialog";
import { ScoreSheet } from "./ScoreSheet";

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
            {seat.deadwood.length > 0 && seat.melds.length > 0 && <span class="group-label">unmelded:</span>}
            {seat.deadwood.length > 0 && (
              <ul class="meld deadwood" aria-label={`Unmelded: ${seat.deadwood.map((code) => cardName(code, wild)).join(", ")}`}>
                {seat.deadwood.map((code, c) => <li key={c}><CardFace code={code} wild={wild} /></li>)}
              </ul>
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
      <div class="sheet">
        <h2 id="results-title">Round {result.number} results</h2>
        <p class="summary">{roundSummary(view, result)}</p>
        <OpenHands view={view} result={result} />
        <ScoreSheet view={view} results={view.results} />
        <div class="sheet-actions">
          <button type="button" class="primary" onClick={onNext} autoFocus>Next round</button>
          {seconds !== null && <span class="muted">The next round starts by itself in about {seconds} s.</span>}
        </div>
      </div>
    </Dialog>
  );
}

export function GameOver({ view, room, onRematch, rematchAsked, rematchOffered }: {
  view: Finished; room: string; onRematch: (() => void) | null; rematchAsked: boolean; rematchOffered: boolean;
}) {
  const last = view.results[view.results.length - 1];
  return (
    <section class="game-over">
      <h2 id="over-title">Game over</h2>
      <p class="winners">{winnersText(view, view.winners ?? [])}</p>
      {last && (
        <details open>
          <summary>Last round: hands laid open</summary>
          <OpenHands view={view} result={last} />
        </details>
      )}
      <ScoreSheet view={view} results={view.results} caption="Final score sheet" />
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
