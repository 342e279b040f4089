import { describe, expect, it } from "vitest";
import { drawnAfter, NOTHING_DRAWN } from "../src/components/hooks";

describe("the card just drawn", () => {
  const steps = (hands: string[][]) => {
    let state = NOTHING_DRAWN;
    return hands.map((hand) => {
      state = drawnAfter(state, hand);
      return state.drawn;
    });
  };

  it("is the card a draw adds, marked until the discard", () => {
    expect(steps([
      ["7h#0", "8h#0", "Kd#0"], // dealt: nothing marked
      ["7h#0", "8h#0", "Kd#0", "9h#0"], // drew the 9 of hearts
      ["7h#0", "8h#0", "Kd#0", "9h#0"], // the same hand again (another seat played)
      ["7h#0", "8h#0", "9h#0"], // discarded the King
      ["7h#0", "8h#0", "9h#0", "2c#0"], // the next draw
    ])).toEqual([null, "9h#0", "9h#0", null, "2c#0"]);
  });

  it("comes back marked when the discard is undone", () => {
    expect(steps([
      ["7h#0", "8h#0", "Kd#0"],
      ["7h#0", "8h#0", "Kd#0", "9h#0"],
      ["7h#0", "8h#0", "9h#0"], // discarded the King
      ["7h#0", "8h#0", "9h#0", "Kd#0"], // undone: the 9 is the card drawn, not the King
    ])).toEqual([null, "9h#0", null, "9h#0"]);
  });

  it("marks nothing in a new deal, even one that grows by a card", () => {
    expect(steps([
      ["7h#0", "8h#0", "Kd#0"],
      ["2c#0", "3d#0", "Js#0", "Qs#0"], // round 2's deal: four new cards
      ["2c#0", "3d#0", "Js#0", "Qs#0", "Qs#1"], // a second Queen of spades (two decks)
    ])).toEqual([null, null, "Qs#1"]);
  });
});
