import { describe, expect, it } from "vitest";
import { chosenCount, chosenText } from "../src/components/ScoreKeeperGrid";
import {
  currentRound, deckCount, entryText, entryWithFalseOuts, listing, newSheet,
  roundTitle, standingText, tokenFromHash,
} from "../src/scoresheet";
import type { SheetView } from "../src/scoresheet";

function view(partial: Partial<SheetView> = {}): SheetView {
  return {
    format: "three-thirteen-scoresheet-view/1", names: ["Ann", "Bob", "Cy"],
    rules: { rounds: 11, jokers: 0, false_out_penalty: 20 }, rounds: [
      { number: 2, playoff: false, cards: 4, wild: "4", dealer: 1, first: 2, order: [2, 0, 1],
        entries: [{ missing: true }, { missing: true }, { missing: true }], totals: [0, 0, 0] },
    ], totals: [12, 30, 0], leaders: [2], missing: [{ round: 2, player: 2 }], playoff: null,
    winners: null, entries_made: 3, ...partial,
  };
}

describe("the sheet in words, as the terminal keeper says it", () => {
  it("announces a round", () => {
    expect(roundTitle(view(), view().rounds[0]!)).toBe(
      "Round 2 of 11: 4 cards, wild rank 4, Bob deals, Cy plays first.");
    const jokers = view({ rules: { rounds: 11, jokers: 2 } });
    expect(roundTitle(jokers, jokers.rounds[0]!)).toContain("wild rank 4 and jokers");
  });

  it("announces round 12 of deuces-arent-wild: no wild rank, only jokers", () => {
    const last = view({ rules: { rounds: 12, jokers: 2 }, rounds: [
      { number: 12, playoff: false, cards: 14, wild: null, dealer: 0, first: 1, order: [1, 2, 0],
        entries: [{ missing: true }, { missing: true }, { missing: true }], totals: [0, 0, 0] }] });
    expect(roundTitle(last, last.rounds[0]!)).toBe(
      "Round 12 of 12: 14 cards, no wild rank, jokers wild, Ann deals, Bob plays first.");
    expect(entryText({ points: 9, entered: { cards: "2c 2d 2s * 9d" },
      arrangement: { deadwood: 9, melds: [["2c", "2d", "2s", "*"]], unmelded: ["9d"] } }, null, 20))
      .toBe("least penalty 9: melds 2c 2d 2s * (wild); unmelded 9d");
  });

  it("says what an entry scores, with the arrangement for cards", () => {
    expect(entryText({ points: 10, entered: { cards: "7h 8h 4c Kd" },
      arrangement: { deadwood: 10, melds: [["7h", "8h", "4c"]], unmelded: ["Kd"] } }, "4", 20))
      .toBe("least penalty 10: melds 7h 8h 4c (wild); unmelded Kd");
    expect(entryText({ points: 0, entered: { out: true } }, "4", 20)).toBe("went out: 0 points");
    expect(entryText({ points: 27, entered: { points: 7, false_outs: 1 } }, "4", 20))
      .toBe("7 points, plus a false out 20: 27 points");
    expect(entryText({ missing: true }, "4", 20)).toBe("missing");
    expect(entryText(null, "4", 20)).toBe("not playing");
  });

  it("names the leaders, then the winners", () => {
    expect(standingText(view())).toBe("Leader: Cy.");
    expect(standingText(view({ winners: [2] }))).toBe("Cy wins with 0 points.");
    expect(standingText(view({ winners: [0, 2], totals: [5, 9, 5] })))
      .toBe("Ann and Cy share the win with 5 points.");
    expect(standingText(view({ winners: [] }))).toMatch(/^Nobody wins/);
    expect(listing(["Ann", "Bob", "Cy"])).toBe("Ann, Bob and Cy");
  });

  it("finds the round to enter", () => {
    expect(currentRound(view())).toBe(2);
    expect(currentRound(view({ missing: [] }))).toBe(2);
  });
});

describe("what the keeper sends", () => {
  it("puts false outs before the entry, in the terminal's notation", () => {
    expect(entryWithFalseOuts("12", 0)).toBe("12");
    expect(entryWithFalseOuts("7h 8h Kd", 2)).toBe("false out false out 7h 8h Kd");
  });

  it("writes the tapped cards as card text, copies included", () => {
    const chosen = { "7h": 1, Kd: 2, "*": 1, As: 1 };
    expect(chosenText(chosen)).toBe("As 7h Kd Kd *");
    expect(chosenCount(chosen)).toBe(5);
  });

  it("makes a new sheet's JSON form", () => {
    expect(newSheet(["Ann", "Bob"], { preset: "standard" }, 1)).toEqual({
      format: "three-thirteen-scoresheet/1", names: ["Ann", "Bob"],
      rules: { preset: "standard", players: 2 }, first_dealer: 1, entries: [] });
  });

  it("reads the keeper's token from a keeper link only", () => {
    const token = "a".repeat(43);
    expect(tokenFromHash(`#key=${token}`)).toBe(token);
    expect(tokenFromHash("#key=short")).toBeNull();
    expect(tokenFromHash("")).toBeNull();
  });

  it("counts the decks of the rules", () => {
    expect(deckCount({ decks: "auto" }, 2)).toBe(1);
    expect(deckCount({ decks: "auto" }, 5)).toBe(3);
    expect(deckCount({ decks: 4 }, 5)).toBe(4);
    expect(deckCount({ decks: "auto", mode: "speed" }, 7)).toBe(3); // a deck per 3 players
  });
});

describe("the scorekeeper's addresses", () => {
  it("are /score and /score/<id>", async () => {
    const { parseRoute } = await import("../src/route");
    expect(parseRoute("/score", "")).toEqual({ page: "score" });
    expect(parseRoute("/score/abc_12", "")).toEqual({ page: "sheet", sheet: "abc_12" });
  });
});
