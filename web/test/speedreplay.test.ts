import { describe, expect, it } from "vitest";
import type { GameRecord } from "../src/api";
import { framesOf } from "../src/replay";
import record from "./speed-record.json";

// A speed record written by threethirteen.speedrecord (3 bots, 2 rounds, seed 11):
// play_speed_game(Rules(mode="speed", players=3, rounds=2, decks=1),
//                 ["greedy", "random", "easy"], seed=11).
const game = record as unknown as GameRecord;

const sorted = (cards: string[]) => [...cards].sort();

describe("the replay of a speed record", () => {
  const frames = framesOf(game);

  it("has a frame for the deal, each call's draws and discards, and the result", () => {
    const calls = game.rounds.map((round) => round.calls?.length ?? 0);
    expect(frames).toHaveLength(calls.reduce((sum, n) => sum + 2 + 2 * n, 0));
    expect(frames[0]!.text).toBe("Round 1: 3 cards each, Threes wild; each turned a card to start a pile; "
      + `${game.players[game.rounds[0]!.dealer]} dealt.`);
    expect(frames[1]!.text).toMatch(/^Call 1, draw: greedy (drew|took) /);
    expect(frames[2]!.text).toMatch(/^Call 1, discard: greedy discarded /);
  });

  it("moves every card the record moves: before each result, the hands are the laid-open hands", () => {
    game.rounds.forEach((round, r) => {
      const result = frames.findIndex((frame) => frame.round === r && frame.result);
      const hands = frames[result - 1]!.hands;
      round.result.forEach((seat, i) => {
        expect(sorted(hands[i]!)).toEqual(sorted([...seat.melds.flat(), ...seat.deadwood]));
      });
      // Every card is somewhere: hands, piles and the stock make the deal.
      const last = frames[result]!;
      const cards = last.hands.flat().length + (last.piles ?? []).flat().length + last.stock;
      const dealt = round.deal.hands.flat().length + (round.deal.piles ?? []).filter(Boolean).length
        + round.deal.stock.length;
      expect(cards).toBe(dealt);
    });
  });

  it("says every seat that went out, and keeps the totals", () => {
    const ends = frames.filter((frame) => frame.result);
    expect(ends[0]!.text).toMatch(/^Round 1 over: greedy and random went out\./);
    const totals = game.players.map((_, seat) => game.rounds.reduce((sum, round) => sum + round.result[seat]!.points, 0));
    expect(ends.at(-1)!.totals).toEqual(totals);
    expect(game.totals).toEqual(totals);
  });
});
