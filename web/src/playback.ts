/**
 * The playback of a table's states: every `state` from the server passes through here on
 * its way to the screen, so that a person can follow each move of the other seats.
 *
 * - Another seat's move ("other") stays on screen for at least the pace's hold before the
 *   next state is shown.
 * - The person's own moves and the answers to their requests ("own") are shown as soon as
 *   everything before them has been shown.
 * - The first state after a (re)connect ("resync") drops whatever waits and is shown at once.
 *
 * A change of pace applies at once: the hold of the state on screen is measured again.
 * Nothing here knows the game: `classify` reads two views to tell whose move made a state.
 */
import type { Pace } from "./settings";

/** How long another seat's move stays on screen before the next state (ms). */
export const HOLD_MS: Readonly<Record<Pace, number>> = {
  slow: 1600, normal: 900, fast: 450, instant: 0,
};

/** Whose move a state shows, for its pacing. */
export type Kind = "other" | "own" | "resync";

export interface Clock {
  now(): number;
  schedule(run: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
}

const REAL_CLOCK: Clock = {
  now: () => performance.now(),
  schedule: (run, ms) => setTimeout(run, ms),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Playback<T> {
  private readonly queue: { item: T; kind: Kind }[] = [];
  private timer: unknown = null;
  private shownAt = Number.NEGATIVE_INFINITY;
  private shownKind: Kind = "resync";

  /**
   * @param show puts a state on screen (called in order, once each)
   * @param hold the hold of another seat's move now (ms): read at each step, so a change
   *   of pace applies at once
   */
  constructor(
    private readonly show: (item: T, kind: Kind) => void,
    private readonly hold: () => number,
    private readonly clock: Clock = REAL_CLOCK,
  ) {}

  /** States waiting to be shown. */
  get waiting(): number {
    return this.queue.length;
  }

  push(item: T, kind: Kind): void {
    if (kind === "resync") {
      this.queue.length = 0;
      this.stopTimer();
      this.display(item, kind);
      return;
    }
    this.queue.push({ item, kind });
    this.pump();
  }

  /** The pace changed: the state on screen is held for the new pace's hold. */
  paceChanged(): void {
    this.pump();
  }

  /** Drop everything waiting (the table is closed). */
  clear(): void {
    this.queue.length = 0;
    this.stopTimer();
  }

  private pump(): void {
    this.stopTimer();
    while (this.queue.length > 0) {
      const due = this.shownKind === "other" ? this.shownAt + this.hold() : Number.NEGATIVE_INFINITY;
      const wait = due - this.clock.now();
      if (wait > 0) {
        this.timer = this.clock.schedule(() => {
          this.timer = null;
          this.pump();
        }, wait);
        return;
      }
      const next = this.queue.shift()!;
      this.display(next.item, next.kind);
    }
  }

  private display(item: T, kind: Kind): void {
    this.shownAt = this.clock.now();
    this.shownKind = kind;
    this.show(item, kind);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.clock.cancel(this.timer);
    this.timer = null;
  }
}

/** What `classify` reads of a view. */
export interface Moves {
  seat: number | null;
  round: number;
  turn: number | null;
  actions: string[];
  results: unknown[];
}

const SEAT = /^\s*(\d+)\s*:/;

/**
 * Whose move turned view `before` into `after`: "other" when another seat's action made it,
 * else "own" (the person's action, an undo, a state that changed no move). `action` is the
 * state's own notation of it ("2: discard Qs"), when the server sends it.
 */
export function classify(before: Moves | null, after: Moves, action?: string | null): Kind {
  if (before === null) return "resync";
  let seat: number | null = null;
  const named = action ? SEAT.exec(action) : null;
  if (named) {
    seat = Number(named[1]);
  } else if (action === undefined) {
    // No notation from the server: read the views.
    if (after.round === before.round && after.results.length === before.results.length) {
      if (after.actions.length > before.actions.length) {
        const last = SEAT.exec(after.actions[after.actions.length - 1] ?? "");
        seat = last ? Number(last[1]) : null;
      }
    } else if (after.results.length > before.results.length) {
      seat = before.turn; // the discard that ended the round
    }
  }
  return seat !== null && seat !== after.seat ? "other" : "own";
}
