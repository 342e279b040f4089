import { describe, expect, it } from "vitest";
import type { ClientMessage } from "../src/protocol";
import { TableStore } from "../src/store";
import type { Connection } from "../src/store";
import { makeView } from "./fixtures";

class Recorder implements Connection {
  acts: { action: string; version: number }[] = [];
  requests: { type: string; version: number }[] = [];
  messages: ClientMessage[] = [];
  act(action: string, version: number): string {
    this.acts.push({ action, version });
    return `id${this.acts.length}`;
  }
  request(type: "hint" | "undo", version: number): string {
    this.requests.push({ type, version });
    return "r";
  }
  send(message: ClientMessage): boolean {
    this.messages.push(message);
    return true;
  }
}

function table() {
  const store = new TableStore();
  const connection = new Recorder();
  store.attach(connection);
  return { store, connection };
}

const texts = (store: TableStore) => store.log.value.map((line) => line.text);

describe("TableStore: views in", () => {
  it("takes the view, version, analysis and room of a state", () => {
    const { store } = table();
    store.receive({ type: "state", version: 3, view: makeView(), can_undo: true,
      analysis: { deadwood: 10, melds: [], unmelded: ["Kd"], go_out_discards: [] } });
    expect(store.version.value).toBe(3);
    expect(store.view.value?.hand).toEqual(["7h", "8h", "Kd"]);
    expect(store.analysis.value?.deadwood).toBe(10);
    expect(store.canUndo.value).toBe(true);
    expect(store.myTurn.value).toBe(true);
    expect(texts(store)).toEqual(["Round 1 of 11: 3 cards each, Threes are wild"]);
  });

  it("ignores a state older than the one it has", () => {
    const { store } = table();
    store.receive({ type: "state", version: 5, view: makeView({ stock_size: 30 }) });
    store.receive({ type: "state", version: 4, view: makeView({ stock_size: 31 }) });
    expect(store.view.value?.stock_size).toBe(30);
  });

  it("tells every new move in words, the person's own included", () => {
    const { store } = table();
    store.receive({ type: "state", version: 0, view: makeView() });
    store.receive({ type: "state", version: 1, view: makeView({ actions: ["0: draw stock"], phase: "discard" }) });
    store.receive({ type: "state", version: 2, view: makeView({ actions: ["0: draw stock", "0: discard 7h"], turn: 1 }) });
    store.receive({ type: "state", version: 4, view: makeView({
      actions: ["0: draw stock", "0: discard 7h", "1: draw discard", "1: out Qs"],
      pickups: [{ seat: 1, card: "7h" }], discard_pile: ["5c", "Qs"], out: 1, turn: 2 }) });
    expect(texts(store).slice(1)).toEqual([
      "You drew from the stock",
      "You discarded 7 of hearts",
      "Left took 7 of hearts from the discard pile",
      "Left discarded Queen of spades",
      "Left went out",
    ]);
  });

  it("at a round's end, says the last move (when the server names it), the points and the new round", () => {
    const { store } = table();
    store.receive({ type: "state", version: 9, view: makeView({ turn: 3, phase: "discard", out: 1 }) });
    store.receive({ type: "state", version: 10, action: "3: discard Kd", view: makeView({
      round: 2, wild: "4", hand: ["2c", "3c", "4c", "5c"], hand_sizes: [4, 4, 4, 4],
      results: [{ number: 1, wild: "3", dealer: 3, end: "out", out: 1, playoff: false,
        result: [{ melds: [], deadwood: ["Kd"], points: 10 }, { melds: [["7h", "8h", "9h"]], deadwood: [], points: 0 },
          { melds: [], deadwood: ["5s"], points: 5 }, { melds: [], deadwood: ["2s"], points: 2 }] }] }) });
    expect(texts(store).slice(1)).toEqual([
      "Right discarded King of diamonds",
      "Round 1 over. Left went out. Points: You 10, Left 0, Top 5, Right 2.",
      "Round 2 of 11: 4 cards each, Fours are wild",
    ]);
    expect(store.roundToShow.value?.number).toBe(1);
    store.nextRound();
    expect(store.roundToShow.value).toBeNull();
  });

  it("without the server naming it, finds the last card at the game's end or in one's own hand", () => {
    const result = (hand: string[]) => ({ number: 2, wild: "4", dealer: 3, end: "out" as const, out: 1,
      playoff: false, result: [{ melds: [], deadwood: hand, points: 10 }, { melds: [], deadwood: [], points: 0 },
        { melds: [], deadwood: [], points: 0 }, { melds: [], deadwood: [], points: 0 }] });
    const over = table().store;
    over.receive({ type: "state", version: 9, view: makeView({ round: 2, turn: 3, phase: "discard" }) });
    over.receive({ type: "state", version: 10, view: makeView({ round: 2, phase: "over", turn: null,
      discard_pile: ["5c", "Kd"], winners: [1], results: [result(["2c"])] }) });
    expect(texts(over)).toContain("Right discarded King of diamonds");
    const mine = table().store;
    mine.receive({ type: "state", version: 9, view: makeView({ turn: 0, phase: "discard", hand: ["7h", "8h", "Kd", "2c"] }) });
    mine.receive({ type: "state", version: 10, view: makeView({ round: 2, results: [result(["7h", "8h", "2c"])] }) });
    expect(texts(mine)).toContain("You discarded King of diamonds");
  });

  it("shows no old results after a reload, only those of rounds ending while watching", () => {
    const { store } = table();
    const result = { number: 1, wild: "3", dealer: 3, end: "out" as const, out: 1, playoff: false, result: [] };
    store.receive({ type: "state", version: 20, view: makeView({ round: 2, results: [result] }) });
    expect(store.roundToShow.value).toBeNull();
  });

  it("keeps chat, presence, hints, the pause and a rematch", () => {
    const { store } = table();
    store.receive({ type: "room", room: { room: "r", status: "waiting", seats: [
      { kind: "human", name: "Ann", connected: true }, { kind: "human", name: "Bob", connected: true }] } });
    store.receive({ type: "presence", connected: [true, false] });
    expect(store.room.value?.seats[1]?.connected).toBe(false);
    store.receive({ type: "chat", seat: 1, name: "Bob", text: "hi" });
    expect(store.chat.value.map((c) => c.text)).toEqual(["hi"]);
    store.receive({ type: "hint", id: "x", options: [{ action: "discard Kd", expected: 3.5 }] });
    expect(store.hint.value?.[0]?.expected).toBe(3.5);
    store.receive({ type: "pause", until: 123 });
    expect(store.pauseUntil.value).toBe(123);
    store.receive({ type: "rematch", room: "r2", seat: 1, token: "t" });
    expect(store.rematch.value).toEqual({ room: "r2", seat: 1, token: "t" });
  });

  it("shows an error's message, but not a stale version (a state follows)", () => {
    const { store } = table();
    store.receive({ type: "error", reason: "stale-version", message: "stale" });
    expect(store.error.value).toBeNull();
    store.receive({ type: "error", reason: "not-your-turn", message: "It is not your turn" });
    expect(store.error.value).toBe("It is not your turn");
  });
});

describe("TableStore: a rematch another person made", () => {
  it("is offered when the room names it, and accepted by sending rematch", () => {
    const { store, connection } = table();
    const room = { room: "r", status: "over" as const, seats: [
      { kind: "human", name: "Ann", connected: true }, { kind: "human", name: "Bob", connected: true }] };
    store.receive({ type: "room", room: { ...room, rematch: null } });
    expect(store.rematchOffered.value).toBe(false);
    store.receive({ type: "room", room: { ...room, rematch: "r2" } });
    expect(store.rematchOffered.value).toBe(true);
    store.askRematch();
    expect(connection.messages).toEqual([{ type: "rematch" }]);
    expect(store.rematchAsked.value).toBe(true);
  });
});

describe("TableStore: events told in the one log", () => {
  it("tells a refusal, but not a stale version", () => {
    const { store } = table();
    store.receive({ type: "state", version: 1, view: makeView() });
    store.receive({ type: "error", reason: "stale-version", message: "stale" });
    store.receive({ type: "error", reason: "not-your-turn", message: "It is not your turn" });
    expect(texts(store).slice(1)).toEqual(["Not done: It is not your turn"]);
  });

  it("tells the connection lost and found again, not the first connection", () => {
    const { store } = table();
    store.setStatus("open");
    store.setStatus("reconnecting");
    store.setStatus("reconnecting");
    store.setStatus("open");
    store.setStatus("closed");
    expect(texts(store)).toEqual(["Connection lost: reconnecting...", "Connected again", "Disconnected"]);
  });

  it("tells chat lines and hint answers", () => {
    const { store } = table();
    store.receive({ type: "state", version: 1, view: makeView({ wild: "K" }) });
    store.receive({ type: "chat", seat: 1, name: "Bob", text: "hi" });
    store.receive({ type: "chat", seat: null, name: null, text: "go Ann" });
    store.receive({ type: "hint", id: "x", options: [
      { action: "discard Kd", expected: 3.5 }, { action: "draw stock", expected: 6 }] });
    expect(texts(store).slice(1)).toEqual([
      "Bob says: hi", "Spectator says: go Ann",
      "Hint: Discard King of diamonds, wild 3.5, Draw from the stock 6.0 (expected points at the round's end, lower is better)",
    ]);
    expect(store.log.value.slice(1).map((line) => line.kind)).toEqual(["chat", "chat", "info"]);
  });
});

describe("TableStore: actions out", () => {
  it("sends an action at the current version, then waits for the answer", () => {
    const { store, connection } = table();
    store.receive({ type: "state", version: 8, view: makeView() });
    store.draw("stock");
    store.draw("discard"); // ignored: the first is not answered yet
    expect(connection.acts).toEqual([{ action: "draw stock", version: 8 }]);
    expect(store.waiting.value).toBe(true);
    store.receive({ type: "state", version: 9, view: makeView({ phase: "discard" }) });
    expect(store.waiting.value).toBe(false);
    store.discard("Kd", true);
    expect(connection.acts[1]).toEqual({ action: "out Kd", version: 9 });
  });

  it("sends hint, undo, next, chat (trimmed, at most 500 characters), start and rematch", () => {
    const { store, connection } = table();
    store.receive({ type: "state", version: 2, view: makeView() });
    store.askHint();
    store.undo();
    store.nextRound();
    store.say("  hello  ");
    store.say("   ");
    store.say("x".repeat(600));
    store.start();
    store.askRematch();
    expect(connection.requests).toEqual([{ type: "hint", version: 2 }, { type: "undo", version: 2 }]);
    expect(connection.messages).toEqual([
      { type: "next" }, { type: "chat", text: "hello" }, { type: "chat", text: "x".repeat(500) },
      { type: "start" }, { type: "rematch" },
    ]);
    expect(store.rematchAsked.value).toBe(true);
  });
});
