import { describe, expect, it } from "vitest";
import { asksForRules, isTyping, shortcutFor } from "../src/keys";
import type { KeyPress } from "../src/keys";

const press = (key: string, target: KeyPress["target"] = { tagName: "BODY" }, extra: Partial<KeyPress> = {}): KeyPress => ({
  key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra,
});
const open = { enabled: true, dialogOpen: false };

describe("single-key shortcuts", () => {
  it("map s, p, d, o, h, u to the table's actions, in either case", () => {
    expect(["s", "p", "d", "o", "h", "u", "S"].map((key) => shortcutFor(press(key), open)))
      .toEqual(["stock", "pile", "discard", "out", "hint", "undo", "stock"]);
    expect(shortcutFor(press("x"), open)).toBeNull();
    expect(shortcutFor(press("Shift"), open)).toBeNull();
  });

  it("do nothing while a dialog is open", () => {
    expect(shortcutFor(press("d"), { enabled: true, dialogOpen: true })).toBeNull();
  });

  it("do nothing while typing: chat, a text area, a list, editable text", () => {
    for (const target of [{ tagName: "INPUT" }, { tagName: "textarea" }, { tagName: "SELECT" },
      { tagName: "DIV", isContentEditable: true }]) {
      expect(isTyping(target)).toBe(true);
      expect(shortcutFor(press("s", target), open)).toBeNull();
    }
    expect(isTyping({ tagName: "BUTTON" })).toBe(false);
  });

  it("do nothing with a modifier, or when the person turned them off", () => {
    expect(shortcutFor(press("s", null, { ctrlKey: true }), open)).toBeNull();
    expect(shortcutFor(press("s", null, { altKey: true }), open)).toBeNull();
    expect(shortcutFor(press("s"), { enabled: false, dialogOpen: false })).toBeNull();
  });

  it("open the rules on ?, under the same conditions, and leave ? to the table's other keys", () => {
    expect(asksForRules(press("?"), open)).toBe(true);
    expect(shortcutFor(press("?"), open)).toBeNull();
    expect(asksForRules(press("/"), open)).toBe(false);
    expect(asksForRules(press("?", { tagName: "INPUT" }), open)).toBe(false);
    expect(asksForRules(press("?"), { enabled: true, dialogOpen: true })).toBe(false);
    expect(asksForRules(press("?"), { enabled: false, dialogOpen: false })).toBe(false);
    expect(asksForRules(press("?", null, { ctrlKey: true }), open)).toBe(false);
  });
});
