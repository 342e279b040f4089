/** What the person is doing with their hand: the chosen card, the sort, their own order. */
import type { ReadonlySignal } from "@preact/signals";
import { computed, signal } from "@preact/signals";
import type { HandItem, SortMode } from "./order";
import { arrange, moveBy, moveTo } from "./order";
import type { Analysis, Rules } from "./protocol";

/** Where a hand comes from: a table's store (the standard table's, or the speed table's
 * views), and how a discard is played. */
export interface HandSource {
  readonly view: ReadonlySignal<{ seat: number | null; hand: string[] | null; legal: string[]; rules: Rules } | null>;
  readonly analysis: ReadonlySignal<Analysis | null>;
  discard(card: string, out: boolean): void;
}

export class HandState {
  readonly mode = signal<SortMode>("suit");
  readonly own = signal<string[]>([]);
  readonly chosen = signal<string | null>(null);
  /** A discard that would go out, waiting for the person's answer to "Go out?". */
  readonly confirming = signal<string | null>(null);
  /** Cards tapped so far while the person puts the hand in order by tapping; null when not. */
  readonly arranging = signal<string[] | null>(null);

  readonly items = computed<HandItem[]>(() => {
    const view = this.store.view.value;
    const hand = view?.hand ?? [];
    const melds = this.store.analysis.value?.melds ?? [];
    return arrange(hand, this.mode.value, this.own.value, melds);
  });

  /** The chosen card's code, if it is still in the hand. */
  readonly chosenCode = computed(() => {
    const key = this.chosen.value;
    return this.items.value.find((item) => item.key === key)?.code ?? null;
  });

  constructor(private readonly store: HandSource) {}

  choose(key: string): void {
    if (this.arranging.value !== null) {
      this.tapInOrder(key);
      return;
    }
    this.chosen.value = this.chosen.value === key ? null : key;
  }

  /** Start (or finish) ordering the hand by tapping its cards in the order wanted. */
  toggleArranging(): void {
    this.arranging.value = this.arranging.value === null ? [] : null;
  }

  private tapInOrder(key: string): void {
    const tapped = this.arranging.value ?? [];
    if (tapped.includes(key)) return;
    const next = [...tapped, key];
    const rest = this.items.value.map((item) => item.key).filter((k) => !next.includes(k));
    this.own.value = [...next, ...rest];
    this.mode.value = "own";
    this.arranging.value = rest.length === 0 ? null : next;
  }

  sortBy(mode: SortMode): void {
    if (mode === "own") this.own.value = this.items.value.map((item) => item.key);
    this.mode.value = mode;
  }

  /** Move a card by `delta` places; the hand keeps the person's own order from then on. */
  move(key: string, delta: number): void {
    const keys = this.items.value.map((item) => item.key);
    this.own.value = moveBy(keys, key, delta);
    this.mode.value = "own";
  }

  place(key: string, index: number): void {
    const keys = this.items.value.map((item) => item.key);
    this.own.value = moveTo(keys, key, index);
    this.mode.value = "own";
  }

  /** Whether discarding `code` would take the person out (from the server's analysis and legal moves). */
  goesOut(code: string | null): boolean {
    const view = this.store.view.value;
    if (code === null || view === null || view.seat === null) return false;
    if (!view.legal.includes(`${view.seat}: out ${code}`)) return false;
    const analysis = this.store.analysis.value;
    // Without the server's analysis, a legal `out` goes out only where false outs are
    // rejected (with a penalty, any card may be claimed).
    return analysis ? analysis.go_out_discards.includes(code) : view.rules["false_out"] === "reject";
  }

  canDiscard(code: string | null): boolean {
    const view = this.store.view.value;
    if (code === null || view === null || view.seat === null) return false;
    return view.legal.includes(`${view.seat}: discard ${code}`);
  }

  /** Discard the chosen card; a discard that would go out asks first. */
  discard(): void {
    const code = this.chosenCode.value;
    if (!this.canDiscard(code) || code === null) return;
    if (this.goesOut(code)) {
      this.confirming.value = code;
      return;
    }
    this.play(code, false);
  }

  goOut(): void {
    const code = this.chosenCode.value;
    if (this.goesOut(code) && code !== null) this.play(code, true);
  }

  answer(goOut: boolean): void {
    const code = this.confirming.value;
    this.confirming.value = null;
    if (code !== null) this.play(code, goOut);
  }

  /** Close "Go out?" without playing: the card stays chosen. */
  cancel(): void {
    this.confirming.value = null;
  }

  private play(code: string, out: boolean): void {
    this.chosen.value = null;
    this.store.discard(code, out);
  }
}
