import { describe, expect, it } from "vitest";
import { readRuleNumber } from "../src/ruleinput";

const rounds = { name: "rounds", kind: "number", min: 1, max: 11 };
const decks = { name: "decks", kind: "number-or", min: 1, max: 16, word: "auto" };
const wildPenalty = { name: "wild_penalty", kind: "number-or", min: 0, max: 1000, word: null };

describe("a number typed into a rules field", () => {
  it("reads a whole number in range, or the option's word", () => {
    expect(readRuleNumber(" 7 ", rounds)).toEqual({ ok: true, value: 7 });
    expect(readRuleNumber("auto", decks)).toEqual({ ok: true, value: "auto" });
    expect(readRuleNumber("none", wildPenalty)).toEqual({ ok: true, value: null });
    expect(readRuleNumber("", wildPenalty)).toEqual({ ok: true, value: null });
  });

  it("says what is wrong with anything else", () => {
    expect(readRuleNumber("abc", rounds)).toEqual({ ok: false, error: '"abc" is not a whole number from 1 to 11.' });
    expect(readRuleNumber("2.5", decks)).toEqual({ ok: false, error: '"2.5" is not a whole number from 1 to 16 or "auto".' });
    expect(readRuleNumber("12", rounds)).toEqual({ ok: false, error: "12 is out of range: give a whole number from 1 to 11." });
    expect(readRuleNumber("", rounds)).toEqual({ ok: false, error: "Nothing is not a whole number from 1 to 11." });
  });
});
