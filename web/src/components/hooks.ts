/** What both tables (turns and speed) do around the hand: the cards just arrived, the focus
 * after a draw, the tab's title, the single-key shortcuts, the results' pause. */
import { useEffect, useRef } from "preact/hooks";
import type { Shortcut } from "../keys";
import { isTyping, shortcutFor } from "../keys";
import { keyed } from "../order";
import { shortcuts } from "../settings";

interface Drawn {
  signature: string;
  keys: Set<string>;
  /** The card just drawn, while the person holds the drawn card's extra card. */
  drawn: string | null;
  /** After a discard: the card that had been drawn, and the card discarded (an undo
   * brings the discard back, and the drawn card is marked again). */
  kept: string | null;
  discarded: string | null;
  fresh: ReadonlySet<string>;
}

/** The key of the card just drawn into `hand`, as a set (empty when none): a hand that
 * gains one card and loses none has drawn it; it stays marked until the discard (and again
 * if the discard is undone). A new deal marks nothing. Worked out while rendering, so that
 * the focus can go to the card in the same update. */
export function useFreshCards(hand: readonly string[] | null | undefined): ReadonlySet<string> {
  const memory = useRef<Drawn>({ signature: "", keys: new Set(), drawn: null, kept: null, discarded: null, fresh: new Set() });
  const keys = hand ? keyed(hand).map((item) => item.key) : [];
  const signature = keys.join(" ");
  const m = memory.current;
  if (signature !== m.signature) {
    const now = new Set(keys);
    const added = keys.filter((key) => !m.keys.has(key));
    const removed = [...m.keys].filter((key) => !now.has(key));
    const first = added[0];
    if (m.keys.size > 0 && added.length === 1 && removed.length === 0 && first !== undefined) {
      const undone = first === m.discarded && m.kept !== null && now.has(m.kept);
      m.drawn = undone ? m.kept : first;
      m.kept = null;
      m.discarded = null;
    } else if (added.length === 0 && removed.length === 1) {
      m.kept = m.drawn;
      m.discarded = removed[0] ?? null;
      m.drawn = null;
    } else {
      m.drawn = m.kept = m.discarded = null;
    }
    m.signature = signature;
    m.keys = now;
    m.fresh = new Set(m.drawn !== null ? [m.drawn] : []);
  }
  return m.fresh;
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
