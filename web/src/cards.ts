/**
 * Cards as the server writes them ("7h", "Th", "Qs", "9x", "*") and their names for people;
 * `x` is stars, the fifth suit of the five-suit pack (ranks 3 to K).
 * The one place a card becomes words: every label, log line and accessible name uses
 * `cardName`.
 */

export type Suit = "c" | "d" | "h" | "s" | "x";

export interface CardFace {
  readonly code: string;
  readonly joker: boolean;
  readonly rank: number; // 1 (ace) .. 13 (king); 0 for a joker
  readonly suit: Suit | null;
}

const RANKS = "A23456789TJQK";
const RANK_WORDS = [
  "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King",
] as const;
const RANK_PLURALS = [
  "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
  "Tens", "Jacks", "Queens", "Kings",
] as const;
const SUIT_WORDS: Record<Suit, string> = { c: "clubs", d: "diamonds", h: "hearts", s: "spades", x: "stars" };
export const SUIT_SYMBOLS: Record<Suit, string> = { c: "♣", d: "♦", h: "♥", s: "♠", x: "★" };

/** Read a card code; throws on anything the server would never send. */
export function parseCard(code: string): CardFace {
  if (code === "*") return { code, joker: true, rank: 0, suit: null };
  const rank = RANKS.indexOf(code.charAt(0)) + 1;
  const suit = code.charAt(1);
  if (code.length !== 2 || rank === 0 || !(suit in SUIT_WORDS) || (suit === "x" && rank < 3)) {
    throw new Error(`not a card: ${JSON.stringify(code)}`);
  }
  return { code, joker: false, rank, suit: suit as Suit };
}

/** The rank index (1..13) of a rank letter such as "7", "T" or "Q". */
export function rankOf(letter: string): number {
  return RANKS.indexOf(letter) + 1;
}

/** What the corner of a card shows: "A", "7", "10", "Q"; "JK" for a joker (not a star:
 * ★ is the stars suit of the five-suit pack). */
export function rankLabel(card: CardFace): string {
  if (card.joker) return "JK";
  return card.rank === 10 ? "10" : RANKS.charAt(card.rank - 1);
}

/** A wild card is a joker or a card of the round's wild rank (null: no wild rank, as in
 * round 12, where only jokers are wild). */
export function isWild(card: CardFace, wild: string | null): boolean {
  return card.joker || (wild !== null && card.rank === rankOf(wild));
}

/**
 * A card's name for people: "7 of hearts", "Queen of clubs", "Joker"; with the round's
 * wild rank given, a card of that rank ends in ", wild" ("7 of hearts, wild").
 */
export function cardName(code: string, wild: string | null = null): string {
  const card = parseCard(code);
  if (card.joker) return "Joker";
  const name = `${RANK_WORDS[card.rank - 1]} of ${SUIT_WORDS[card.suit as Suit]}`;
  return isWild(card, wild) ? `${name}, wild` : name;
}

/** A rank in words, plural, for banners: "Sevens", "Queens". */
export function rankPlural(letter: string): string {
  return RANK_PLURALS[rankOf(letter) - 1] ?? letter;
}

/** Suit order for sorting by suit: clubs, diamonds, spades, hearts (colours alternate),
 * then stars. */
const SUIT_ORDER: Record<Suit, number> = { c: 0, d: 1, s: 2, h: 3, x: 4 };

export function bySuit(a: string, b: string): number {
  const x = parseCard(a);
  const y = parseCard(b);
  if (x.joker || y.joker) return Number(x.joker) - Number(y.joker);
  return SUIT_ORDER[x.suit as Suit] - SUIT_ORDER[y.suit as Suit] || x.rank - y.rank;
}

export function byRank(a: string, b: string): number {
  const x = parseCard(a);
  const y = parseCard(b);
  if (x.joker || y.joker) return Number(x.joker) - Number(y.joker);
  return x.rank - y.rank || SUIT_ORDER[x.suit as Suit] - SUIT_ORDER[y.suit as Suit];
}
