/** A playoff round shows the wild rank the server's view and record say (kings), and the
 * replay keeps playoff points out of the totals, as the record's totals do. */
import { describe, expect, it } from "vitest";
import type { GameRecord } from "../src/api";
import { framesOf } from "../src/replay";
import { roundBanner, shortBanner } from "../src/words";
import { makeView } from "./fixtures";

describe("the wild rank of a playoff", () => {
  const playoff = makeView({
    round: 12, playoff: true, wild: "K", seats: [0, 2], hand_sizes: [13, 0, 14, 0],
    rules: { rounds: 11, players: 4, ties: "playoff" },
  });

  it("banners say the view's wild rank and the cards dealt to the seats in play", () => {
    expect(roundBanner(playoff)).toBe("Playoff round: 13 cards each, Kings are wild");
    expect(shortBanner(playoff)).toBe("Playoff · 13 cards · Kings wild");
  });

  it("a regular round still reads as before", () => {
    expect(roundBanner(makeView())).toBe("Round 1 of 11: 3 cards each, Threes are wild");
    expect(shortBanner(makeView({ round: 5, wild: "7", hand_sizes: [7, 7, 8, 7] })))
      .toBe("Round 5/11 · 7 cards · Sevens wild");
  });
});

function record(): GameRecord {
  return {
    format: "three-thirteen/1", rules: { players: 2, rounds: 1, ties: "playoff" }, seed: 1,
    players: ["Ann", "Bob"],
    rounds: [
      { number: 1, wild: "3", dealer: 1, deal: { hands: [["7h", "8h", "9h"], ["2c", "4d", "Kd"]], upcard: "5c", stock: ["6s", "6d"] },
        turns: [{ seat: 0, draw: "stock", card: "6s", discard: "6s", out: false }],
        end: "stock_empty", out: null,
        result: [{ melds: [["7h", "8h", "9h"]], deadwood: [], points: 0 }, { melds: [], deadwood: ["2c", "4d", "Kd"], points: 0 }] },
      { number: 2, wild: "K", dealer: 0, playoff: true, seats: [0, 1],
        deal: { hands: [["Kc", "2h"], ["Ks", "Qs"]], upcard: "4c", stock: ["Jd"] },
        turns: [], end: "stock_empty", out: null,
        result: [{ melds: [], deadwood: ["2h"], points: 2 }, { melds: [], deadwood: ["Qs"], points: 10 }] },
    ],
    totals: [0, 0],
    winners: [0],
  };
}

describe("the replay of a playoff", () => {
  const frames = framesOf(record());

  it("says the record's wild rank for the playoff", () => {
    const dealt = frames.filter((frame) => frame.turn === 0 && !frame.result);
    expect(dealt.map((frame) => frame.text)).toEqual([
      "Round 1: 3 cards each, Threes wild; Bob dealt.",
      "Playoff round: 2 cards each, Kings wild; Ann dealt.",
    ]);
  });

  it("keeps playoff points out of the totals, as the record's totals", () => {
    const last = frames[frames.length - 1]!;
    expect(last.text).toBe("Playoff round over: the stock ran out. Ann 2, Bob 10.");
    expect(last.totals).toEqual(record().totals);
  });
});
