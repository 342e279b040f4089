/** A finished game turn by turn, every hand visible: ←/→ step, Home/End jump. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameRecord } from "../api";
import { getRecord, recordUrl } from "../api";
import type { Analysis } from "../analysis";
import { actionWords, getAnalysis, points, stepNote } from "../analysis";
import { cardName } from "../cards";
import { framesOf } from "../replay";
import type { Frame } from "../replay";
import { CardFace } from "./Card";
import { DiscardPile, Stock } from "./Piles";
import { OpenHands } from "./Results";
import { ScoreSheet } from "./ScoreSheet";

export function ReplayPage({ room }: { room: string }) {
  const [record, setRecord] = useState<GameRecord | null>(null);
  const [frames, setFrames] = useState<Frame[]>([]);
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | string | null>(null); // text: why not
  useEffect(() => {
    getRecord(room).then((data) => {
      setRecord(data);
      setFrames(framesOf(data));
      // Asked once the record is there: the game is over, so nothing hidden is judged.
      getAnalysis(room).then(setAnalysis)
        .catch((problem: unknown) => setAnalysis(`The analysis is not available: ${(problem as Error).message}`));
    }).catch((problem: unknown) => setError((problem as Error).message));
  }, [room]);
  // The last frame's index, read by the key handler when a key arrives: the handler is
  // registered once, so a key pressed before a later render's effects ran still counts.
  const lastFrame = useRef(-1);
  lastFrame.current = frames.length - 1;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
      const last = lastFrame.current;
      const moves: Record<string, (at: number) => number> = {
        ArrowLeft: (at) => at - 1, ArrowRight: (at) => at + 1, Home: () => 0, End: () => last,
      };
      const move = moves[event.key];
      if (move !== undefined && last >= 0) {
        event.preventDefault();
        setAt((at) => Math.max(0, Math.min(last, move(at))));
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (error) return <main class="message-page" id="main"><h1>Replay</h1><p class="error-line" role="alert">{error}</p><a class="button" href="/">Back to the lobby</a></main>;
  const frame = frames[at];
  if (!record || !frame) return <main class="message-page" id="main"><h1>Replay</h1><p>Loading the record...</p></main>;
  const round = record.rounds[frame.round]!;
  const wild = round.wild;
  const view = { players: record.players, seat: null };
  const results = record.rounds.slice(0, frame.result ? frame.round + 1 : frame.round).map((r) => ({
    number: r.number, wild: r.wild, dealer: r.dealer, end: r.end, out: r.out, playoff: r.playoff === true, result: r.result,
    ...(r.outs ? { outs: r.outs } : {}),
  }));
  return (
    <main class="replay" id="main">
      <header class="replay-head">
        <h1>Replay</h1>
        <a class="button small" href="/">Lobby</a>
        <a class="button small" href={recordUrl(room)} download={`three-thirteen-${room}.json`}>Download the record</a>
      </header>
      <nav class="replay-controls" aria-label="Step through the game">
        <button type="button" onClick={() => setAt(0)} disabled={at === 0}>First</button>
        <button type="button" onClick={() => setAt(at - 1)} disabled={at === 0}>Previous</button>
        <span class="step">Step {at + 1} of {frames.length}: round {round.number}, {frame.call !== undefined ? `call ${frame.call}` : `turn ${frame.turn}`}</span>
        <button type="button" onClick={() => setAt(at + 1)} disabled={at === frames.length - 1}>Next</button>
        <button type="button" onClick={() => setAt(frames.length - 1)} disabled={at === frames.length - 1}>Last</button>
      </nav>
      <div class="replay-now">
        <div class="replay-piles">
          <Stock size={frame.stock} />
          {!frame.piles && <DiscardPile pile={frame.pile} wild={wild} />}
        </div>
        <div>
          <p class="replay-text">{frame.text}</p>
          <StepNote analysis={analysis} round={round.number} turn={frame.mover === null ? null : frame.turn} wild={wild} />
          <p class="muted">Keys: ← and → step, Home and End jump.</p>
        </div>
      </div>
      {frame.result ? (
        <OpenHands view={view} result={{ ...results[results.length - 1]! }} />
      ) : (
        <ul class="open-hands">
          {frame.hands.map((hand, seat) => (
            <li key={seat} class={frame.mover === seat ? "went-out" : undefined}>
              <h2 class="h3">{record.players[seat]} <span class="points">{frame.totals[seat]} pts</span></h2>
              <div class="laid">
                <ul class="meld" aria-label={`${record.players[seat]}'s hand: ${hand.map((c) => cardName(c, wild)).join(", ")}`}>
                  {hand.map((code, i) => <li key={i}><CardFace code={code} wild={wild} /></li>)}
                </ul>
                {frame.piles && <DiscardPile pile={frame.piles[seat] ?? []} wild={wild} name={`${record.players[seat] ?? `Seat ${seat + 1}`}'s pile`} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ScoreSheet view={view} results={results} />
      <AnalysisSummary analysis={analysis} record={record} />
    </main>
  );
}

/** The judge's word on the step shown: "Analysis: draw: best; discard: lost 4.2, best: ...". */
function StepNote({ analysis, round, turn, wild }: {
  analysis: Analysis | string | null; round: number; turn: number | null; wild: string | null;
}) {
  if (analysis === null || typeof analysis === "string" || turn === null) return null;
  const note = stepNote(analysis, round, turn, wild);
  return note === null ? null : <p class="replay-note">Analysis: {note}.</p>;
}

/** Each seat's points lost to better play, and its biggest mistake. */
function AnalysisSummary({ analysis, record }: { analysis: Analysis | string | null; record: GameRecord }) {
  const wild = (round: number) => record.rounds[round - 1]?.wild ?? null;
  return (
    <section class="replay-analysis" aria-labelledby="analysis-heading">
      <h2 id="analysis-heading">Analysis</h2>
      {analysis === null ? <p>Analysing the game...</p>
        : typeof analysis === "string" ? <p>{analysis}</p>
        : <>
          <p class="muted">Every draw and discard judged by {analysis.judge} from what that player could see; points lost are expected points, against the judge's best option.</p>
          <ul class="analysis-summary">
            {analysis.summary.map((seat) => (
              <li key={seat.seat}>
                <strong>{seat.name}</strong>: lost {points(seat.lost)} points in {seat.decisions} decisions
                {seat.worst !== null && <>; the biggest: round {seat.worst.round}, turn {seat.worst.turn}, {actionWords(seat.worst.played, seat.worst.card, wild(seat.worst.round))} (lost {points(seat.worst.lost)}; best: {actionWords(seat.worst.best, null, wild(seat.worst.round))})</>}.
              </li>
            ))}
          </ul>
        </>}
    </section>
  );
}
