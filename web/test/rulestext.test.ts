import { describe, expect, it } from "vitest";
import catalog from "../src/rules-options.json";
import { parseRoute } from "../src/route";
import { OPTION_WORDS, PRESET_NAMES, PRESET_WORDS, SECTIONS, differences, optionAnchor, roundRows, rulesLine, valueWords } from "../src/rulestext";

const DEFAULTS = Object.fromEntries(catalog.options.map((option) => [option.name, option.default]));
const presets = catalog.presets as Record<string, Record<string, unknown>>;

describe("the rules in plain words", () => {
  it("explain every option of the engine and point to a section of the page", () => {
    const sections: string[] = SECTIONS.map((section) => section.id);
    for (const option of catalog.options) {
      const words = OPTION_WORDS[option.name];
      expect(words, option.name).toBeDefined();
      expect(sections).toContain(words!.section);
      expect(words!.help).not.toMatch(/ceil\(|end_round|k\+2|_/);
      for (const choice of ("choices" in option ? option.choices : []) ?? []) {
        expect(words!.choices?.[choice], `${option.name}: ${choice}`).toBeTruthy();
      }
    }
    expect(Object.keys(OPTION_WORDS).sort()).toEqual(catalog.options.map((option) => option.name).sort());
    expect(optionAnchor("first_turn_out")).toBe("option-first-turn-out");
  });

  it("have a name and a line for every preset", () => {
    expect(Object.keys(PRESET_WORDS).sort()).toEqual(Object.keys(presets).sort());
    expect(Object.keys(PRESET_NAMES).sort()).toEqual(Object.keys(presets).sort());
    expect(rulesLine("five-suit", presets["five-suit"]!, { rounds: 3 }, DEFAULTS))
      .toBe("Five suits, changed: Rounds 3 (3 to 5 cards).");
  });

  it("say the rounds as the engine deals them: k+2 cards, rank k+2 wild, a 12th round of jokers only", () => {
    const rows = roundRows(12);
    expect(rows[0]).toEqual({ round: 1, cards: 3, wild: "threes" });
    expect(rows[4]).toEqual({ round: 5, cards: 7, wild: "sevens" });
    expect(rows[10]).toEqual({ round: 11, cards: 13, wild: "kings" });
    expect(rows[11]).toEqual({ round: 12, cards: 14, wild: "none: only jokers" });
  });

  it("tell the rules as edited under the preset", () => {
    expect(rulesLine("standard", {}, {}, DEFAULTS)).toBe(PRESET_WORDS["standard"]);
    expect(rulesLine("standard", {}, { rounds: 2 }, DEFAULTS)).toBe("Standard, changed: Rounds 2 (3 to 4 cards).");
    expect(rulesLine("standard", {}, { rounds: 1, ace: "wrap" }, DEFAULTS))
      .toBe("Standard, changed: Rounds 1 (3 cards); Ace Wrap (K-A-2 too).");
    // A value set back to the preset's own is no change.
    expect(rulesLine("jokers", presets["jokers"]!, { jokers: 4, ties: "none" }, DEFAULTS)).toBe(PRESET_WORDS["jokers"]);
    expect(rulesLine("jokers", presets["jokers"]!, { wild_penalty: null }, DEFAULTS))
      .toBe("Jokers, changed: Wild penalty none.");
    expect(valueWords("upcard", false)).toBe("off");
    expect(valueWords("decks", "auto")).toBe("auto");
  });

  it("tell a game's rules by what differs from the usual ones", () => {
    expect(differences({ ...DEFAULTS, players: 3 }, DEFAULTS)).toEqual([]);
    // The packs that "auto" gives are no difference; others are.
    expect(differences({ ...DEFAULTS, players: 3, decks: 2 }, DEFAULTS)).toEqual([]);
    expect(differences({ ...DEFAULTS, players: 2, decks: 2 }, DEFAULTS)).toEqual([["decks", "2"]]);
    expect(differences({ ...DEFAULTS, players: 12, mode: "speed", decks: 4 }, DEFAULTS))
      .toEqual([["mode", "Speed (everyone at once)"]]);
    expect(differences({ ...DEFAULTS, ace: "both", jokers: 4, speed_seconds: 5 }, DEFAULTS))
      .toEqual([["jokers", "4"], ["ace", "Both ends"]]);
    expect(differences({ ...DEFAULTS, mode: "speed", speed_seconds: 5 }, DEFAULTS))
      .toEqual([["mode", "Speed (everyone at once)"], ["speed_seconds", "5"]]);
  });

  it("have their own address", () => {
    expect(parseRoute("/rules", "")).toEqual({ page: "rules" });
    expect(parseRoute("/rules/x", "").page).toBe("missing");
  });
});
