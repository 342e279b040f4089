import { beforeEach, describe, expect, it, vi } from "vitest";
import { HandState } from "../src/handstate";
import { TableStore } from "../src/store";
import { makeView } from "./fixtures";

/** A localStorage of the test's own (the tests run in Node). */
function memoryStorage(): Pick<Storage, "getItem" | "setItem" | "clear"> {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => { data.set(key, String(value)); },
    clear: () => data.clear(),
  };
}

describe("HandState", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
  });

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

  it("shows a new person's hand melds first, in the server's groups", () => {
    const store = new TableStore();
    store.receive({ type: "state", version: 1, view: makeView({ hand: ["Kd", "7h", "9h", "8h"] }),
      analysis: { deadwood: 10, melds: [["7h", "8h", "9h"]], kinds: ["run"], unmelded: ["Kd"], go_out_discards: [] } });
    const state = new HandState(store);
    expect(state.mode.value).toBe("melds");
    expect(state.groups.value?.map((g) => g.name)).toEqual(["Run of hearts, 7 to 9", "Unmelded: 10 points"]);
    state.sortBy("suit");
    expect(state.groups.value).toBeNull();
  });

  it("keeps a person's own order for the deal, then shows the next deal in the last sort chosen", () => {
    const store = new TableStore();
    const deal = (round: number, cards: string[], version: number) => store.receive({
      type: "state", version, view: makeView({ hand: cards, round }),
      analysis: { deadwood: 0, melds: [], unmelded: cards, go_out_discards: [] } });
    deal(1, ["Kd", "2c", "7h"], 1);
    const state = new HandState(store);
    state.sortBy("rank");
    state.place("Kd#0", 0);
    expect(state.mode.value).toBe("own");
    expect(state.items.value.map((i) => i.code)).toEqual(["Kd", "2c", "7h"]);
    deal(2, ["Qs", "3d", "9c", "4h"], 2);
    expect(state.mode.value).toBe("rank");
    expect(state.items.value.map((i) => i.code)).toEqual(["3d", "4h", "9c", "Qs"]);
    // The sort chosen is remembered by this browser: a new table starts with it.
    expect(new HandState(store).mode.value).toBe("rank");
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
