/** A finished game turn by turn, every hand visible: ←/→ step, Home/End jump. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameRecord } from "../api";
import { getRecord, recordUrl } from "../api";
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
  useEffect(() => {
    getRecord(room).then((data) => {
      setRecord(data);
      setFrames(framesOf(data));
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
        <span class="step">Step {at + 1} of {frames.length}: round {round.number}, turn {frame.turn}</span>
        <button type="button" onClick={() => setAt(at + 1)} disabled={at === frames.length - 1}>Next</button>
        <button type="button" onClick={() => setAt(frames.length - 1)} disabled={at === frames.length - 1}>Last</button>
      </nav>
      <div class="replay-now">
        <div class="replay-piles">
          <Stock size={frame.stock} />
          <DiscardPile pile={frame.pile} wild={wild} />
        </div>
        <div>
          <p class="replay-text">{frame.text}</p>
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
              <ul class="meld" aria-label={`${record.players[seat]}'s hand: ${hand.map((c) => cardName(c, wild)).join(", ")}`}>
                {hand.map((code, i) => <li key={i}><CardFace code={code} wild={wild} /></li>)}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <ScoreSheet view={view} results={results} />
    </main>
  );
}
