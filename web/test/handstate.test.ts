import { describe, expect, it } from "vitest";
import { HandState } from "../src/handstate";
import { TableStore } from "../src/store";
import { makeView } from "./fixtures";

describe("HandState", () => {
  function hand(cards: string[], legal: string[] = [], goOut: string[] = []) {
    const store = new TableStore();
    const sent: string[] = [];
    store.attach({ act: (a) => { sent.push(a); return "1"; }, request: () => "r", send: () => true });
    store.receive({ type: "state", version: 1, view: makeView({ hand: cards, phase: "discard", legal }),
      analysis: { deadwood: 0, melds: [], unmelded: [], go_out_discards: goOut } });
    return { state: new HandState(store), sent };
  }

  it("orders the hand by the cards tapped, the rest after", () => {
    const { state } = hand(["2c", "3c", "4c", "5c"]);
    state.toggleArranging();
    state.choose("4c#0");
    state.choose("2c#0");
    expect(state.items.value.map((i) => i.code)).toEqual(["4c", "2c", "3c", "5c"]);
    expect(state.chosen.value).toBeNull();
    state.choose("5c#0");
    state.choose("3c#0");
    expect(state.arranging.value).toBeNull(); // every card placed: done
    expect(state.items.value.map((i) => i.code)).toEqual(["4c", "2c", "5c", "3c"]);
  });

  it("asks before a discard that would go out, and plays what the person answers", () => {
    const { state, sent } = hand(["7h", "8h", "9h", "Kd"], ["0: discard Kd", "0: out Kd", "0: discard 7h"], ["Kd"]);
    state.choose("7h#0");
    expect(state.goesOut(state.chosenCode.value)).toBe(false);
    state.choose("Kd#0");
    expect(state.goesOut("Kd")).toBe(true);
    state.discard();
    expect(state.confirming.value).toBe("Kd");
    expect(sent).toEqual([]);
    state.answer(true);
    expect(sent).toEqual(["out Kd"]);
  });

  it("offers nothing the server's legal moves do not allow", () => {
    const { state, sent } = hand(["7h", "Kd"], []);
    state.choose("Kd#0");
    expect(state.canDiscard("Kd")).toBe(false);
    state.discard();
    state.goOut();
    expect(sent).toEqual([]);
  });
});
