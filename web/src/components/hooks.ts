/** What both tables (turns and speed) do around the hand: the cards just arrived, the focus
 * after a draw, the tab's title, the single-key shortcuts, the results' pause. */
import { useEffect, useRef } from "preact/hooks";
import type { Shortcut } from "../keys";
import { isTyping, shortcutFor } from "../keys";
import { keyed } from "../order";
import { shortcuts } from "../settings";

/** What the hand remembers about the card just drawn (see `drawnAfter`). */
export interface Drawn {
  signature: string;
  keys: ReadonlySet<string>;
  /** The card just drawn, while the person holds the drawn card's extra card. */
  drawn: string | null;
  /** After a discard: the card that had been drawn, and the card discarded (an undo
   * brings the discard back, and the drawn card is marked again). */
  kept: string | null;
  discarded: string | null;
}

export const NOTHING_DRAWN: Drawn = { signature: "", keys: new Set(), drawn: null, kept: null, discarded: null };

/** The card just drawn once the hand holds `keys`: a hand that gains one card and loses
 * none has drawn it; it stays marked until the discard (and again if the discard is
 * undone); a new deal marks nothing. */
export function drawnAfter(before: Drawn, keys: readonly string[]): Drawn {
  const signature = keys.join(" ");
  if (signature === before.signature) return before;
  const now = new Set(keys);
  const added = keys.filter((key) => !before.keys.has(key));
  const removed = [...before.keys].filter((key) => !now.has(key));
  const first = added[0];
  if (before.keys.size > 0 && added.length === 1 && removed.length === 0 && first !== undefined) {
    const undone = first === before.discarded && before.kept !== null && now.has(before.kept);
    return { signature, keys: now, drawn: undone ? before.kept : first, kept: null, discarded: null };
  }
  if (added.length === 0 && removed.length === 1) {
    return { signature, keys: now, drawn: null, kept: before.drawn, discarded: removed[0] ?? null };
  }
  return { signature, keys: now, drawn: null, kept: null, discarded: null };
}

/** The key of the card just drawn into `hand`, as a set (empty when none; `drawnAfter`).
 * Worked out while rendering, so that the focus can go to the card in the same update. */
export function useFreshCards(hand: readonly string[] | null | undefined): ReadonlySet<string> {
  const memory = useRef<{ drawn: Drawn; fresh: ReadonlySet<string> }>({ drawn: NOTHING_DRAWN, fresh: new Set() });
  const next = drawnAfter(memory.current.drawn, hand ? keyed(hand).map((item) => item.key) : []);
  if (next !== memory.current.drawn) {
    memory.current = { drawn: next, fresh: new Set(next.drawn !== null ? [next.drawn] : []) };
  }
  return memory.current.fresh;
}

/** When the person is to discard after drawing, the focus goes to the card just drawn
 * (wherever it was: on the disabled draw button, the page's links, or nowhere), unless the
 * person is typing or a dialog is open. With no card marked (a reload), the focus goes to
 * the hand's first card only if it was lost. */
export function useFocusAfterDraw(discarding: boolean, fresh: ReadonlySet<string>): void {
  const drawn = [...fresh].join(" ");
  useEffect(() => {
    if (!discarding) return;
    const active = document.activeElement as HTMLElement | null;
    if (document.querySelector("[aria-modal='true']") !== null) return;
    if (active && isTyping({ tagName: active.tagName, isContentEditable: active.isContentEditable })) return;
    const card = drawn ? document.querySelector<HTMLElement>("button.hand-card.fresh") : null;
    if (card) {
      card.focus({ preventScroll: true });
      return;
    }
    const lost = !active || active === document.body ||
      (active instanceof HTMLButtonElement && active.disabled);
    if (lost) document.querySelector<HTMLElement>("button.hand-card")?.focus({ preventScroll: true });
  }, [discarding, drawn]);
}

/** The tab's title says when the person is asked to act ("● Your turn"). */
export function useTitle(asking: string | null): void {
  useEffect(() => {
    document.title = asking ? `● ${asking} · Three-Thirteen` : "Three-Thirteen";
    return () => { document.title = "Three-Thirteen"; };
  }, [asking]);
}

/** Keys: s stock, p pile, d discard, o go out, h hint, u undo (see keys.ts for when).
 * `actions` is read when a key is pressed; a shortcut it lacks does nothing. */
export function useShortcuts(actions: Partial<Record<Shortcut, () => void>>): void {
  const current = useRef(actions);
  current.current = actions;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const dialogOpen = document.querySelector("[aria-modal='true']") !== null;
      const shortcut = shortcutFor(
        { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target },
        { enabled: shortcuts.peek(), dialogOpen });
      if (shortcut === null) return;
      event.preventDefault();
      current.current[shortcut]?.();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** In an online room the round's results close by themselves when the pause ends. */
export function usePauseEnd(online: boolean, showing: boolean, pauseUntil: number | null | undefined,
  dismiss: () => void): void {
  useEffect(() => {
    if (!online || !showing || typeof pauseUntil !== "number") return;
    const handle = setTimeout(dismiss, Math.max(0, pauseUntil - Date.now()));
    return () => clearTimeout(handle);
  }, [online, showing, pauseUntil]);
}
