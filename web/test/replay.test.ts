import { describe, expect, it } from "vitest";
import type { GameRecord } from "../src/api";
import { frameAt, framesOf, roundStarts } from "../src/replay";

// A hand-made 2-seat record of one round: Ann draws from the stock and discards, Bob takes
// her discard and goes out.
const record: GameRecord = {
  format: "three-thirteen-record/1", rules: { rounds: 1, players: 2 }, seed: null,
  players: ["Ann", "Bob"],
  rounds: [{
    number: 1, wild: "3", dealer: 1,
    deal: { hands: [["7h", "8h", "Kd"], ["4c", "5c", "Js"]], upcard: "2d", stock: ["9h", "Qc", "Ad"] },
    turns: [
      { seat: 0, draw: "stock", card: "9h", discard: "Kd", out: false },
      { seat: 1, draw: "discard", card: "Kd", discard: "Js", out: true },
    ],
    end: "out", out: 1,
    result: [{ melds: [["7h", "8h", "9h"]], deadwood: [], points: 0 },
      { melds: [], deadwood: ["4c", "5c", "Kd"], points: 19 }],
  }],
  totals: [0, 19],
  winners: [0],
} as unknown as GameRecord;

describe("the replay of a turn game", () => {
  const frames = framesOf(record);

  it("has a step per action: the deal, each draw, each discard, the result", () => {
    expect(frames.map((f) => [f.turn, f.phase ?? null, f.result])).toEqual([
      [0, null, false], [1, "draw", false], [1, "discard", false],
      [2, "draw", false], [2, "discard", false], [2, null, true],
    ]);
    expect(frames.map((f) => f.text)).toEqual([
      "Round 1: 3 cards each, Threes wild; Bob dealt.",
      "Ann drew 9 of hearts from the stock.",
      "Ann discarded King of diamonds.",
      "Bob took King of diamonds from the discard pile.",
      "Bob discarded Jack of spades and went out.",
      "Round 1 over: Bob went out. Ann 0, Bob 19.",
    ]);
  });

  it("marks the card drawn, last in the mover's hand, and moves the piles", () => {
    const draw = frames[3]!;
    expect(draw.mover).toBe(1);
    expect(draw.drawn).toBe("Kd");
    expect(draw.hands[1]).toEqual(["4c", "5c", "Js", "Kd"]);
    expect(draw.pile).toEqual(["2d"]);
    expect(frames[1]!.stock).toBe(2);
    expect(frames[4]!.drawn).toBeUndefined();
    expect(frames[4]!.pile).toEqual(["2d", "Js"]);
    expect(frames[4]!.hands[1]).toEqual(["4c", "5c", "Kd"]);
  });

  it("finds a round's first step and an action's step", () => {
    expect(roundStarts(frames)).toEqual([0]);
    expect(frameAt(frames, 0, 2, "draw")).toBe(3);
    expect(frameAt(frames, 0, 2, "discard")).toBe(4);
    expect(frameAt(frames, 0, 3, "draw")).toBe(-1);
  });
});
