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

/** What Hint's numbers measure, said wherever they are shown. */
export const HINT_MEASURE = "expected points at the round's end, lower is better";

/** The hint for the move log: "Hint: Discard 7 of hearts 4.2, Draw from the stock 6.0
 * (expected points at the round's end, lower is better)". */
export function hintLine(options: HintOption[], wild: string | null): string {
  if (options.length === 0) return "Hint: no move to suggest";
  const best = options.slice(0, 3).map((option) => `${hintText(option.action, wild)} ${option.expected.toFixed(1)}`);
  return `Hint: ${best.join(", ")} (${HINT_MEASURE})`;
}

/** Why Hint may name another discard than "Best discard" (shown with both): they measure
 * different things. Null when they agree, or when either is missing. */
export function hintNote(options: readonly HintOption[] | null, analysis: Analysis | null, shown: boolean): string | null {
  const best = analysis?.discards?.[0];
  const first = options?.[0];
  if (!shown || !best || !first) return null;
  const action = parseAction(first.action.includes(":") ? first.action : `0: ${first.action}`);
  if (action === null || action.verb === "draw" || action.argument === best.card) return null;
  return "Hint looks ahead to the round's end (the cards still to come); Best discard counts only the points left now, so the two can differ.";
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

/** What the advice line may say: the "Best discard" aid (a setting, off by default), and
 * whether going out is among the seat's legal moves now (it is not, for instance, in the
 * last turn after someone else went out). */
export interface AdviceAids {
  bestDiscard: boolean;
  outLegal: boolean;
}

/** The server's analysis in a line. With the "Best discard" aid on, to discard: the chosen
 * card's discard ("Discarding 7 of hearts leaves 4 points"), else the best one for the
 * least points now ("Best discard for the least points now: Queen of diamonds, leaving 24
 * points"); "you go out" only when going out is legal. Otherwise the best arrangement of
 * the hand ("Best arrangement: 2 melds, 15 points unmelded"). */
export function adviceText(analysis: Analysis | null, phase: Phase, chosen: string | null, wild: string | null,
  aids: AdviceAids = { bestDiscard: false, outLegal: true }): string {
  if (!analysis) return "";
  const best = analysis.discards?.[0];
  if (phase === "discard" && best && aids.bestDiscard) {
    const choice = analysis.discards?.find((option) => option.card === chosen);
    return choice
      ? `Discarding ${cardName(choice.card, wild)} leaves ${points(choice.deadwood)}${choice.out && aids.outLegal ? ": you go out" : ""}.`
      : `Best discard for the least points now: ${cardName(best.card, wild)}, leaving ${points(best.deadwood)}${best.out && aids.outLegal ? ": you can go out" : ""}.`;
  }
  const melds = analysis.melds.length;
  return `Best arrangement: ${melds} ${melds === 1 ? "meld" : "melds"}, ${points(analysis.deadwood)} unmelded.`;
}

/** Why "Go out" is disabled, for its description: going out is not among the legal moves
 * (the last turn after someone else went out, or the rules forbid it now), no card is
 * chosen, or the chosen card's discard would leave cards unmelded. Null while it is enabled. */
export function goOutBlocker({ legal, seat, chosen, wild, enabled, someoneOut }: {
  legal: readonly string[]; seat: number | null; chosen: string | null; wild: string | null;
  enabled: boolean; someoneOut: boolean;
}): string | null {
  if (enabled) return null;
  const outs = seat === null ? [] : legal.filter((action) => action.startsWith(`${seat}: out `));
  if (outs.length === 0) {
    if (someoneOut) return "Someone has gone out: this is your last turn, and you cannot go out now";
    if (seat !== null && legal.some((action) => action.startsWith(`${seat}: discard `))) {
      return "Going out is not allowed on this turn";
    }
    return "Going out comes after a draw, with a card whose discard leaves every other card in melds";
  }
  if (chosen === null) return "Choose a card whose discard leaves every other card in melds";
  return `Discarding ${cardName(chosen, wild)} would leave cards unmelded: choose a card whose discard leaves every other card in melds`;
}
