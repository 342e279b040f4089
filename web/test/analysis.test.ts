import { describe, expect, it } from "vitest";
import type { Analysis, Decision } from "../src/analysis";
import { actionWords, decisionNote, stepNote } from "../src/analysis";

function decision(extra: Partial<Decision>): Decision {
  return { round: 1, turn: 1, seat: 1, phase: "draw", played: "draw stock", card: null,
    best: "draw stock", played_expected: 3, best_expected: 3, lost: 0, options: 2, ...extra };
}

const analysis: Analysis = {
  format: "three-thirteen-analysis/1", judge: "expert", seed: 0, players: ["Ann", "Bob"], seats: [0, 1],
  decisions: [
    decision({ phase: "draw", played: "draw discard", card: "9h", best: "draw discard" }),
    decision({ phase: "discard", played: "discard 8h", card: "8h", best: "out Kd",
      played_expected: 12.3, best_expected: -8, lost: 20.3 }),
    decision({ turn: 2, seat: 0, played: "draw stock", best: "draw discard", played_expected: 9,
      best_expected: 4.75, lost: 4.25 }),
  ],
  rounds: [], summary: [],
};

describe("the analysis in words", () => {
  it("names actions as people say them", () => {
    expect(actionWords("draw stock")).toBe("draw from the stock");
    expect(actionWords("draw discard", "7h")).toBe("take the 7 of hearts");
    expect(actionWords("draw discard")).toBe("take the top discard");
    expect(actionWords("discard Kh")).toBe("discard the King of hearts");
    expect(actionWords("out Ts", null, "T")).toBe("go out with the 10 of spades, wild");
  });
  it("notes each step with what it lost and the best option", () => {
    expect(stepNote(analysis, 1, 1)).toBe(
      "draw: best; discard: lost 20.3, best: go out with the King of diamonds");
    expect(stepNote(analysis, 1, 2)).toBe("draw: lost 4.3, best: take the top discard");
    expect(stepNote(analysis, 2, 1)).toBeNull();
    expect(decisionNote(decision({ lost: null, played_expected: null }))).toBe("draw: not judged");
  });
});
