import { describe, expect, it } from "vitest";
import { GROUP_GAP, GROUP_PAD, groupLayout, guessKind, meldGroups, meldNames, MIN_STRIP } from "../src/meldgroups";
import { keyed } from "../src/order";
import type { Analysis } from "../src/protocol";

function analysis(melds: string[][], kinds: string[] | undefined, unmelded: string[], deadwood: number): Analysis {
  return { deadwood, melds, kinds, unmelded, go_out_discards: [] };
}

describe("meld groups", () => {
  // Kings wild: a run of hearts with the King of diamonds as its 5, a set of sevens, a set
  // of queens with a joker, and two cards unmelded.
  const hand = ["2d", "7s", "3h", "Qs", "Kd", "7d", "*", "4h", "9c", "7c", "6h", "Qh"];
  const best = analysis(
    [["7c", "7d", "7s"], ["Qh", "Qs", "*"], ["3h", "4h", "Kd", "6h"]], ["set", "set", "run"], ["2d", "9c"], 11);

  it("lays each meld out in the server's order, the wild in its slot, then the rest with their points", () => {
    const groups = meldGroups(keyed(hand), best, "K");
    expect(groups?.map((g) => g.name)).toEqual([
      "Set of sevens", "Set of queens", "Run of hearts, 3 to 6", "Unmelded: 11 points"]);
    expect(groups?.map((g) => g.label)).toEqual(["Set: sevens", "Set: queens", "Run: 3–6 ♥", "Unmelded: 11 pts"]);
    expect(groups?.map((g) => g.kind)).toEqual(["set", "set", "run", "unmelded"]);
    expect(groups?.[2]?.items.map((i) => i.code)).toEqual(["3h", "4h", "Kd", "6h"]);
    expect(groups?.[3]?.items.map((i) => i.code)).toEqual(["2d", "9c"]);
  });

  it("puts every card of the hand in exactly one group", () => {
    const groups = meldGroups(keyed(hand), best, "K") ?? [];
    const keys = groups.flatMap((g) => g.items.map((i) => i.key));
    expect(keys.length).toBe(hand.length);
    expect(new Set(keys)).toEqual(new Set(keyed(hand).map((i) => i.key)));
  });

  it("keeps copies of one card apart (several decks) and leaves no unmelded group when all meld", () => {
    const two = ["7h", "7h", "7s"];
    const groups = meldGroups(keyed(two), analysis([["7h", "7h", "7s"]], ["set"], [], 0), "K");
    expect(groups?.length).toBe(1);
    expect(groups?.[0]?.items.map((i) => i.key)).toEqual(["7h#0", "7h#1", "7s#0"]);
  });

  it("shows one unmelded card's points alone, and the whole hand unmelded when nothing melds", () => {
    const groups = meldGroups(keyed(["Kd", "2c"]), analysis([], [], ["2c", "Kd"], 12), null);
    expect(groups?.map((g) => [g.name, g.label])).toEqual([["Unmelded: 12 points", "Unmelded: 12 pts"]]);
    const one = meldGroups(keyed(["7c", "7d", "7s", "2c"]), analysis([["7c", "7d", "7s"]], ["set"], ["2c"], 2), null);
    expect(one?.[1]?.label).toBe("2 pts");
    expect(one?.[1]?.name).toBe("Unmelded: 2 points");
  });

  it("is null without an analysis, or with one of another hand", () => {
    expect(meldGroups(keyed(hand), null, "K")).toBeNull();
    expect(meldGroups(keyed(["2c", "3c"]), analysis([["7c", "7d", "7s"]], ["set"], [], 0), "K")).toBeNull();
  });

  it("takes the kind from the server, and guesses it only when the server does not say", () => {
    // One natural and two wilds: a set of fives or a run from 5 to 7; the server decides.
    const codes = ["5h", "Kc", "*"];
    expect(meldNames(codes, "run", "K").name).toBe("Run of hearts, 5 to 7");
    expect(meldNames(codes, "set", "K").name).toBe("Set of fives");
    const told = meldGroups(keyed(codes), analysis([codes], ["run"], [], 0), "K");
    expect(told?.[0]?.name).toBe("Run of hearts, 5 to 7");
    const guessed = meldGroups(keyed(codes), analysis([codes], undefined, [], 0), "K");
    expect(guessed?.[0]?.name).toBe("Set of fives");
    expect(guessKind(["9c", "Tc", "Jc"], "K")).toBe("run");
    expect(guessKind(["9c", "9d", "Kh"], "K")).toBe("set");
  });

  it("names runs that start with a wild, end with a high ace, wrap, or hold only wilds", () => {
    expect(meldNames(["*", "4s", "5s"], "run", "K").name).toBe("Run of spades, 3 to 5");
    expect(meldNames(["Qd", "Kd", "Ad"], "run", "5").name).toBe("Run of diamonds, Queen to Ace");
    expect(meldNames(["Qd", "*", "Ad"], "run", "5").label).toBe("Run: Q–A ♦");
    expect(meldNames(["Kd", "Ad", "2d"], "run", "5").name).toBe("Run of diamonds, King to 2");
    expect(meldNames(["Ac", "2c", "5d"], "run", "5").name).toBe("Run of clubs, Ace to 3");
    expect(meldNames(["*", "*", "Ah"], "run", "5").name).toBe("Run of hearts, Queen to Ace");
    expect(meldNames(["Th", "Jh", "Qh"], "run", null).name).toBe("Run of hearts, 10 to Queen");
    expect(meldNames(["*", "*", "*"], "set", null).name).toBe("Set of wild cards");
  });
});

describe("group layout", () => {
  /** Each line's width as laid out: the groups on it with their padding and the gaps. */
  function widths(sizes: number[], width: number, card: number): number[] {
    const layout = groupLayout(sizes, width, card);
    const lines: number[] = [];
    let used = Infinity;
    sizes.forEach((size, index) => {
      const perLine = layout.perLine[index] ?? size;
      const rows = Math.ceil(size / perLine);
      const needed = (Math.min(size, perLine) - 1) * layout.strip + card + 2 * GROUP_PAD;
      if (rows > 1) {
        for (let r = 0; r < rows; r += 1) lines.push(needed);
        used = Infinity;
      } else if (used + GROUP_GAP + needed <= width) {
        used += GROUP_GAP + needed;
        lines[lines.length - 1] = used;
      } else {
        used = needed;
        lines.push(used);
      }
    });
    expect(lines.length).toBe(layout.lines);
    return lines;
  }

  it("fits a 14-card hand in groups on a phone and on a desktop, no line wider than the hand", () => {
    for (const [width, card] of [[348, 58], [955, 70], [1200, 84]] as const) {
      for (const sizes of [[3, 3, 3, 4, 1], [4, 4, 3, 3], [14], [3, 11], [5, 5, 4]]) {
        const lines = widths(sizes, width, card);
        for (const line of lines) expect(line).toBeLessThanOrEqual(width + 0.01);
        const layout = groupLayout(sizes, width, card);
        expect(layout.strip).toBeGreaterThanOrEqual(MIN_STRIP);
        expect(layout.strip).toBeLessThanOrEqual(card + 6);
      }
    }
  });

  it("spreads a hand with nothing melded over the whole width, with strips of 44 px or more", () => {
    const layout = groupLayout([14], 348, 58);
    expect(layout.lines).toBe(2);
    expect(layout.perLine).toEqual([7]);
    expect(layout.strip).toBeGreaterThanOrEqual(MIN_STRIP);
    expect(6 * layout.strip + 58 + 2 * GROUP_PAD).toBeGreaterThan(348 - 2);
  });

  it("takes the widest strips that keep the fewest lines, never under 44 px", () => {
    const wide = groupLayout([3, 3, 3], 1000, 70);
    expect(wide.lines).toBe(1);
    expect(wide.strip).toBe(76);
    // 4 + 3 cards on a phone: one line would need strips of 41 px; two lines of 44 px or more.
    const phone = groupLayout([4, 3], 348, 58);
    expect(phone.lines).toBe(2);
    expect(phone.strip).toBeGreaterThanOrEqual(MIN_STRIP);
    // 15 cards, none melded: three lines, as the flat hand takes.
    expect(groupLayout([15], 348, 58).lines).toBe(3);
  });
});
