/**
 * The order the person sees their hand in: by suit, by rank, melds first, or their own
 * order. A display choice only; the server's hand is the set of cards.
 * A hand may hold the same card twice (several decks), so each card gets a key
 * "<code>#<n>" (its n-th copy).
 */
import { byRank, bySuit } from "./cards";

export type SortMode = "suit" | "rank" | "melds" | "own";

export interface HandItem {
  readonly key: string;
  readonly code: string;
}

export function keyed(hand: readonly string[]): HandItem[] {
  const seen = new Map<string, number>();
  return hand.map((code) => {
    const n = seen.get(code) ?? 0;
    seen.set(code, n + 1);
    return { key: `${code}#${n}`, code };
  });
}

/** The hand in display order. `own` is the person's last order of keys; `melds` the analysis'. */
export function arrange(
  hand: readonly string[], mode: SortMode, own: readonly string[], melds: readonly string[][],
): HandItem[] {
  const items = keyed(hand);
  if (mode === "suit") return [...items].sort((a, b) => bySuit(a.code, b.code));
  if (mode === "rank") return [...items].sort((a, b) => byRank(a.code, b.code));
  if (mode === "melds") {
    // Each meld in the server's layout (a run in order, a wild in the slot it fills).
    const rest = [...items];
    const ordered: HandItem[] = [];
    for (const meld of melds) {
      for (const code of meld) {
        const at = rest.findIndex((item) => item.code === code);
        if (at >= 0) ordered.push(...rest.splice(at, 1));
      }
    }
    return [...ordered, ...rest.sort((a, b) => byRank(a.code, b.code))];
  }
  const position = new Map(own.map((key, index) => [key, index]));
  const known = items.filter((item) => position.has(item.key));
  const fresh = items.filter((item) => !position.has(item.key));
  known.sort((a, b) => position.get(a.key)! - position.get(b.key)!);
  return [...known, ...fresh];
}

/** `keys` with `key` moved by `delta` places (clamped). */
export function moveBy(keys: readonly string[], key: string, delta: number): string[] {
  const from = keys.indexOf(key);
  if (from < 0) return [...keys];
  const to = Math.max(0, Math.min(keys.length - 1, from + delta));
  return moveTo(keys, key, to);
}

/** `keys` with `key` moved to index `to`. */
export function moveTo(keys: readonly string[], key: string, to: number): string[] {
  const rest = keys.filter((item) => item !== key);
  if (rest.length === keys.length) return [...keys];
  const at = Math.max(0, Math.min(rest.length, to));
  return [...rest.slice(0, at), key, ...rest.slice(at)];
}
