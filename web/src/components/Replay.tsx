/** A finished game laid out as a table, every hand open, step by step: each draw and each
 * discard is a step (the card drawn marked), a round can be chosen, and the analysis'
 * lines jump to their step. ←/→ step, Home/End jump. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameRecord } from "../api";
import { getRecord, recordUrl } from "../api";
import type { Analysis, Brief } from "../analysis";
import { actionWords, decisionNote, decisionsAt, getAnalysis, points } from "../analysis";
import { cardName } from "../cards";
import { frameAt, framesOf, roundStarts } from "../replay";
import type { Frame } from "../replay";
import { CardFace } from "./Card";
import { DiscardPile, Stock } from "./Piles";
import { OpenHands } from "./Results";
import { ScoreSheet } from "./ScoreSheet";

/** Where the seats sit around the replay's table: seat 0 at the bottom, then clockwise up
 * the left side, along the top and down the right side. */
export function tableSides(players: number): { bottom: number[]; left: number[]; top: number[]; right: number[] } {
  const others = Array.from({ length: Math.max(0, players - 1) }, (_, i) => i + 1);
  const side = Math.round(others.length / 3);
  return {
    bottom: players > 0 ? [0] : [],
    left: others.slice(0, side),
    top: others.slice(side, others.length - side),
    right: others.slice(others.length - side),
  };
}

export function ReplayPage({ room }: { room: string }) {
  const [record, setRecord] = useState<GameRecord | null>(null);
  const [frames, setFrames] = useState<Frame[]>([]);
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | string | null>(null); // text: why not
  const top = useRef<HTMLElement>(null);
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
  const starts = roundStarts(frames);
  /** Go to a step and bring the table into view. */
  const jump = (index: number) => {
    if (index < 0) return;
    setAt(index);
    top.current?.scrollIntoView({ block: "start" });
  };
  const where = frame.call !== undefined ? `call ${frame.call}`
    : frame.turn === 0 ? "the deal"
    : frame.result ? "the round's end"
    : `turn ${frame.turn}, ${frame.phase === "draw" ? "the draw" : "the discard"}`;
  const sides = tableSides(record.players.length);
  const seatBox = (seat: number) => (
    <ReplaySeat key={seat} record={record} frame={frame} seat={seat} wild={wild} dealer={round.dealer === seat} />
  );
  return (
    <main class="replay" id="main">
      <header class="replay-head">
        <h1>Replay</h1>
        <a class="button small" href="/">Lobby</a>
        <a class="button small" href={recordUrl(room)} download={`three-thirteen-${room}.json`}>Download the record</a>
      </header>
      <nav class="replay-controls" aria-label="Step through the game" ref={top}>
        <button type="button" class="small" onClick={() => setAt(0)} disabled={at === 0}>First</button>
        <button type="button" class="small" onClick={() => setAt(at - 1)} disabled={at === 0}>Previous</button>
        <button type="button" class="small" onClick={() => setAt(at + 1)} disabled={at === frames.length - 1}>Next</button>
        <button type="button" class="small" onClick={() => setAt(frames.length - 1)} disabled={at === frames.length - 1}>Last</button>
        <label class="replay-round">Round
          <select value={String(frame.round)} onChange={(event) => {
            const index = Number((event.target as HTMLSelectElement).value);
            setAt(starts[index] ?? 0);
          }}>
            {record.rounds.map((r, index) => (
              <option key={index} value={String(index)}>{r.playoff ? "Playoff" : `${r.number} of ${record.rounds.length}`}</option>
            ))}
          </select>
        </label>
        <span class="step" aria-live="polite">Step {at + 1} of {frames.length}: round {round.number}, {where}</span>
      </nav>
      <p class="muted replay-keys">Keys: ← and → step, Home and End jump.</p>
      <div class={`replay-table${frame.result ? " replay-result" : ""}`}>
        <div class="replay-center">
          <div class="replay-piles">
            <Stock size={frame.stock} />
            {!frame.piles && <DiscardPile pile={frame.pile} wild={wild} />}
          </div>
          <p class="replay-text">{frame.text}</p>
          <StepNote analysis={analysis} frame={frame} round={round.number} wild={wild} />
        </div>
        {frame.result ? (
          <div class="replay-reveal"><OpenHands view={view} result={{ ...results[results.length - 1]! }} /></div>
        ) : (
          <>
            <div class="replay-side side-top">{sides.top.map(seatBox)}</div>
            <div class="replay-side side-left">{[...sides.left].reverse().map(seatBox)}</div>
            <div class="replay-side side-right">{sides.right.map(seatBox)}</div>
            <div class="replay-side side-bottom">{sides.bottom.map(seatBox)}</div>
          </>
        )}
      </div>
      {results.length > 0 && <ScoreSheet view={view} results={results} />}
      <AnalysisSummary analysis={analysis} record={record}
        onJump={(brief) => jump(frameAt(frames, brief.round - 1, brief.turn, brief.phase))} />
    </main>
  );
}

/** One seat at the replay's table: its name, total, and open hand; the card just drawn is
 * raised and marked. */
function ReplaySeat({ record, frame, seat, wild, dealer }: {
  record: GameRecord; frame: Frame; seat: number; wild: string | null; dealer: boolean;
}) {
  const name = record.players[seat] ?? `Seat ${seat + 1}`;
  const hand = frame.hands[seat] ?? [];
  const moving = frame.mover === seat;
  const drawnAt = moving && frame.phase === "draw" ? hand.length - 1 : -1;
  const said = hand.map((code, i) => `${cardName(code, wild)}${i === drawnAt ? " (just drawn)" : ""}`).join(", ");
  return (
    <section class={`replay-seat${moving ? " moving" : ""}`} aria-labelledby={`replay-seat-${seat}`}>
      <h2 class="h3" id={`replay-seat-${seat}`}>{name} <span class="points">{frame.totals[seat]} pts</span>
        {dealer && <span class="mark dealer">Dealer</span>}
        {moving && <span class="mark turn">{frame.phase === "draw" ? "Drew" : "Discarded"}</span>}</h2>
      <ul class="meld replay-hand" aria-label={`${name}'s hand: ${said || "no cards"}`}>
        {hand.map((code, i) => (
          <li key={`${code}-${i}`} class={i === drawnAt ? "drawn" : undefined}><CardFace code={code} wild={wild} /></li>
        ))}
      </ul>
      {frame.piles && <DiscardPile pile={frame.piles[seat] ?? []} wild={wild} name={`${name}'s pile`} />}
    </section>
  );
}

/** The judge's word on the step shown: "Analysis: draw: best." or "Analysis: discard: lost
 * 4.2, best: ...". */
function StepNote({ analysis, frame, round, wild }: {
  analysis: Analysis | string | null; frame: Frame; round: number; wild: string | null;
}) {
  if (analysis === null || typeof analysis === "string" || frame.mover === null) return null;
  const found = decisionsAt(analysis, round, frame.turn).filter((d) => frame.phase === undefined || d.phase === frame.phase);
  if (found.length === 0) return null;
  return <p class="replay-note">Analysis: {found.map((d) => decisionNote(d, wild)).join("; ")}.</p>;
}

/** Each seat's points lost to better play and its biggest mistake, then each round's;
 * every mistake is a button to its step. */
function AnalysisSummary({ analysis, record, onJump }: {
  analysis: Analysis | string | null; record: GameRecord; onJump: (brief: Brief) => void;
}) {
  const wild = (round: number) => record.rounds[round - 1]?.wild ?? null;
  const name = (seat: number) => record.players[seat] ?? `Seat ${seat + 1}`;
  const link = (brief: Brief, text: string) => (
    <button type="button" class="link" onClick={() => onJump(brief)}>{text}</button>
  );
  return (
    <section class="replay-analysis" aria-labelledby="analysis-heading">
      <h2 id="analysis-heading">Analysis</h2>
      {analysis === null ? <p>Analysing the game...</p>
        : typeof analysis === "string" ? <p>{analysis}</p>
        : <>
          <p class="muted">Every draw and discard judged by {analysis.judge} from what that player could see; points lost are expected points, against the judge's best option. Each mistake below goes to its step.</p>
          <ul class="analysis-summary">
            {analysis.summary.map((seat) => (
              <li key={seat.seat}>
                <strong>{seat.name}</strong>: lost {points(seat.lost)} points in {seat.decisions} decisions
                {seat.worst !== null && <>; the biggest: {link(seat.worst, `round ${seat.worst.round}, turn ${seat.worst.turn}, ${actionWords(seat.worst.played, seat.worst.card, wild(seat.worst.round))}`)} (lost {points(seat.worst.lost)}; best: {actionWords(seat.worst.best, null, wild(seat.worst.round))})</>}.
              </li>
            ))}
          </ul>
          <h3>Round by round</h3>
          <ul class="analysis-rounds">
            {analysis.rounds.map((round) => {
              const worst = round.seats.filter((seat) => seat.worst !== null && seat.worst.lost >= 0.05);
              return (
                <li key={round.round}>
                  <strong>Round {round.round}</strong>: {worst.length === 0 ? "no point lost." : worst.map((seat, i) => (
                    <span key={seat.seat}>{i > 0 && "; "}{name(seat.seat)} lost {points(seat.lost)}, the biggest at {link(seat.worst!, `turn ${seat.worst!.turn}, ${actionWords(seat.worst!.played, seat.worst!.card, wild(round.round))}`)}</span>
                  ))}
                </li>
              );
            })}
          </ul>
        </>}
    </section>
  );
}
