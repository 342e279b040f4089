import { describe, expect, it } from "vitest";
import { byRank, bySuit, cardName, parseCard, rankLabel } from "../src/cards";

describe("cardName", () => {
  it("names cards as §6 does", () => {
    expect(cardName("7h")).toBe("7 of hearts");
    expect(cardName("Ts")).toBe("10 of spades");
    expect(cardName("Qc")).toBe("Queen of clubs");
    expect(cardName("Ad")).toBe("Ace of diamonds");
    expect(cardName("*")).toBe("Joker");
  });
  it("ends a card of the wild rank in ', wild'; a joker stays 'Joker'", () => {
    expect(cardName("7h", "7")).toBe("7 of hearts, wild");
    expect(cardName("Th", "T")).toBe("10 of hearts, wild");
    expect(cardName("8h", "7")).toBe("8 of hearts");
    expect(cardName("*", "7")).toBe("Joker");
  });
  it("names the stars of the five-suit pack", () => {
    expect(cardName("9x")).toBe("9 of stars");
    expect(cardName("Kx", "K")).toBe("King of stars, wild");
    expect(parseCard("Tx").suit).toBe("x");
    expect(["Kx", "3c", "*", "3x"].sort(bySuit)).toEqual(["3c", "3x", "Kx", "*"]);
  });
  it("marks no card but a joker wild when the round has no wild rank", () => {
    expect(cardName("2h", null)).toBe("2 of hearts");
  });
  it("refuses what is not a card", () => {
    expect(() => parseCard("1h")).toThrow();
    expect(() => parseCard("7z")).toThrow();
    expect(() => parseCard("2x")).toThrow(); // stars run 3 to K
    expect(() => parseCard("77h")).toThrow();
  });
  it("shows 10 in the corner, not T", () => {
    expect(rankLabel(parseCard("Th"))).toBe("10");
    expect(rankLabel(parseCard("*"))).toBe("JK"); // ★ is the stars suit
  });
  it("sorts by suit then rank, and by rank then suit, jokers last", () => {
    expect(["Kh", "*", "2c", "As", "3c"].sort(bySuit)).toEqual(["2c", "3c", "As", "Kh", "*"]);
    expect(["Kh", "*", "2c", "As", "2d"].sort(byRank)).toEqual(["As", "2c", "2d", "Kh", "*"]);
  });
});
