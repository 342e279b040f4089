import { describe, expect, it } from "vitest";
import { solo } from "../src/connect";
import { classify, HOLD_MS, Playback } from "../src/playback";
import type { Clock, Kind } from "../src/playback";
import type { ServerMessage, View } from "../src/protocol";
import { TableStore } from "../src/store";
import { makeView } from "./fixtures";

/** A clock the test moves by hand. */
class FakeClock implements Clock {
  time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private ids = 0;
  now(): number {
    return this.time;
  }
  schedule(run: () => void, ms: number): unknown {
    this.ids += 1;
    this.timers.push({ at: this.time + ms, run, id: this.ids });
    return this.ids;
  }
  cancel(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }
  /** Move the time on by `ms`, running the timers due on the way, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.run();
    }
    this.time = end;
  }
}

function playback(hold: () => number) {
  const clock = new FakeClock();
  const shown: { item: string; kind: Kind; at: number }[] = [];
  const queue = new Playback<string>((item, kind) => shown.push({ item, kind, at: clock.now() }), hold, clock);
  return { clock, shown, queue };
}

describe("Playback", () => {
  it("holds each other seat's move for the pace's hold, in order", () => {
    const { clock, shown, queue } = playback(() => HOLD_MS.normal);
    queue.push("a", "other");
    queue.push("b", "other");
    queue.push("c", "other");
    expect(shown.map((entry) => entry.item)).toEqual(["a"]);
    clock.advance(899);
    expect(shown).toHaveLength(1);
    clock.advance(1);
    expect(shown.map((entry) => [entry.item, entry.at])).toEqual([["a", 0], ["b", 900]]);
    clock.advance(2000);
    expect(shown.map((entry) => [entry.item, entry.at])).toEqual([["a", 0], ["b", 900], ["c", 1800]]);
    expect(queue.waiting).toBe(0);
  });

  it("shows the person's own state after everything before it, without a hold of its own", () => {
    const { clock, shown, queue } = playback(() => HOLD_MS.slow);
    queue.push("left draws", "other");
    queue.push("my answer", "own");
    queue.push("my next", "own");
    expect(shown.map((entry) => entry.item)).toEqual(["left draws"]);
    clock.advance(1600);
    expect(shown.map((entry) => [entry.item, entry.at])).toEqual([
      ["left draws", 0], ["my answer", 1600], ["my next", 1600]]);
    queue.push("mine again", "own");
    expect(shown).toHaveLength(4);
  });

  it("at pace instant shows every state as it comes", () => {
    const { shown, queue } = playback(() => HOLD_MS.instant);
    for (const item of ["a", "b", "c"]) queue.push(item, "other");
    expect(shown.map((entry) => entry.item)).toEqual(["a", "b", "c"]);
  });

  it("a state arriving after the hold is over is shown at once", () => {
    const { clock, shown, queue } = playback(() => HOLD_MS.fast);
    queue.push("a", "other");
    clock.advance(5000);
    queue.push("b", "other");
    expect(shown.map((entry) => [entry.item, entry.at])).toEqual([["a", 0], ["b", 5000]]);
  });

  it("a resync (reconnect in the middle of a playback) drops what waits and shows at once", () => {
    const { clock, shown, queue } = playback(() => HOLD_MS.normal);
    queue.push("a", "other");
    queue.push("b", "other");
    queue.push("c", "other");
    clock.advance(100);
    queue.push("now", "resync");
    expect(shown.map((entry) => [entry.item, entry.at])).toEqual([["a", 0], ["now", 100]]);
    clock.advance(5000);
    expect(shown).toHaveLength(2); // b and c never come: "now" holds them
    queue.push("d", "other");
    expect(shown.at(-1)?.item).toBe("d"); // a resync holds nothing back
  });

  it("a change of pace applies at once, to the state on screen", () => {
    let hold = HOLD_MS.slow;
    const { clock, shown, queue } = playback(() => hold);
    queue.push("a", "other");
    queue.push("b", "other");
    clock.advance(300);
    hold = HOLD_MS.instant;
    queue.paceChanged();
    expect(shown.map((entry) => [entry.item, entry.at])).toEqual([["a", 0], ["b", 300]]);
    hold = HOLD_MS.fast;
    queue.push("c", "other");
    queue.paceChanged();
    expect(shown).toHaveLength(2);
    clock.advance(450);
    expect(shown.at(-1)).toEqual({ item: "c", kind: "other", at: 750 });
  });
});

describe("classify", () => {
  const view = (changes: Partial<View>) => makeView({ seat: 0, ...changes });

  it("reads the state's action when the server names it", () => {
    const before = view({});
    expect(classify(before, view({}), "2: discard Qs")).toBe("other");
    expect(classify(before, view({}), "0: discard Qs")).toBe("own");
    expect(classify(before, view({}), null)).toBe("own"); // an undo
    expect(classify(null, view({}), "2: discard Qs")).toBe("resync");
  });

  it("reads the views without it: a new action's seat, or the seat whose discard ended the round", () => {
    const before = view({ turn: 1, actions: ["0: draw stock", "0: discard 5c"] });
    expect(classify(before, view({ actions: [...before.actions, "1: draw stock"] }))).toBe("other");
    expect(classify(before, view({ actions: ["0: draw stock"] }))).toBe("own");
    const ended = view({ round: 2, actions: [], results: [{ number: 1, wild: "3", dealer: 3, end: "out",
      out: 1, playoff: false, result: [] }] });
    expect(classify(before, ended)).toBe("other");
    expect(classify({ ...before, turn: 0 }, ended)).toBe("own");
  });
});

describe("TableStore played back", () => {
  const state = (version: number, view: View, action?: string | null): ServerMessage =>
    action === undefined ? { type: "state", version, view } : { type: "state", version, view, action };

  function table() {
    const clock = new FakeClock();
    const store = new TableStore();
    store.pacedBy(() => HOLD_MS.normal, clock);
    store.setStatus("open");
    return { clock, store };
  }

  const afterMyDiscard = makeView({ turn: 1, phase: "draw", actions: ["0: draw stock", "0: discard Kd"],
    discard_pile: ["5c", "Kd"], legal: [] });
  const leftDrew = makeView({ ...afterMyDiscard, phase: "discard",
    actions: [...afterMyDiscard.actions, "1: draw discard"], discard_pile: ["5c"],
    pickups: [{ seat: 1, card: "Kd" }] });
  const leftDiscarded = makeView({ ...leftDrew, turn: 2, phase: "draw",
    actions: [...leftDrew.actions, "1: discard 9s"], discard_pile: ["5c", "9s"] });
  const myTurn = makeView({ ...leftDiscarded, turn: 0, phase: "draw",
    actions: [...leftDiscarded.actions, "2: draw stock", "2: discard 4d", "3: draw stock", "3: discard Jh"],
    discard_pile: ["5c", "9s", "4d", "Jh"], legal: ["0: draw stock", "0: draw discard"] });

  it("shows another seat's draw and discard one after the other; the person's turn comes last", () => {
    const { clock, store } = table();
    store.receive(state(4, afterMyDiscard));
    store.receive(state(5, leftDrew, "1: draw discard"));
    store.receive(state(6, leftDiscarded, "1: discard 9s"));
    store.receive(state(7, myTurn, "3: discard Jh"));
    expect(store.version.value).toBe(5);
    expect(store.lastActions.value.get(1)?.words).toBe("took King of diamonds");
    expect(store.lastMove.value).toMatchObject({ seat: 1, from: "pile", to: "seat", card: "Kd" });
    expect(store.myTurn.value).toBe(false);
    clock.advance(900);
    expect(store.version.value).toBe(6);
    expect(store.lastActions.value.get(1)?.words).toBe("discarded 9 of spades");
    expect(store.lastMove.value).toMatchObject({ seat: 1, from: "seat", to: "pile", card: "9s" });
    expect(store.myTurn.value).toBe(false);
    clock.advance(900);
    expect(store.version.value).toBe(7);
    expect(store.myTurn.value).toBe(true);
    expect(store.lastActions.value.get(3)?.words).toBe("discarded Jack of hearts");
    const log = store.log.value.map((line) => line.text);
    expect(log.slice(-6)).toEqual(["Left took King of diamonds from the discard pile",
      "Left discarded 9 of spades", "Top drew from the stock", "Top discarded 4 of diamonds",
      "Right drew from the stock", "Right discarded Jack of hearts"]);
  });

  it("after a reconnect in the middle of a playback, shows the latest state at once and its round's every move once", () => {
    const { clock, store } = table();
    store.receive(state(4, afterMyDiscard));
    store.receive(state(5, leftDrew, "1: draw discard"));
    store.receive(state(6, leftDiscarded, "1: discard 9s"));
    store.setStatus("reconnecting");
    store.setStatus("open");
    store.receive(state(7, myTurn));
    expect(store.version.value).toBe(7);
    expect(store.myTurn.value).toBe(true);
    clock.advance(5000);
    expect(store.version.value).toBe(7);
    const moves = store.log.value.filter((line) => line.kind === "move").map((line) => line.text);
    expect(moves).toEqual(["You drew from the stock", "You discarded King of diamonds",
      "Left took King of diamonds from the discard pile", "Left discarded 9 of spades",
      "Top drew from the stock", "Top discarded 4 of diamonds",
      "Right drew from the stock", "Right discarded Jack of hearts"]);
    expect(store.log.value.filter((line) => line.kind === "round")).toHaveLength(1);
  });

  it("on the first state, writes the round's moves so far after its banner", () => {
    const store = new TableStore();
    store.receive(state(3, leftDiscarded));
    expect(store.log.value.map((line) => line.text)).toEqual([
      "Round 1 of 11: 3 cards each, Threes are wild", "You drew from the stock",
      "You discarded King of diamonds", "Left took King of diamonds from the discard pile",
      "Left discarded 9 of spades"]);
    expect([...store.lastActions.value]).toEqual([[0, { words: "discarded King of diamonds", short: "discarded K♦" }],
      [1, { words: "discarded 9 of spades", short: "discarded 9♠" }]]);
  });

  it("the person's own move and an undo wait for what is before them, and hold nothing", () => {
    const { clock, store } = table();
    store.receive(state(4, afterMyDiscard, "0: discard Kd"));
    store.receive(state(5, leftDrew, "1: draw discard"));
    store.receive(state(6, afterMyDiscard, null)); // an undo
    expect(store.version.value).toBe(5);
    clock.advance(900);
    expect(store.version.value).toBe(6);
    expect(store.lastActions.value.has(1)).toBe(false);
    store.receive(state(7, leftDrew, "0: draw stock"));
    expect(store.version.value).toBe(7);
  });

  it("takes chat_history as the whole chat", () => {
    const store = new TableStore();
    store.receive({ type: "chat", seat: 1, name: "Bob", text: "old" });
    store.receive({ type: "chat_history", messages: [{ seat: 1, name: "Bob", text: "hi" }, { seat: null, name: null, text: "yo" }] });
    expect(store.chat.value.map((line) => `${line.name}: ${line.text}`)).toEqual(["Bob: hi", "Spectator: yo"]);
  });
});

describe("solo", () => {
  const room = (kinds: string[]) => ({ room: "r", status: "playing" as const,
    seats: kinds.map((kind) => ({ kind, name: null, connected: true })) });

  it("is a room with one person: only there does a pace change go to the server", () => {
    expect(solo(room(["human", "greedy", "expert"]))).toBe(true);
    expect(solo(room(["human", "human", "greedy"]))).toBe(false);
    expect(solo(null)).toBe(false);
  });
});
