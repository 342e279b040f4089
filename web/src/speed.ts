/**
 * Speed mode ("3-13 Speed", RULES.md "Speed") in words and numbers: who sits on whose
 * right, the caller's step and timer, and what changed between two views, for the move
 * log. Read from `SpeedView`s only; nothing here decides what is legal.
 */
import { cardName } from "./cards";
import type { RoundResult, SpeedView } from "./protocol";
import { namesList, roundSummary, seatName } from "./words";

type Names = Pick<SpeedView, "players" | "seat">;

/** The playing seat on `seat`'s right (the one before it): `seat` may take its pile's top.
 * Null for a seat sitting the round out. */
export function rightOf(view: Pick<SpeedView, "seats">, seat: number): number | null {
  const at = view.seats.indexOf(seat);
  if (at < 0 || view.seats.length < 2) return null;
  return view.seats[(at - 1 + view.seats.length) % view.seats.length] ?? null;
}

/** The other seats from the person's left round to their right (a spectator: every seat,
 * from seat 0). */
export function seatsAround(view: Pick<SpeedView, "players" | "seat">): number[] {
  const count = view.players.length;
  const me = view.seat;
  if (me === null) return view.players.map((_, seat) => seat);
  return Array.from({ length: count - 1 }, (_, i) => (me + 1 + i) % count);
}

/** "Call 3: draw!", "Call 3: discard!"; the last call says so. Empty once the game is over. */
export function callText(view: Pick<SpeedView, "call" | "phase" | "last_call">): string {
  if (view.phase === "over") return "";
  const step = `Call ${view.call}: ${view.phase}!`;
  return view.last_call ? `${step} Last call: the stock runs out.` : step;
}

/** Whole seconds left until `deadline` (rounded up: "1" until the very end). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** The timer's accessible name: "7 seconds to the caller". */
export function timerName(seconds: number): string {
  return `${seconds} ${seconds === 1 ? "second" : "seconds"} to the caller`;
}

/**
 * How far the server's clock runs ahead of this one (ms), judged when a step begins: its
 * deadline should then lie `seconds` ahead. Differences a slow network explains (under
 * 1.5 s) count as none, so the server's deadline is kept as it is.
 */
export function clockSkew(deadline: number, receivedAt: number, seconds: number): number {
  const skew = deadline - receivedAt - seconds * 1000;
  return Math.abs(skew) < 1500 ? 0 : skew;
}

/** The step a view is in: an action sent in one step is answered once the step changes. */
export function stepKey(view: Pick<SpeedView, "round" | "call" | "phase" | "results">): string {
  return `${view.results.length}/${view.round}/${view.call}/${view.phase}`;
}

/** Whether the seat of `view` has still to act in its step. */
export function toAct(view: Pick<SpeedView, "seat" | "waiting">): boolean {
  return view.seat !== null && view.waiting.includes(view.seat);
}

/** A pile in words: "Left's pile: 7 of hearts", "Your pile: empty". */
export function pileName(view: Names & Pick<SpeedView, "piles" | "wild">, seat: number): string {
  return `${owner(view, seat)} pile: ${pileTop(view, seat)}`;
}

/** A pile's top card in words, or "empty". */
export function pileTop(view: Pick<SpeedView, "piles" | "wild">, seat: number): string {
  const top = view.piles[seat]?.at(-1);
  return top ? cardName(top, view.wild) : "empty";
}

/** "Your", "Left's". */
export function owner(view: Names, seat: number): string {
  const name = seatName(view, seat);
  return name === "You" ? "Your" : `${name}'s`;
}

/** The view with each seat's hand size as dealt (a seat still to discard holds one card
 * more), for the round's banner ("Round 3 of 11: 5 cards each, ..."). */
export function asDealt<T extends Pick<SpeedView, "hand_sizes" | "phase" | "waiting">>(view: T): T {
  if (view.phase !== "discard") return view;
  return { ...view, hand_sizes: view.hand_sizes.map((size, seat) => size - (view.waiting.includes(seat) ? 1 : 0)) };
}

/** What the person is asked now. */
export function speedPrompt(view: SpeedView, pending: boolean): string {
  if (view.phase === "over") return "The game is over.";
  if (view.seat === null) return `Watching. ${callText(view)}`;
  if (!view.seats.includes(view.seat)) return "You sit this round out.";
  if (pending) return "Sent: waiting for the others.";
  if (toAct(view) && view.phase === "draw") {
    const right = rightOf(view, view.seat);
    return `Draw: the stock or the top of ${right === null ? "the pile" : `${owner(view, right)} pile`}.`;
  }
  if (toAct(view)) return "Choose a card to discard (or go out with it).";
  const others = view.waiting.length;
  return `Done: waiting for ${others} ${others === 1 ? "player" : "players"}.`;
}

/** The seats that acted between two views of the same step. */
function acted(before: SpeedView, view: SpeedView): number[] {
  return before.waiting.filter((seat) => !view.waiting.includes(seat));
}

/** Lines for the draws of a call, once resolved: pile takes by name and card, the person's
 * own draw with its card, the other stock draws in one line. */
function drawLines(view: SpeedView, from: number): string[] {
  const lines: string[] = [];
  const takes = view.pile_draws.slice(from);
  for (const take of takes) {
    const right = rightOf(view, take.seat);
    const whose = right === null ? "the" : right === view.seat ? "your" : owner(view, right);
    lines.push(`${seatName(view, take.seat)} took ${cardName(take.card)} from ${whose} pile`);
  }
  const fromPile = new Set(takes.map((take) => take.seat));
  const stock = view.seats.filter((seat) => !fromPile.has(seat));
  const mine = view.seat !== null && stock.includes(view.seat);
  if (mine) {
    lines.push(view.drawn ? `You drew ${cardName(view.drawn)} from the stock` : "You drew from the stock");
  }
  const others = stock.filter((seat) => seat !== view.seat).map((seat) => seatName(view, seat));
  if (others.length) lines.push(`${namesList(others)} drew from the stock`);
  return lines;
}

/** Lines for discards seen on the piles of `view` (the step's discards are on top). */
function discardLines(before: SpeedView, view: SpeedView, seats: number[]): string[] {
  const lines: string[] = [];
  for (const seat of seats) {
    const card = view.piles[seat]?.at(-1);
    const who = seatName(view, seat);
    lines.push(card ? `${who} discarded ${cardName(card)}` : `${who} discarded`);
    if (view.outs.includes(seat) && !before.outs.includes(seat)) lines.push(`${who} went out`);
  }
  return lines;
}

/** The card the person threw to end a round: the one of their hand missing from it laid
 * open; null when the view cannot know. */
function lastOwnDiscard(before: SpeedView, result: RoundResult): string | null {
  const seat = before.seat;
  const laid = seat !== null ? result.result[seat] : undefined;
  if (!before.hand || !laid) return null;
  const missing = [...before.hand];
  for (const card of [...laid.melds.flat(), ...laid.deadwood]) {
    const at = missing.indexOf(card);
    if (at >= 0) missing.splice(at, 1);
  }
  return missing.length === 1 ? missing[0]! : null;
}

/** The line for seats the caller played for: "Time! The caller drew for Left and Top". */
function callerLine(view: Names, seats: number[], phase: "draw" | "discard"): string {
  const names = namesList(seats.map((seat) => seatName(view, seat)));
  return phase === "draw" ? `Time! The caller drew from the stock for ${names}`
    : `Time! The caller threw the drawn card for ${names}`;
}

/**
 * What happened between two views, in words, for the move log. `timedOut` says the
 * caller played for the seats that acted last (the step's time ran out); several seats
 * acting in one version can only be the caller's doing.
 */
export function speedLines(before: SpeedView, view: SpeedView, timedOut = false): string[] {
  const sameRound = view.round === before.round && view.results.length === before.results.length;
  if (!sameRound) return roundEndLines(before, view, timedOut);
  const lines: string[] = [];
  if (view.call === before.call && view.phase === before.phase) {
    if (view.phase === "discard") lines.push(...discardLines(before, view, acted(before, view)));
    return lines;
  }
  // The step ended: the seats still waiting before acted last, all at once if the caller did.
  const caller = timedOut || before.waiting.length > 1;
  if (view.call === before.call && before.phase === "draw" && view.phase === "discard") {
    if (caller && before.waiting.length) lines.push(callerLine(view, before.waiting, "draw"));
    lines.push(...drawLines(view, before.pile_draws.length));
    return lines;
  }
  if (view.call === before.call + 1 && before.phase === "discard" && view.phase === "draw") {
    if (caller && before.waiting.length) lines.push(callerLine(view, before.waiting, "discard"));
    lines.push(...discardLines(before, view, before.waiting));
  }
  return lines;
}

function roundEndLines(before: SpeedView, view: SpeedView, timedOut: boolean): string[] {
  const lines: string[] = [];
  const result = view.results.length > before.results.length ? view.results.at(-1) : undefined;
  if (!result) return lines;
  const last = before.phase === "discard" ? before.waiting : [];
  if (last.length && (timedOut || last.length > 1)) lines.push(callerLine(view, last, "discard"));
  for (const seat of last) {
    const card = seat === before.seat ? lastOwnDiscard(before, result) : null;
    const who = seatName(view, seat);
    lines.push(card ? `${who} discarded ${cardName(card)}` : `${who} discarded, ending the round`);
  }
  lines.push(roundSummary(view, result));
  return lines;
}

/** The cards the person may go out with now (from the legal moves: where false outs are
 * rejected, a legal `out` goes out; with a penalty, any card may be claimed, so none is
 * named). */
export function goOutCards(view: Pick<SpeedView, "seat" | "legal" | "rules">): string[] {
  if (view.seat === null || view.rules["false_out"] !== "reject") return [];
  const prefix = `${view.seat}: out `;
  return [...new Set(view.legal.filter((text) => text.startsWith(prefix)).map((text) => text.slice(prefix.length)))];
}

/** "You can go out with 7 of hearts." (or with one of several cards). */
export function goOutAdvice(view: Pick<SpeedView, "seat" | "legal" | "rules" | "wild">): string {
  const cards = goOutCards(view).map((card) => cardName(card, view.wild));
  if (cards.length === 0) return "";
  return cards.length === 1 ? `You can go out with ${cards[0]}.`
    : `You can go out with any of: ${cards.join(", ")}.`;
}
