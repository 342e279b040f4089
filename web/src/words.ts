/** Moves and events in words, for the move log and the live region (INTERFACES.md §6). */
import { cardName, rankPlural } from "./cards";
import type { Analysis, HintOption, Phase, RoundResult, View } from "./protocol";
import type { Status } from "./socket";

/** What a seat is called on this screen: "You" for one's own seat, else its name. */
export function seatName(view: Pick<View, "players" | "seat">, seat: number): string {
  if (view.seat !== null && seat === view.seat) return "You";
  return view.players[seat] ?? `Seat ${seat + 1}`;
}

const FORM = /^\s*(?:(\d+)\s*:)?\s*(draw|discard|out)\s+(\S+)\s*$/i;

export interface ParsedAction {
  seat: number | null;
  verb: "draw" | "discard" | "out";
  argument: string;
}

export function parseAction(text: string): ParsedAction | null {
  const match = FORM.exec(text);
  if (!match) return null;
  return {
    seat: match[1] === undefined ? null : Number(match[1]),
    verb: match[2]!.toLowerCase() as ParsedAction["verb"],
    argument: match[3]!,
  };
}

/**
 * Lines for one action: "Left drew from the stock", "You took 7 of hearts from the
 * discard pile", "Top discarded Queen of spades", then "Right went out" for an out.
 * `taken` is the card a draw from the pile took, when known.
 */
export function describeAction(
  view: Pick<View, "players" | "seat">,
  text: string,
  taken: string | null = null,
): string[] {
  const action = parseAction(text);
  if (action === null || action.seat === null) return [];
  const who = seatName(view, action.seat);
  if (action.verb === "draw") {
    if (action.argument === "stock") return [`${who} drew from the stock`];
    return [taken ? `${who} took ${cardName(taken)} from the discard pile`
                  : `${who} took from the discard pile`];
  }
  const discarded = `${who} discarded ${cardName(action.argument)}`;
  return action.verb === "out" ? [discarded, `${who} went out`] : [discarded];
}

/** The cards each playing seat was dealt, read from the view: every seat in play holds
 * that many, except the one to discard, which holds one more. */
export function dealtSize(view: Pick<View, "hand_sizes" | "seats">): number {
  const sizes = view.seats.map((seat) => view.hand_sizes[seat] ?? 0);
  return sizes.length ? Math.min(...sizes) : 0;
}

/** "Round 3 of 11: 5 cards each, Fives are wild"; a playoff says the view's wild rank too
 * ("Playoff round: 13 cards each, Kings are wild"). */
export function roundBanner(view: Pick<View, "round" | "rules" | "wild" | "playoff" | "hand_sizes" | "seats">): string {
  const rounds = Number(view.rules["rounds"] ?? 11);
  const title = view.playoff ? "Playoff round" : `Round ${view.round} of ${rounds}`;
  if (view.wild === null) return `${title}: ${dealtSize(view)} cards each, no wild rank; jokers wild`;
  return `${title}: ${dealtSize(view)} cards each, ${rankPlural(view.wild)} are wild`;
}

/** The banner on a phone: "Round 3/11 · 5 cards · Fives wild". */
export function shortBanner(view: Pick<View, "round" | "rules" | "wild" | "playoff" | "hand_sizes" | "seats">): string {
  const rounds = Number(view.rules["rounds"] ?? 11);
  const title = view.playoff ? "Playoff" : `Round ${view.round}/${rounds}`;
  return `${title} · ${dealtSize(view)} cards · ${view.wild === null ? "jokers only wild" : `${rankPlural(view.wild)} wild`}`;
}

/** The wild rank in words for the felt: "Kings wild"; with no wild rank (round 12 of
 * deuces-arent-wild) "no wild rank; jokers wild". */
export function wildText(wild: string | null): string {
  return wild === null ? "no wild rank; jokers wild" : `${rankPlural(wild)} wild`;
}

/** "Left", "Left and Top", "Left, Top and Right". */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The seats that went out in a round: a speed round may have several (`outs`). */
export function outsOf(result: RoundResult): number[] {
  return result.outs ?? (result.out !== null ? [result.out] : []);
}

/** "Round 3 over. Left went out. Points: You 12, Left 0, Top 25, Right 7." (a speed round:
 * "Left and Top went out"). */
export function roundSummary(view: Pick<View, "players" | "seat">, result: RoundResult): string {
  const outs = outsOf(result).map((seat) => seatName(view, seat));
  const how = outs.length ? `${namesList(outs)} went out` : "The stock ran out";
  const points = result.result
    .map((seat, index) => `${seatName(view, index)} ${seat.points}`)
    .join(", ");
  return `Round ${result.number} over. ${how}. Points: ${points}.`;
}

/** "You win", "Top wins", "Left and Right share the win". */
export function winnersText(view: Pick<View, "players" | "seat">, winners: number[]): string {
  if (winners.length === 0) return "No one wins: the lowest total is shared";
  const names = winners.map((seat) => seatName(view, seat));
  if (names.length === 1) return names[0] === "You" ? "You win" : `${names[0]} wins`;
  return `${namesList(names)} share the win`;
}

/** A hint's move for people: "Draw from the stock", "Discard 7 of hearts", "Go out with Joker". */
export function hintText(text: string, wild: string | null): string {
  const action = parseAction(text.includes(":") ? text : `0: ${text}`);
  if (!action) return text;
  if (action.verb === "draw") return action.argument === "stock" ? "Draw from the stock" : "Take the discard";
  const card = cardName(action.argument, wild);
  return action.verb === "out" ? `Go out with ${card}` : `Discard ${card}`;
}

/** The hint for the move log: "Hint: Discard 7 of hearts 4.2, Draw from the stock 6.0
 * (expected points, lower is better)". */
export function hintLine(options: HintOption[], wild: string | null): string {
  if (options.length === 0) return "Hint: no move to suggest";
  const best = options.slice(0, 3).map((option) => `${hintText(option.action, wild)} ${option.expected.toFixed(1)}`);
  return `Hint: ${best.join(", ")} (expected points, lower is better)`;
}

/** A change of the connection worth telling, or null (the first connection is not). */
export function statusLine(before: Status, now: Status): string | null {
  if (before === now) return null;
  if (now === "reconnecting") return "Connection lost: reconnecting...";
  if (now === "open" && before === "reconnecting") return "Connected again";
  if (now === "closed") return "Disconnected";
  return null;
}

function points(count: number): string {
  return `${count} ${count === 1 ? "point" : "points"}`;
}

/** The server's analysis in a line: the chosen card's discard ("Discarding 7 of hearts
 * leaves 4 points"), else the best one, else (to draw) the best arrangement. */
export function adviceText(analysis: Analysis | null, phase: Phase, chosen: string | null, wild: string | null): string {
  if (!analysis) return "";
  const best = analysis.discards?.[0];
  if (phase === "discard" && best) {
    const choice = analysis.discards?.find((option) => option.card === chosen);
    return choice
      ? `Discarding ${cardName(choice.card, wild)} leaves ${points(choice.deadwood)}${choice.out ? ": you go out" : ""}.`
      : `Best discard: ${cardName(best.card, wild)}, leaving ${points(best.deadwood)}${best.out ? ": you can go out" : ""}.`;
  }
  const melds = analysis.melds.length;
  return `Best arrangement: ${melds} ${melds === 1 ? "meld" : "melds"}, ${points(analysis.deadwood)} unmelded.`;
}
