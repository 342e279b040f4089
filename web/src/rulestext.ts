/** The rules in plain words, for the "How to play" page and the rules form: the page's
 * sections, what each rules option does, what each preset is, and a line that says what
 * rules a form holds as edited. The engine (rules.py) decides; these words explain it. */
import type { Rules } from "./protocol";

/** The rules page's sections, in order: each id is a stable address (`/rules#sets`). */
export const SECTIONS = [
  { id: "deal", title: "The deal and the wild cards" },
  { id: "turn", title: "A turn" },
  { id: "sets", title: "Sets" },
  { id: "runs", title: "Runs" },
  { id: "wilds", title: "Wild cards" },
  { id: "going-out", title: "Going out" },
  { id: "last-turns", title: "The last turns" },
  { id: "scoring", title: "Scoring" },
  { id: "winning", title: "Winning" },
  { id: "variants", title: "Variants" },
  { id: "options", title: "Every rule option" },
  { id: "keys", title: "Help at the table, and keys" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

/** The id of an option's own paragraph on the rules page: `option-decks`. */
export function optionAnchor(name: string): string {
  return `option-${name.replace(/_/g, "-")}`;
}

/** An option's name as the form labels it: "first_turn_out" is "First turn out". */
export function optionLabel(name: string): string {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface OptionWords {
  /** What the option does, in a sentence or two a player understands. */
  help: string;
  /** The section of the rules page that tells the rule it changes. */
  section: SectionId;
  /** The words a list shows for each of its values (the value itself is what is sent). */
  choices?: Record<string, string>;
}

/** Every option of the engine's rules (the catalog in rules-options.json) in plain words. */
export const OPTION_WORDS: Record<string, OptionWords> = {
  players: {
    help: "How many people and computers sit at the table: 2 to 8, or up to 16 in speed.",
    section: "deal",
  },
  decks: {
    help: "How many packs of cards are shuffled together. Auto: one pack for two players, "
      + "otherwise one pack for every two players (three players get two packs); in speed, "
      + "one pack for every three players.",
    section: "deal",
  },
  jokers: {
    help: "How many jokers are added to the pack. A joker is wild in every round.",
    section: "wilds",
  },
  rounds: {
    help: "How many rounds the game has. Round 1 deals 3 cards with threes wild; each round "
      + "deals one card more and makes the next rank wild, up to 13 cards with kings wild in "
      + "round 11. A 12th round deals 14 cards and only jokers are wild.",
    section: "deal",
  },
  upcard: {
    help: "After the deal, one card is turned face up to start the discard pile. Off: the pile "
      + "starts empty, so the first player must draw from the stock.",
    section: "turn",
  },
  first_turn_out: {
    help: "A player may go out on their very first turn of a round. Off: not before their "
      + "second turn.",
    section: "going-out",
  },
  final_turns: {
    help: "After someone goes out, every other player plays one last turn. Off: the round "
      + "ends at once.",
    section: "last-turns",
  },
  stock_empty: {
    help: "What happens when the stock runs out. End the round: the player who drew the last "
      + "card discards and the round ends. Reshuffle: the first time, the discard pile (all "
      + "but its top card) is shuffled into a new stock; the second time the round ends.",
    section: "last-turns",
    choices: { end_round: "End the round", reshuffle: "Reshuffle the pile once" },
  },
  false_out: {
    help: "What happens when a player says they are out but their cards do not all meld. "
      + "Refuse it: the game says no and the player plays on. Charge a penalty: the discard "
      + "stands and the player pays the false-out points at the round's end.",
    section: "going-out",
    choices: { reject: "Refuse it", penalty: "Charge a penalty" },
  },
  false_out_penalty: {
    help: "The points a false out costs, on top of the cards left in hand (when false outs "
      + "are charged a penalty).",
    section: "going-out",
  },
  ace: {
    help: "Where an ace may sit in a run. Low: A-2-3, not Q-K-A. High: Q-K-A, not A-2-3. "
      + "Both: at either end. Wrap: at either end and round the corner, so K-A-2 counts too. "
      + "An ace left in hand costs 1 point when low, 15 otherwise.",
    section: "runs",
    choices: { low: "Low (A-2-3)", high: "High (Q-K-A)", both: "Both ends", wrap: "Wrap (K-A-2 too)" },
  },
  face_values: {
    help: "What a Jack, Queen or King left in hand costs: 10 points each, or 11, 12 and 13.",
    section: "scoring",
    choices: { ten: "10 each", rank: "11, 12 and 13" },
  },
  wild_penalty: {
    help: "What a card of the round's wild rank costs when it is left in hand. None: the "
      + "card's own value (a seven costs 7).",
    section: "scoring",
  },
  joker_penalty: {
    help: "What a joker costs when it is left in hand.",
    section: "scoring",
  },
  all_wild_melds: {
    help: "A meld may be made of wild cards only. Off: every meld needs at least one card "
      + "that is not standing in for another.",
    section: "wilds",
  },
  max_wilds_per_meld: {
    help: "The most wild cards one meld may use. None: no limit.",
    section: "wilds",
  },
  out_bonus: {
    help: "Points for the player who goes out, who otherwise scores 0 for the round. A "
      + "negative number is a reward: -5 takes 5 points off their total.",
    section: "scoring",
  },
  ties: {
    help: "Who wins when several players share the lowest total. Share: they all win. "
      + "Nobody: no one wins. Playoff: they play one more round of 13 cards, kings wild.",
    section: "winning",
    choices: { share: "They share the win", none: "Nobody wins", playoff: "A playoff round" },
  },
  pack: {
    help: "Standard: packs of 52 cards. Five suits: packs of 55 cards with a fifth suit, "
      + "stars, and only the ranks 3 to King (no aces or twos).",
    section: "variants",
    choices: { standard: "Standard (52 cards)", "five-suit": "Five suits (stars added)" },
  },
  mode: {
    help: "Turns: one player at a time, the usual game. Speed: everyone draws and "
      + "discards at once, when a caller says so.",
    section: "variants",
    choices: { turns: "Turns", speed: "Speed (everyone at once)" },
  },
  speed_seconds: {
    help: "In speed, the longest the caller waits for a player, in seconds. A player too "
      + "slow to draw takes the top of the stock; one too slow to discard throws the card "
      + "just drawn.",
    section: "variants",
  },
};

/** Each preset's name for people (the value sent stays the preset's own name). */
export const PRESET_NAMES: Record<string, string> = {
  standard: "Standard",
  natural: "Natural",
  "single-wild": "Single wild",
  jokers: "Jokers",
  "high-stakes": "High stakes",
  "deuces-arent-wild": "Deuces aren't wild",
  "five-suit": "Five suits",
  speed: "Speed",
};

/** What each preset is, in a line (the form's line under the preset, the rules page). */
export const PRESET_WORDS: Record<string, string> = {
  standard: "The house rules: 11 rounds, 3 to 13 cards.",
  natural: "Every meld needs a natural card.",
  "single-wild": "At most one wild card acts in each meld; wilds left over cost 15.",
  jokers: "Four jokers, wild in every round.",
  "high-stakes": "Aces high or low; J, Q, K cost 11, 12, 13.",
  "deuces-arent-wild": "Jared Mellentine's variation for 2 or 3 players: a 12th round deals 14 cards "
    + "with no wild rank, jokers wild; a tie is played off.",
  "five-suit": "The Five Crowns pack: five suits (stars ★ added) of 3 to K, no aces or 2s, "
    + "6 jokers; J, Q, K cost 11, 12, 13, wild cards 20, jokers 50.",
  speed: "3-13 Speed: everyone draws and discards at once, on a caller's word; several "
    + "players may go out in a round.",
};

/** A value of an option in words: "none", "auto", a choice's words, "on"/"off". */
export function valueWords(name: string, value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (value === true) return "on";
  if (value === false) return "off";
  const choice = OPTION_WORDS[name]?.choices?.[String(value)];
  return choice ?? String(value);
}

/** The cards of the first and last deal of `rounds` rounds: "3 to 4 cards". */
function dealWords(rounds: number): string {
  return rounds === 1 ? "3 cards" : `3 to ${rounds + 2} cards`;
}

/**
 * The line under the preset, for the rules as edited: the preset's own line when nothing
 * differs from it, else the changes in words ("Standard, changed: Rounds 2 (3 to 4 cards).").
 * `base` holds the preset's values, `changes` the form's; only real differences count.
 */
export function rulesLine(preset: string, base: Rules, changes: Rules, defaults: Rules): string {
  const differences = Object.entries(changes).filter(([name, value]) => {
    if (name === "players" || name === "preset") return false;
    const before = name in base ? base[name] : defaults[name];
    return value !== before;
  });
  const own = PRESET_WORDS[preset] ?? "";
  if (differences.length === 0) return own;
  const words = differences.map(([name, value]) => {
    const text = `${optionLabel(name)} ${valueWords(name, value)}`;
    return name === "rounds" && typeof value === "number" ? `${text} (${dealWords(value)})` : text;
  });
  const title = PRESET_NAMES[preset] ?? preset;
  return `${title}, changed: ${words.join("; ")}.`;
}

/** One round of the game: its number, the cards dealt, the wild rank in words. */
export interface RoundRow {
  round: number;
  cards: number;
  wild: string;
}

const WILD_WORDS = ["threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
  "jacks", "queens", "kings"];

/** The rounds of a game of `rounds` rounds (1 to 12): round k deals k+2 cards, rank k+2 wild. */
export function roundRows(rounds: number): RoundRow[] {
  return Array.from({ length: rounds }, (_, index) => ({
    round: index + 1,
    cards: index + 3,
    wild: WILD_WORDS[index] ?? "none: only jokers",
  }));
}

/** The options of a game's rules (a view's `rules`: every option) that differ from the
 * usual ones, in words: [["ace", "Both ends"], ...]; the seat count is no difference. */
export function differences(rules: Rules, defaults: Rules): Array<[string, string]> {
  return Object.entries(rules)
    .filter(([name, value]) => name !== "players" && name in defaults && value !== defaults[name])
    .filter(([name, value]) => name !== "decks" || value !== autoDecks(rules))
    .filter(([name]) => name !== "speed_seconds" || rules["mode"] === "speed")
    .map(([name, value]) => [name, valueWords(name, value)]);
}

/** The packs "auto" gives (rules.py's deck_count): one for two players, else one for every
 * two (rounded up); in speed, one for every three. */
export function autoDecks(rules: Rules): number {
  const players = typeof rules["players"] === "number" ? rules["players"] : 4;
  if (rules["mode"] === "speed") return Math.ceil(players / 3);
  return players <= 2 ? 1 : Math.ceil(players / 2);
}
