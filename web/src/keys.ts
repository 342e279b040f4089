/** The table's single-key shortcuts: s stock, p pile, d discard, o go out, h hint, u undo;
 * and `?` for the rules (on every page but the rules page). They act only when the person
 * has them on (WCAG 2.1.4), no dialog is open and the person is not typing. */

export type Shortcut = "stock" | "pile" | "discard" | "out" | "hint" | "undo";

const KEYS: Record<string, Shortcut> = {
  s: "stock", p: "pile", d: "discard", o: "out", h: "hint", u: "undo",
};

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: { tagName?: string; isContentEditable?: boolean } | null;
}

export interface KeyContext {
  /** The person's setting: single-key shortcuts on. */
  enabled: boolean;
  /** A modal dialog is open: keys belong to it. */
  dialogOpen: boolean;
}

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** Whether a key pressed on `target` is typing (a text field, a list, editable text). */
export function isTyping(target: KeyPress["target"]): boolean {
  if (target === null) return false;
  return TYPING.has((target.tagName ?? "").toUpperCase()) || target.isContentEditable === true;
}

/** The shortcut a key press asks for, or null when it asks for none now. */
export function shortcutFor(press: KeyPress, context: KeyContext): Shortcut | null {
  if (!context.enabled || context.dialogOpen) return null;
  if (press.ctrlKey || press.metaKey || press.altKey || isTyping(press.target)) return null;
  return KEYS[press.key.length === 1 ? press.key.toLowerCase() : ""] ?? null;
}

/** Whether a key press asks for the rules (`?`, Shift included) under the same conditions
 * as the other shortcuts: on, no dialog open, not typing, no Ctrl, Cmd or Alt. */
export function asksForRules(press: KeyPress, context: KeyContext): boolean {
  if (!context.enabled || context.dialogOpen) return false;
  if (press.ctrlKey || press.metaKey || press.altKey || isTyping(press.target)) return false;
  return press.key === "?";
}
