import { describe, expect, it } from "vitest";
import { roomBody } from "../src/api";
import { quickGame, readSeed } from "../src/play";

describe("the seed of /play?seed=N", () => {
  it("is read from the address and kept exact, up to 2**63 - 1", () => {
    expect(quickGame(new URLSearchParams("opponents=1&seed=16")).seed).toBe("16");
    expect(readSeed("9223372036854775807")).toBe("9223372036854775807");
    expect(quickGame(new URLSearchParams("opponents=1")).seed).toBeUndefined();
  });

  it("refuses what is not a seed, saying so", () => {
    for (const text of ["-1", "1.5", "abc", "9223372036854775808"]) {
      expect(() => readSeed(text)).toThrow(/seed must be a whole number from 0 to 9223372036854775807/);
    }
  });

  it("goes into the body of POST /api/rooms as a JSON number, digit for digit", () => {
    const body = roomBody("You", { players: 2 }, ["human", "random"], undefined, "9223372036854775807");
    expect(body).toBe('{"name":"You","rules":{"players":2},"seats":["human","random"],"seed":9223372036854775807}');
    expect(JSON.parse(roomBody("You", {}, ["human"], undefined, "16"))).toEqual(
      { name: "You", rules: {}, seats: ["human"], seed: 16 });
    expect(JSON.parse(roomBody("You", {}, ["human"]))).not.toHaveProperty("seed");
  });
});
