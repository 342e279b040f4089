import { describe, expect, it } from "vitest";
import type { Analysis } from "../src/protocol";
import { adviceText, goOutBlocker, hintLine, hintNote } from "../src/words";

// Round 2 (fours wild): 6 of clubs, 9 of clubs, Queen of diamonds, 4 of spades (wild), 5 of spades.
const analysis: Analysis = {
  deadwood: 15, melds: [["4s", "5s", "6c"]], kinds: ["set"], unmelded: ["9c", "Qd"], go_out_discards: [],
  discards: [
    { card: "Qd", deadwood: 9, out: false }, { card: "9c", deadwood: 10, out: false },
    { card: "6c", deadwood: 24, out: false },
  ],
};
const out: Analysis = {
  deadwood: 2, melds: [["7c", "7d", "7s"]], kinds: ["set"], unmelded: ["2d"], go_out_discards: ["2d"],
  discards: [{ card: "2d", deadwood: 0, out: true }, { card: "7c", deadwood: 2, out: false }],
};

describe("advice", () => {
  it("shows only the arrangement and its points unless the Best discard aid is on", () => {
    expect(adviceText(analysis, "discard", null, "4")).toBe("Best arrangement: 1 meld, 15 points unmelded.");
    expect(adviceText(analysis, "discard", "Qd", "4", { bestDiscard: false, outLegal: true }))
      .toBe("Best arrangement: 1 meld, 15 points unmelded.");
  });

  it("says what Best discard measures: the least points now", () => {
    const aids = { bestDiscard: true, outLegal: true };
    expect(adviceText(analysis, "discard", null, "4", aids))
      .toBe("Best discard for the least points now: Queen of diamonds, leaving 9 points.");
    expect(adviceText(analysis, "discard", "9c", "4", aids)).toBe("Discarding 9 of clubs leaves 10 points.");
    expect(adviceText(analysis, "draw", null, "4", aids)).toBe("Best arrangement: 1 meld, 15 points unmelded.");
  });

  it("never says you can go out when going out is not a legal move", () => {
    expect(adviceText(out, "discard", null, "K", { bestDiscard: true, outLegal: true }))
      .toBe("Best discard for the least points now: 2 of diamonds, leaving 0 points: you can go out.");
    expect(adviceText(out, "discard", null, "K", { bestDiscard: true, outLegal: false }))
      .toBe("Best discard for the least points now: 2 of diamonds, leaving 0 points.");
    expect(adviceText(out, "discard", "2d", "K", { bestDiscard: true, outLegal: false }))
      .toBe("Discarding 2 of diamonds leaves 0 points.");
  });

  it("says Hint's measure, and why Hint and Best discard may differ", () => {
    expect(hintLine([{ action: "0: discard 6c", expected: 8 }], "4"))
      .toBe("Hint: Discard 6 of clubs 8.0 (expected points at the round's end, lower is better)");
    const differ = hintNote([{ action: "0: discard 6c", expected: 8 }], analysis, true);
    expect(differ).toContain("round's end");
    expect(differ).toContain("points left now");
    expect(hintNote([{ action: "0: discard Qd", expected: 8 }], analysis, true)).toBeNull();
    expect(hintNote([{ action: "0: discard 6c", expected: 8 }], analysis, false)).toBeNull();
  });

  it("says why Go out is disabled", () => {
    const legal = ["0: discard 2d", "0: out 2d", "0: discard 7c"];
    const base = { legal, seat: 0, wild: "K", someoneOut: false };
    expect(goOutBlocker({ ...base, chosen: "2d", enabled: true })).toBeNull();
    expect(goOutBlocker({ ...base, chosen: null, enabled: false }))
      .toBe("Choose a card whose discard leaves every other card in melds");
    expect(goOutBlocker({ ...base, chosen: "7c", enabled: false })).toContain("Discarding 7 of clubs would leave cards unmelded");
    expect(goOutBlocker({ ...base, legal: ["0: discard 2d"], chosen: "2d", enabled: false, someoneOut: true }))
      .toContain("last turn");
    expect(goOutBlocker({ ...base, legal: ["0: draw stock"], chosen: null, enabled: false })).toContain("after a draw");
  });
});
