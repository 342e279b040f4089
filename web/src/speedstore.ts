/**
 * A table's store that also plays speed rooms: a `state` whose view is a `SpeedView`
 * lands here (the view, the caller's deadline, the log in words); every other message
 * (room, chat, presence, pause, rematch, errors) is the standard table's.
 *
 * An action is sent with the version the store has: in a speed room any version since the
 * step began is current, so other seats' moves never make it stale. It stays pending
 * until the seat has acted (it leaves `waiting`), the step changes, or an error names it.
 */
import { batch, computed, signal } from "@preact/signals";
import type { Analysis, RoundResult, ServerMessage, SpeedState, SpeedView } from "./protocol";
import { isSpeedView } from "./protocol";
import type { Status } from "./socket";
import { asDealt, clockSkew, speedLines, stepKey, toAct } from "./speed";
import { TableStore } from "./store";
import { roundBanner } from "./words";

/** How close to the deadline a step's end counts as the caller's (ms). */
const DEADLINE_MARGIN_MS = 400;

export class SpeedStore extends TableStore {
  readonly speed = signal<SpeedView | null>(null);
  /** When the caller plays for the seats still waiting, on this machine's clock (ms). */
  readonly callDeadline = signal<number | null>(null);
  /** The step an action was sent in, while it is not answered. */
  readonly pending = signal<string | null>(null);

  readonly speedOver = computed(() => this.speed.value?.phase === "over");
  /** The seat's turn to act in this step, nothing sent yet. */
  readonly canAct = computed(() => {
    const view = this.speed.value;
    return view !== null && this.pending.value === null && toAct(view);
  });
  /** The results to show now (a round just ended and the person has not gone on). */
  readonly speedRoundToShow = computed<RoundResult | null>(() => {
    const view = this.speed.value;
    if (view === null || this.resultsSeen.value >= view.results.length) return null;
    return view.results[view.results.length - 1] ?? null;
  });
  /** The views of the speed store as the hand's source: the hand, legal moves, analysis. */
  readonly hand = {
    view: this.speed,
    analysis: this.analysis,
    discard: (card: string, out: boolean) => this.speedDiscard(card, out),
  };

  private skew = 0;
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    super();
    this.now = now;
  }

  override receive(message: ServerMessage): void {
    if (message.type === "state" && isSpeedView(message.view)) {
      batch(() => this.receiveSpeed(message as unknown as SpeedState));
      return;
    }
    // An error naming an action answers the one pending (chat's errors name none).
    if (message.type === "error" && message.id) this.pending.value = null;
    super.receive(message);
  }

  override setStatus(status: Status): void {
    // After a reconnect the state tells what was applied; the person may act again.
    if (status !== "open") this.pending.value = null;
    super.setStatus(status);
  }

  speedDraw(source: "stock" | "discard"): void {
    this.speedAct(`draw ${source}`);
  }

  speedDiscard(card: string, out = false): void {
    this.speedAct(`${out ? "out" : "discard"} ${card}`);
  }

  override nextRound(): void {
    const view = this.speed.peek();
    if (view === null) {
      super.nextRound();
      return;
    }
    this.resultsSeen.value = view.results.length;
    this.connection?.send({ type: "next" });
  }

  override dismissResults(): void {
    const view = this.speed.peek();
    if (view === null) super.dismissResults();
    else this.resultsSeen.value = view.results.length;
  }

  private speedAct(action: string): void {
    const view = this.speed.peek();
    if (this.connection === null || view === null || view.seat === null) return;
    if (this.pending.peek() !== null || !view.legal.includes(`${view.seat}: ${action}`)) return;
    this.pending.value = stepKey(view);
    this.error.value = null;
    this.connection.act(action, this.version.peek());
  }

  private receiveSpeed(message: SpeedState): void {
    const before = this.speed.peek();
    const { view } = message;
    if (before !== null && message.version < this.version.peek()) return;
    const receivedAt = this.now();
    const deadline = message.call_deadline ?? null;
    // A step that began with this very version (not one joined midway, after a reconnect).
    const began = before !== null && stepKey(before) !== stepKey(view)
      && message.version === this.version.peek() + 1;
    if (deadline !== null && began) {
      this.skew = clockSkew(deadline, receivedAt, Number(view.rules["speed_seconds"] ?? 10));
    }
    let lines: string[] = [];
    if (before === null) {
      this.resultsSeen.value = view.results.length;
      if (view.phase !== "over") lines = [roundBanner(asDealt(view))];
    } else if (message.version > this.version.peek()) {
      const ended = this.callDeadline.peek();
      const timedOut = ended !== null && receivedAt >= ended - DEADLINE_MARGIN_MS;
      lines = speedLines(before, view, timedOut && stepKey(before) !== stepKey(view));
      const roundChanged = view.results.length !== before.results.length;
      if (roundChanged && view.phase !== "over") lines.push(roundBanner(asDealt(view)));
    }
    const pending = this.pending.peek();
    if (pending !== null && (pending !== stepKey(view) || !toAct(view))) this.pending.value = null;
    this.version.value = message.version;
    this.speed.value = view;
    this.callDeadline.value = deadline === null ? null : deadline - this.skew;
    if (message.analysis !== undefined) this.analysis.value = message.analysis as Analysis | null;
    if (message.room !== undefined) this.room.value = message.room;
    if (lines.length) this.addLines(lines);
  }
}
