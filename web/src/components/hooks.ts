/** What both tables (turns and speed) do around the hand: the cards just arrived, the focus
 * after a draw, the tab's title, the single-key shortcuts, the results' pause. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Shortcut } from "../keys";
import { shortcutFor } from "../keys";
import { keyed } from "../order";
import { shortcuts } from "../settings";

/** The keys of the cards that just arrived in `hand` (at most two: a draw, not a deal). */
export function useFreshCards(hand: readonly string[] | null | undefined): ReadonlySet<string> {
  const previous = useRef<Set<string>>(new Set());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const keys = hand ? keyed(hand).map((item) => item.key) : [];
  const signature = keys.join(" ");
  useEffect(() => {
    const before = previous.current;
    const added = before.size ? keys.filter((key) => !before.has(key)) : [];
    previous.current = new Set(keys);
    setFresh(new Set(added.length <= 2 ? added : []));
  }, [signature]);
  return fresh;
}

/** When the person is to discard and the focus was lost (the draw buttons it was on are
 * disabled now), it goes to the card just drawn. `signature` changes with the hand. */
export function useFocusAfterDraw(discarding: boolean, signature: unknown): void {
  useEffect(() => {
    if (!discarding) return;
    const active = document.activeElement as HTMLButtonElement | null;
    const lost = !active || active === document.body || (active.tagName === "BUTTON" && active.disabled);
    if (!lost) return;
    const target = document.querySelector<HTMLElement>("button.hand-card.fresh") ??
      document.querySelector<HTMLElement>("button.hand-card");
    target?.focus({ preventScroll: true });
  }, [discarding, signature]);
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
