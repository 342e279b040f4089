import { describe, expect, it } from "vitest";
import { quickGame } from "../src/play";
import { parseRoute } from "../src/route";
import { describeAction, roundBanner, shortBanner, wildText, winnersText } from "../src/words";
import { roomFromLink } from "../src/components/Lobby";
import { handLayout } from "../src/components/Hand";

const view = { players: ["Ann", "Left", "Top", "Right"], seat: 0 };

describe("words", () => {
  it("says moves as §6 does", () => {
    expect(describeAction(view, "1: draw stock")).toEqual(["Left drew from the stock"]);
    expect(describeAction(view, "0: discard 7h")).toEqual(["You discarded 7 of hearts"]);
    expect(describeAction(view, "2: discard Qs")).toEqual(["Top discarded Queen of spades"]);
    expect(describeAction(view, "3: out 2c")).toEqual(["Right discarded 2 of clubs", "Right went out"]);
  });
  it("names the winners", () => {
    expect(winnersText(view, [0])).toBe("You win");
    expect(winnersText(view, [2])).toBe("Top wins");
    expect(winnersText(view, [1, 3])).toBe("Left and Right share the win");
  });
});

describe("a round with no wild rank (round 12 of deuces-arent-wild)", () => {
  const view = { round: 12, rules: { rounds: 12 }, wild: null, playoff: false, hand_sizes: [14, 14, 15], seats: [0, 1, 2] };
  it("says only jokers are wild", () => {
    expect(roundBanner(view)).toBe("Round 12 of 12: 14 cards each, no wild rank; jokers wild");
    expect(shortBanner(view)).toBe("Round 12/12 · 14 cards · jokers only wild");
    expect(wildText(null)).toBe("no wild rank; jokers wild");
    expect(wildText("K")).toBe("Kings wild");
  });
});

describe("addresses", () => {
  it("reads the addresses of §6", () => {
    expect(parseRoute("/", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/r/abc", "")).toEqual({ page: "room", room: "abc" });
    expect(parseRoute("/play", "?opponents=3").page).toBe("play");
    expect(parseRoute("/nowhere/x/y", "").page).toBe("missing");
  });
  it("turns /play parameters into seats and rules", () => {
    expect(quickGame(new URLSearchParams("opponents=3&level=expert"))).toEqual({
      seats: ["human", "expert", "expert", "expert"], rules: { players: 4 } });
    expect(quickGame(new URLSearchParams("opponents=2&level=easy,greedy&preset=natural&rules={\"rounds\":2}"))).toEqual({
      seats: ["human", "easy", "greedy"], rules: { preset: "natural", rounds: 2, players: 3 } });
    expect(() => quickGame(new URLSearchParams("opponents=9"))).toThrow(/1 to 7/);
    expect(() => quickGame(new URLSearchParams("level=godlike"))).toThrow(/unknown level/);
    expect(() => quickGame(new URLSearchParams("rules=[1]"))).toThrow(/JSON object/);
  });
  it("finds the room in an invite link", () => {
    expect(roomFromLink("http://127.0.0.1:8313/r/k3J9xQ2aB1")).toBe("k3J9xQ2aB1");
    expect(roomFromLink("k3J9xQ2aB1")).toBe("k3J9xQ2aB1");
    expect(roomFromLink("not a room!")).toBeNull();
  });
});

describe("hand layout", () => {
  it("fits 14 cards on a phone in two rows with strips of at least 44 px", () => {
    const layout = handLayout(14, 348, 58);
    expect(layout.rows).toBe(2);
    expect(layout.strip).toBeGreaterThanOrEqual(44);
    expect((layout.perRow - 1) * layout.strip + 58).toBeLessThanOrEqual(348);
  });
  it("keeps one row on a desktop", () => {
    expect(handLayout(14, 900, 70).rows).toBe(1);
  });
});
