import { describe, expect, it } from "vitest";
import { arrange, keyed, moveBy, moveTo } from "../src/order";

describe("hand order", () => {
  it("keys repeated cards by copy", () => {
    expect(keyed(["7h", "7h", "8h"]).map((i) => i.key)).toEqual(["7h#0", "7h#1", "8h#0"]);
  });
  it("puts the analysis' melds first as the server lays them out, then the rest by rank", () => {
    const items = arrange(["Kd", "9h", "2c", "7h", "8h"], "melds", [], [["7h", "8h", "9h"]]);
    expect(items.map((i) => i.code)).toEqual(["7h", "8h", "9h", "2c", "Kd"]);
    // A wild stays in the slot it fills (Kings wild: 7, King as 8, 9 of hearts).
    const wild = arrange(["9h", "Ks", "7h", "3c"], "melds", [], [["7h", "Ks", "9h"]]);
    expect(wild.map((i) => i.code)).toEqual(["7h", "Ks", "9h", "3c"]);
  });
  it("keeps the person's own order and appends new cards", () => {
    const own = ["Kd#0", "7h#0", "8h#0"];
    expect(arrange(["7h", "8h", "Kd", "2c"], "own", own, []).map((i) => i.code))
      .toEqual(["Kd", "7h", "8h", "2c"]);
    expect(arrange(["7h", "2c"], "own", own, []).map((i) => i.code)).toEqual(["7h", "2c"]);
  });
  it("moves a card by places and to an index, clamped", () => {
    expect(moveBy(["a", "b", "c"], "a", 1)).toEqual(["b", "a", "c"]);
    expect(moveBy(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(moveTo(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
    expect(moveTo(["a", "b", "c"], "x", 0)).toEqual(["a", "b", "c"]);
  });
});
