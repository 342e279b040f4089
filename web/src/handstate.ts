/** What the person is doing with their hand: the chosen card, the sort, their own order.
 * The sort the person chose (by suit, by rank, melds first: the default) is kept in this
 * browser; an order of their own lasts for the deal it was made in, and the next deal is
 * shown in the last sort chosen. */
import type { ReadonlySignal } from "@preact/signals";
import { computed, signal } from "@preact/signals";
import type { HandGroup } from "./meldgroups";
import { meldGroups } from "./meldgroups";
import type { HandItem, SortMode } from "./order";
import { arrange, moveBy, moveTo } from "./order";
import type { Analysis, Rules } from "./protocol";

/** A sort a person picks (their own order is made by moving cards instead). */
export type ChosenSort = Exclude<SortMode, "own">;
const SORT_KEY = "three-thirteen.sort";

/** The sort this browser last chose; "melds" for a new person. */
export function savedSort(): ChosenSort {
  try {
    const saved = globalThis.localStorage?.getItem(SORT_KEY);
    return saved === "suit" || saved === "rank" || saved === "melds" ? saved : "melds";
  } catch {
    return "melds";
  }
}

function saveSort(mode: ChosenSort): void {
  try {
    globalThis.localStorage?.setItem(SORT_KEY, mode);
  } catch {
    /* private mode: the sort lasts for this page */
  }
}

/** Where a hand comes from: a table's store (the standard table's, or the speed table's
 * views), and how a discard is played. */
export interface HandSource {
  readonly view: ReadonlySignal<{
    seat: number | null; hand: string[] | null; legal: string[]; rules: Rules;
    round: number; playoff: boolean; results: readonly unknown[]; wild: string | null;
  } | null>;
  readonly analysis: ReadonlySignal<Analysis | null>;
  discard(card: string, out: boolean): void;
}

export class HandState {
  /** The last sort the person chose. */
  readonly sort = signal<ChosenSort>(savedSort());
  /** The deal (see `deal`) in which the person made their own order; null: none. */
  readonly ownDeal = signal<string | null>(null);
  /** How the hand is shown now: the person's own order during the deal they made it in,
   * else the last sort chosen. */
  readonly mode = computed<SortMode>(() =>
    this.ownDeal.value !== null && this.ownDeal.value === this.deal.value ? "own" : this.sort.value);
  readonly own = signal<string[]>([]);
  readonly chosen = signal<string | null>(null);
  /** A discard that would go out, waiting for the person's answer to "Go out?". */
  readonly confirming = signal<string | null>(null);
  /** Cards tapped so far while the person puts the hand in order by tapping; null when not. */
  readonly arranging = signal<string[] | null>(null);

  /** Which deal the hand is from: the round, told apart from a playoff round. */
  readonly deal = computed(() => {
    const view = this.store.view.value;
    return view ? `${view.playoff ? "playoff" : "round"} ${view.round} after ${view.results.length}` : "";
  });

  readonly items = computed<HandItem[]>(() => {
    const view = this.store.view.value;
    const hand = view?.hand ?? [];
    const melds = this.store.analysis.value?.melds ?? [];
    return arrange(hand, this.mode.value, this.own.value, melds);
  });

  /** The hand in meld groups (the server's best arrangement) when shown "Melds first";
   * null otherwise, or while no analysis matches the hand. */
  readonly groups = computed<HandGroup[] | null>(() => {
    if (this.mode.value !== "melds") return null;
    return meldGroups(this.items.value, this.store.analysis.value, this.store.view.value?.wild ?? null);
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
    this.keepOwn([...next, ...rest]);
    this.arranging.value = rest.length === 0 ? null : next;
  }

  /** Show the hand sorted by `mode`, from now on and in the deals to come. */
  sortBy(mode: ChosenSort): void {
    this.ownDeal.value = null;
    this.sort.value = mode;
    saveSort(mode);
  }

  /** The person's own order, for the rest of this deal. */
  private keepOwn(keys: string[]): void {
    this.own.value = keys;
    this.ownDeal.value = this.deal.value;
  }

  /** Move a card by `delta` places; the hand keeps the person's own order from then on. */
  move(key: string, delta: number): void {
    const keys = this.items.value.map((item) => item.key);
    this.keepOwn(moveBy(keys, key, delta));
  }

  place(key: string, index: number): void {
    const keys = this.items.value.map((item) => item.key);
    this.keepOwn(moveTo(keys, key, index));
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
