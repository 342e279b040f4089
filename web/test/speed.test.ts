import { describe, expect, it } from "vitest";
import {
  asDealt, callText, clockSkew, goOutAdvice, goOutCards, pileName, rightOf, seatsAround, secondsLeft,
  speedLines, speedPrompt, stepKey, timerName,
} from "../src/speed";
import { quickGame } from "../src/play";
import { roundBanner, roundSummary } from "../src/words";
import { makeSpeedView } from "./fixtures";

const RESULT = {
  number: 1, wild: "3", dealer: 3, end: "out" as const, out: 1, playoff: false, outs: [1, 3],
  result: [{ melds: [["7h", "8h", "9h"]], deadwood: ["Kd"], points: 10 }, { melds: [["2c", "2d", "2h"]], deadwood: [], points: 0 },
    { melds: [], deadwood: ["5s", "6d", "9c"], points: 20 }, { melds: [["4s", "5s", "6s"]], deadwood: [], points: 0 }],
};

describe("speed: seats and piles", () => {
  it("finds the seat on each seat's right (the one before it), round the table", () => {
    const view = makeSpeedView();
    expect([0, 1, 2, 3].map((seat) => rightOf(view, seat))).toEqual([3, 0, 1, 2]);
    // A playoff: only seats 1 and 3 play; seat 0 sits out.
    const playoff = makeSpeedView({ seats: [1, 3] });
    expect(rightOf(playoff, 1)).toBe(3);
    expect(rightOf(playoff, 3)).toBe(1);
    expect(rightOf(playoff, 0)).toBeNull();
  });

  it("lists the other seats from the person's left to their right; a spectator sees all", () => {
    expect(seatsAround(makeSpeedView())).toEqual([1, 2, 3]);
    expect(seatsAround(makeSpeedView({ seat: 2 }))).toEqual([3, 0, 1]);
    expect(seatsAround(makeSpeedView({ seat: null }))).toEqual([0, 1, 2, 3]);
    const sixteen = makeSpeedView({ seat: 5, players: Array.from({ length: 16 }, (_, i) => `S${i}`) });
    const around = seatsAround(sixteen);
    expect(around).toHaveLength(15);
    expect(around[0]).toBe(6);
    expect(around.at(-1)).toBe(4);
  });

  it("names piles by owner and top card", () => {
    const view = makeSpeedView({ piles: [[], ["5d", "3c"], ["9s"], ["7h"]] });
    expect(pileName(view, 0)).toBe("Your pile: empty");
    expect(pileName(view, 1)).toBe("Left's pile: 3 of clubs, wild");
    expect(pileName(view, 3)).toBe("Right's pile: 7 of hearts");
  });
});

describe("speed: the caller", () => {
  it("says the call and step, and the last call", () => {
    expect(callText(makeSpeedView({ call: 3 }))).toBe("Call 3: draw!");
    expect(callText(makeSpeedView({ call: 3, phase: "discard" }))).toBe("Call 3: discard!");
    expect(callText(makeSpeedView({ call: 9, last_call: true }))).toBe("Call 9: draw! Last call: the stock runs out.");
    expect(callText(makeSpeedView({ phase: "over" }))).toBe("");
  });

  it("counts whole seconds up, never below zero, and names the timer", () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(timerName(7)).toBe("7 seconds to the caller");
    expect(timerName(1)).toBe("1 second to the caller");
  });

  it("judges the server's clock from a step's start, forgiving a slow network", () => {
    expect(clockSkew(110_000, 100_000, 10)).toBe(0);
    expect(clockSkew(109_000, 100_000, 10)).toBe(0); // a second on the way
    expect(clockSkew(115_000, 100_000, 10)).toBe(5_000); // the server runs 5 s ahead
    expect(clockSkew(104_000, 100_000, 10)).toBe(-6_000);
  });

  it("reads the cards dealt from the view: a seat still to discard holds one more", () => {
    const discarding = makeSpeedView({ phase: "discard", waiting: [0, 2], hand_sizes: [4, 3, 4, 3] });
    expect(asDealt(discarding).hand_sizes).toEqual([3, 3, 3, 3]);
    expect(roundBanner(asDealt(discarding))).toBe("Round 1 of 11: 3 cards each, Threes are wild");
    const drawing = makeSpeedView({ hand_sizes: [3, 3, 3, 3] });
    expect(asDealt(drawing)).toBe(drawing);
  });

  it("keys a step by round, call and phase", () => {
    expect(stepKey(makeSpeedView())).not.toBe(stepKey(makeSpeedView({ phase: "discard" })));
    expect(stepKey(makeSpeedView())).not.toBe(stepKey(makeSpeedView({ call: 2 })));
    expect(stepKey(makeSpeedView({ waiting: [1] }))).toBe(stepKey(makeSpeedView()));
  });
});

describe("speed: going out and the prompt", () => {
  it("names the cards that go out where a false out is rejected, none with a penalty", () => {
    const legal = ["0: discard 7h", "0: discard Kd", "0: out Kd"];
    const view = makeSpeedView({ phase: "discard", legal });
    expect(goOutCards(view)).toEqual(["Kd"]);
    expect(goOutAdvice(view)).toBe("You can go out with King of diamonds.");
    const penalty = makeSpeedView({ phase: "discard", legal, rules: { false_out: "penalty" } });
    expect(goOutCards(penalty)).toEqual([]);
    expect(goOutAdvice(makeSpeedView({ phase: "discard", legal: ["0: discard 7h"] }))).toBe("");
  });

  it("asks the person for the step, or says whom they wait for", () => {
    expect(speedPrompt(makeSpeedView(), false)).toBe("Draw: the stock or the top of Right's pile.");
    expect(speedPrompt(makeSpeedView(), true)).toBe("Sent: waiting for the others.");
    expect(speedPrompt(makeSpeedView({ phase: "discard" }), false)).toBe("Choose a card to discard (or go out with it).");
    expect(speedPrompt(makeSpeedView({ waiting: [2] }), false)).toBe("Done: waiting for 1 player.");
    expect(speedPrompt(makeSpeedView({ seat: null }), false)).toBe("Watching. Call 1: draw!");
    expect(speedPrompt(makeSpeedView({ seats: [1, 3] }), false)).toBe("You sit this round out.");
  });
});

describe("speed: the log in words", () => {
  const drawing = makeSpeedView({ waiting: [2], piles: [["2c"], ["5d"], ["9s"], ["7h"]] });
  const resolved = makeSpeedView({
    phase: "discard", waiting: [0, 1, 2, 3], drawn: "4c", hand: ["7h", "8h", "Kd", "4c"],
    hand_sizes: [4, 4, 4, 4], piles: [["2c"], ["5d"], [], ["7h"]], pile_draws: [{ seat: 3, card: "9s" }],
    legal: ["0: discard 7h"],
  });

  it("tells the draws once resolved: pile takes by card, one's own card, the rest in one line", () => {
    expect(speedLines(drawing, resolved)).toEqual([
      "Right took 9 of spades from Top's pile",
      "You drew 4 of clubs from the stock",
      "Left and Top drew from the stock",
    ]);
  });

  it("never says which card another seat drew from the stock", () => {
    const lines = speedLines(drawing, resolved).join(" ");
    expect(lines).not.toMatch(/Left drew \S+ of|Top drew \S+ of/);
  });

  it("says a pile taken from the person's own pile as theirs", () => {
    const took = { ...resolved, pile_draws: [{ seat: 1, card: "2c" }] };
    expect(speedLines(drawing, took)[0]).toBe("Left took 2 of clubs from your pile");
  });

  it("tells the caller's draws when several seats are done at once, or the time ran out", () => {
    const two = makeSpeedView({ waiting: [0, 2] });
    expect(speedLines(two, resolved)[0]).toBe("Time! The caller drew from the stock for You and Top");
    expect(speedLines(drawing, resolved, true)[0]).toBe("Time! The caller drew from the stock for Top");
  });

  it("tells each discard as it lands, and an out", () => {
    const after = { ...resolved, waiting: [0, 2, 3], piles: [["2c"], ["5d", "Js"], [], ["7h"]], outs: [1] };
    expect(speedLines(resolved, after)).toEqual(["Left discarded Jack of spades", "Left went out"]);
    // A state that changes nothing says nothing.
    expect(speedLines(after, after)).toEqual([]);
  });

  it("tells the call's last discards when the next call begins", () => {
    const last = { ...resolved, waiting: [2], piles: [["2c", "Kd"], ["5d", "Js"], [], ["7h", "8c"]] };
    const next = makeSpeedView({ call: 2, piles: [["2c", "Kd"], ["5d", "Js"], ["Qd"], ["7h", "8c"]] });
    expect(speedLines(last, next)).toEqual(["Top discarded Queen of diamonds"]);
  });

  it("at a round's end: the last discards (one's own card found in the laid-open hand), the points", () => {
    const last = { ...resolved, waiting: [0, 2], hand: ["7h", "8h", "9h", "Kd", "4c"] };
    const next = makeSpeedView({ round: 2, wild: "4", results: [RESULT], call: 1 });
    expect(speedLines(last, next)).toEqual([
      "Time! The caller threw the drawn card for You and Top",
      "You discarded 4 of clubs",
      "Top discarded, ending the round",
      "Round 1 over. Left and Right went out. Points: You 10, Left 0, Top 20, Right 0.",
    ]);
  });

  it("sums up a round with several outs, one out, or none", () => {
    const view = makeSpeedView();
    expect(roundSummary(view, RESULT)).toContain("Left and Right went out");
    expect(roundSummary(view, { ...RESULT, outs: [1] })).toContain("Left went out.");
    expect(roundSummary(view, { ...RESULT, outs: [], out: null, end: "stock_empty" })).toContain("The stock ran out.");
  });
});

describe("speed against the computer: the address", () => {
  it("takes up to 15 opponents in speed mode, 7 otherwise", () => {
    const game = quickGame(new URLSearchParams("preset=speed&opponents=15&level=random"));
    expect(game.seats).toHaveLength(16);
    expect(game.rules).toEqual({ preset: "speed", players: 16 });
    expect(quickGame(new URLSearchParams(`opponents=9&rules=${encodeURIComponent('{"mode":"speed"}')}`)).seats).toHaveLength(10);
    expect(() => quickGame(new URLSearchParams("preset=speed&opponents=16"))).toThrow(/1 to 15/);
    expect(() => quickGame(new URLSearchParams("opponents=8"))).toThrow(/1 to 7/);
  });
});
