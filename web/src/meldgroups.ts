/**
 * The hand laid out by melds: the server's best arrangement as groups of the person's cards
 * (each set or run in the order the server lays it out, a wild in the slot it fills), the
 * unmelded cards last with their points; and how those groups fit a width in lines.
 * Words and layout only: which cards meld is the server's answer (`analysis`).
 */
import { byRank, parseCard, rankPlural, SUIT_SYMBOLS } from "./cards";
import type { Suit } from "./cards";
import type { HandItem } from "./order";
import type { Analysis } from "./protocol";

export type GroupKind = "set" | "run" | "unmelded";

export interface HandGroup {
  readonly kind: GroupKind;
  /** The accessible name: "Set of sevens", "Run of spades, 3 to 5", "Unmelded: 15 points". */
  readonly name: string;
  /** The short visible label: "Set: sevens", "Run: 3–5 ♠", "Unmelded: 15 pts" ("15 pts"
   * under one card). */
  readonly label: string;
  readonly items: HandItem[];
}

const RUN_WORDS = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
const RUN_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_WORDS: Record<Suit, string> = { c: "clubs", d: "diamonds", h: "hearts", s: "spades", x: "stars" };

/** A run's place (1 ace low .. 13 king, 14 ace high, beyond that a run that wraps) as a
 * rank index 0..12. */
function rankAt(place: number): number {
  return (((place - 1) % 13) + 13) % 13;
}

function isWildCode(code: string, wild: string | null): boolean {
  const card = parseCard(code);
  return card.joker || (wild !== null && code.charAt(0) === wild);
}

/** Where a run laid out as `codes` starts: the place of its first slot. */
function runStart(codes: readonly string[], wild: string | null): number {
  const naturals = codes.map((code, index) => ({ code, index })).filter((c) => !isWildCode(c.code, wild));
  const plain = naturals.find((c) => parseCard(c.code).rank !== 1);
  if (plain) return parseCard(plain.code).rank - plain.index;
  const ace = naturals[0];
  // Only aces (and wilds): an ace first is low (A 2 3); otherwise it is high (Q K A).
  if (!ace || ace.index === 0) return 1;
  return 14 - ace.index;
}

/** A meld's kind when the server does not say: two naturals of one rank make a set,
 * of different ranks a run; one natural (or none) is read as a set. */
export function guessKind(codes: readonly string[], wild: string | null): "set" | "run" {
  const ranks = new Set(codes.filter((code) => !isWildCode(code, wild)).map((code) => code.charAt(0)));
  return ranks.size > 1 ? "run" : "set";
}

/** A meld's names, accessible and visible: "Set of sevens" / "Set: sevens",
 * "Run of spades, 3 to 5" / "Run: 3–5 ♠". */
export function meldNames(codes: readonly string[], kind: "set" | "run", wild: string | null): { name: string; label: string } {
  const naturals = codes.filter((code) => !isWildCode(code, wild));
  const first = naturals[0];
  if (first === undefined) {
    const name = `${kind === "set" ? "Set" : "Run"} of wild cards`;
    return { name, label: `${kind === "set" ? "Set" : "Run"}: wilds` };
  }
  if (kind === "set") {
    const plural = rankPlural(first.charAt(0)).toLowerCase();
    return { name: `Set of ${plural}`, label: `Set: ${plural}` };
  }
  const suit = parseCard(first).suit as Suit;
  const start = runStart(codes, wild);
  const end = start + codes.length - 1;
  return {
    name: `Run of ${SUIT_WORDS[suit]}, ${RUN_WORDS[rankAt(start)]} to ${RUN_WORDS[rankAt(end)]}`,
    label: `Run: ${RUN_LABELS[rankAt(start)]}–${RUN_LABELS[rankAt(end)]} ${SUIT_SYMBOLS[suit]}`,
  };
}

function points(count: number, short: boolean): string {
  return `${count} ${short ? "pts" : count === 1 ? "point" : "points"}`;
}

/**
 * The hand's `items` in groups: each meld of the analysis (its cards in the server's
 * order), then the rest ("Unmelded", with the analysis' points) when any is left. Every
 * item is in exactly one group. Null without an analysis, or when a meld names a card the
 * hand does not hold (an analysis of another hand): the hand is then shown flat.
 */
export function meldGroups(items: readonly HandItem[], analysis: Analysis | null, wild: string | null): HandGroup[] | null {
  if (!analysis) return null;
  const rest = [...items];
  const groups: HandGroup[] = [];
  for (const [index, meld] of analysis.melds.entries()) {
    const taken: HandItem[] = [];
    for (const code of meld) {
      const at = rest.findIndex((item) => item.code === code);
      if (at < 0) return null;
      taken.push(...rest.splice(at, 1));
    }
    const told = analysis.kinds?.[index];
    const kind = told === "set" || told === "run" ? told : guessKind(meld, wild);
    groups.push({ kind, ...meldNames(meld, kind, wild), items: taken });
  }
  if (rest.length > 0) {
    rest.sort((a, b) => byRank(a.code, b.code));
    groups.push({
      kind: "unmelded",
      name: `Unmelded: ${points(analysis.deadwood, false)}`,
      // One card leaves no room for a long label: its points say it.
      label: rest.length > 1 ? `Unmelded: ${points(analysis.deadwood, true)}` : points(analysis.deadwood, true),
      items: rest,
    });
  }
  return groups;
}

export interface GroupLayout {
  /** The visible strip of each card but the last of a line, in px. */
  strip: number;
  /** How many cards each group puts on one line (a long group takes several). */
  perLine: number[];
  /** The lines the groups take in all. */
  lines: number;
}

/** The room a group takes beside its cards (its padding, both sides) and between groups. */
export const GROUP_PAD = 3;
export const GROUP_GAP = 12;
/** The narrowest strip: 44 px, a comfortable target for a finger. */
export const MIN_STRIP = 44;

function pack(sizes: readonly number[], width: number, card: number, strip: number): { lines: number; perLine: number[] } {
  const inner = width - 2 * GROUP_PAD;
  const most = Math.max(1, Math.floor((inner - card) / strip) + 1);
  let lines = 0;
  let used = Infinity; // width used on the current line
  const perLine: number[] = [];
  for (const size of sizes) {
    if (size > most) {
      // A group too long for a line takes whole lines of its own, its cards spread evenly.
      const own = Math.ceil(size / most);
      perLine.push(Math.ceil(size / own));
      lines += own;
      used = Infinity;
      continue;
    }
    perLine.push(size);
    const needed = (size - 1) * strip + card + 2 * GROUP_PAD;
    if (used + GROUP_GAP + needed <= width) {
      used += GROUP_GAP + needed;
    } else {
      lines += 1;
      used = needed;
    }
  }
  return { lines, perLine };
}

/**
 * How groups of `sizes` cards fit `width` px with cards `card` px wide: the fewest lines
 * with strips of at least MIN_STRIP, then the widest strips (at most the card and a
 * little) that keep that many lines.
 */
export function groupLayout(sizes: readonly number[], width: number, card: number): GroupLayout {
  const widest = card + 6;
  const target = pack(sizes, width, card, MIN_STRIP).lines;
  // The widest strip, to a tenth of a pixel, that keeps the target number of lines.
  let low = MIN_STRIP;
  let high = widest;
  if (pack(sizes, width, card, high).lines <= target) low = high;
  while (high - low > 0.1) {
    const middle = (low + high) / 2;
    if (pack(sizes, width, card, middle).lines <= target) low = middle;
    else high = middle;
  }
  const strip = Math.floor(low * 10) / 10;
  const found = pack(sizes, width, card, strip);
  return { strip, perLine: found.perLine, lines: found.lines };
}
