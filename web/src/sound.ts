/**
 * Sound cues (a setting, off by default): a chime when the person's turn begins, a soft
 * swish for a draw, a tap for a discard, a rising three-note phrase for a round's end.
 * They follow the view the table shows (the store's `view`, paced by its playback), so a
 * cue sounds when its move appears. Synthesized with the Web Audio API: no sound files.
 * Without audio (or before the page may play it) nothing sounds and nothing throws.
 */
import { effect } from "@preact/signals";
import type { ReadonlySignal } from "@preact/signals";
import type { View } from "./protocol";
import { sound } from "./settings";
import { parseAction } from "./words";

export type Cue = "turn" | "draw" | "discard" | "round";

type Shown = Pick<View, "seat" | "turn" | "phase" | "round" | "results" | "actions">;

/** The cue for the change from `before` to `after` (two views shown one after the other),
 * or null: a round's end first, then the person's turn beginning, else the newest action
 * (a draw, a discard or going out). The first view shown gives none. */
export function cueFor(before: Shown | null, after: Shown): Cue | null {
  if (before === null) return null;
  if (after.results.length > before.results.length) return "round";
  const myTurn = (view: Shown) => view.seat !== null && view.turn === view.seat && view.phase === "draw";
  const sameRound = after.round === before.round && after.results.length === before.results.length;
  if (myTurn(after) && !(myTurn(before) && sameRound)) return "turn";
  if (!sameRound || after.actions.length <= before.actions.length) return null;
  const action = parseAction(after.actions[after.actions.length - 1] ?? "");
  if (action === null) return null;
  return action.verb === "draw" ? "draw" : "discard";
}

/** A note: `frequency` Hz (gliding to `to`), starting `at` seconds from now, `length` long. */
interface Note {
  frequency: number;
  to?: number;
  at: number;
  length: number;
  wave: OscillatorType;
  gain: number;
}

const CUES: Record<Cue, Note[]> = {
  turn: [
    { frequency: 660, at: 0, length: 0.14, wave: "sine", gain: 0.16 },
    { frequency: 880, at: 0.12, length: 0.22, wave: "sine", gain: 0.16 },
  ],
  draw: [{ frequency: 340, to: 520, at: 0, length: 0.08, wave: "triangle", gain: 0.09 }],
  discard: [{ frequency: 240, to: 150, at: 0, length: 0.09, wave: "triangle", gain: 0.14 }],
  round: [
    { frequency: 523, at: 0, length: 0.16, wave: "sine", gain: 0.14 },
    { frequency: 659, at: 0.13, length: 0.16, wave: "sine", gain: 0.14 },
    { frequency: 784, at: 0.26, length: 0.3, wave: "sine", gain: 0.14 },
  ],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context !== null) return context;
  const Maker = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext })
    .AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (Maker === undefined) return null;
  context = new Maker();
  return context;
}

/** Play `cue` now; silently nothing when audio is unavailable. */
export function playCue(cue: Cue): void {
  try {
    const output = audio();
    if (output === null) return;
    if (output.state === "suspended") void output.resume().catch(() => undefined);
    const start = output.currentTime + 0.01;
    for (const note of CUES[cue]) {
      const oscillator = output.createOscillator();
      const gain = output.createGain();
      oscillator.type = note.wave;
      oscillator.frequency.setValueAtTime(note.frequency, start + note.at);
      if (note.to !== undefined) oscillator.frequency.linearRampToValueAtTime(note.to, start + note.at + note.length);
      // A quick rise and an exponential fall: a soft click-free note.
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.linearRampToValueAtTime(note.gain, start + note.at + 0.012);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
      oscillator.connect(gain).connect(output.destination);
      oscillator.start(start + note.at);
      oscillator.stop(start + note.at + note.length + 0.02);
    }
  } catch {
    /* no audio here (or not allowed yet): the game goes on without sound */
  }
}

/** Play the cue of each change of the shown view while the sound setting is on; returns
 * the function that stops listening. `play` is replaceable for tests. */
export function soundCues(view: ReadonlySignal<View | null>, play: (cue: Cue) => void = playCue): () => void {
  let before: View | null = null;
  return effect(() => {
    const now = view.value;
    const on = sound.value;
    if (now === null) return;
    const cue = on ? cueFor(before, now) : null;
    before = now;
    if (cue !== null) play(cue);
  });
}
