/**
 * Frames of a finished game from its record (INTERFACES.md §3): after the deal, then
 * after each action (a turn's draw, then its discard), then the round's result. The record
 * says every card that moved, so a frame is bookkeeping of those moves; no rule is
 * decided here.
 */
import type { GameRecord, RecordRound } from "./api";
import { cardName, rankPlural } from "./cards";
import { speedFramesOf } from "./speedreplay";

export interface Frame {
  round: number; // index into record.rounds
  turn: number; // turns played in this round (0: just dealt)
  hands: string[][];
  pile: string[];
  stock: number;
  text: string;
  result: boolean; // the round's result is shown
  totals: number[];
  mover: number | null; // the seat whose turn this frame shows
  phase?: "draw" | "discard"; // a turn game's action this frame shows
  drawn?: string; // after a draw: the card drawn, last in the mover's hand
  piles?: string[][]; // speed: every seat's pile, top last
  call?: number; // speed: the call this frame shows (0: just dealt)
}

export function remove(hand: string[], card: string): void {
  const at = hand.indexOf(card);
  if (at < 0) throw new Error(`the record moves ${card}, which the hand does not hold`);
  hand.splice(at, 1);
}

/** The cards each playing seat was dealt (a seat sitting out a playoff holds none). */
export function dealt(round: RecordRound): number {
  const playing = round.seats ?? round.deal.hands.map((_, seat) => seat);
  return round.deal.hands[playing[0] ?? 0]?.length ?? 0;
}

export function framesOf(record: GameRecord): Frame[] {
  if (record.rules["mode"] === "speed") return speedFramesOf(record);
  const frames: Frame[] = [];
  const totals = record.players.map(() => 0);
  record.rounds.forEach((round: RecordRound, r) => {
    const hands = round.deal.hands.map((hand) => [...hand]);
    const pile = round.deal.upcard ? [round.deal.upcard] : [];
    let stock = round.deal.stock.length;
    const name = (seat: number) => record.players[seat] ?? `Seat ${seat + 1}`;
    frames.push({ round: r, turn: 0, hands: hands.map((h) => [...h]), pile: [...pile], stock,
      text: `${round.playoff ? "Playoff round" : `Round ${round.number}`}: ${dealt(round)} cards each, ${round.wild === null ? "no wild rank; jokers wild" : `${rankPlural(round.wild)} wild`}; ${name(round.dealer)} dealt.`,
      result: false, totals: [...totals], mover: null });
    round.turns.forEach((turn, t) => {
      if (turn.reshuffle) {
        stock = turn.reshuffle.length;
        pile.splice(0, pile.length - 1);
      }
      const hand = hands[turn.seat]!;
      if (turn.draw === "stock") stock -= 1;
      else pile.pop();
      hand.push(turn.card);
      const drew = turn.draw === "stock" ? `drew ${cardName(turn.card)} from the stock`
        : `took ${cardName(turn.card)} from the discard pile`;
      const reshuffled = turn.reshuffle ? "The discards were shuffled into a new stock. " : "";
      frames.push({ round: r, turn: t + 1, hands: hands.map((h) => [...h]), pile: [...pile], stock,
        text: `${reshuffled}${name(turn.seat)} ${drew}.`,
        result: false, totals: [...totals], mover: turn.seat, phase: "draw", drawn: turn.card });
      remove(hand, turn.discard);
      pile.push(turn.discard);
      const out = turn.out ? " and went out" : turn.false_out ? " and announced going out falsely" : "";
      frames.push({ round: r, turn: t + 1, hands: hands.map((h) => [...h]), pile: [...pile], stock,
        text: `${name(turn.seat)} discarded ${cardName(turn.discard)}${out}.`,
        result: false, totals: [...totals], mover: turn.seat, phase: "discard" });
    });
    // The record marks a playoff round; its points decide the tie and are not added to the totals.
    if (!round.playoff) round.result.forEach((seat, i) => { totals[i] = (totals[i] ?? 0) + seat.points; });
    const title = round.playoff ? "Playoff round" : `Round ${round.number}`;
    const how = round.out !== null ? `${name(round.out)} went out` : "the stock ran out";
    frames.push({ round: r, turn: round.turns.length, hands: hands.map((h) => [...h]), pile: [...pile], stock,
      text: `${title} over: ${how}. ${round.result.map((s, i) => `${name(i)} ${s.points}`).join(", ")}.`,
      result: true, totals: [...totals], mover: null });
  });
  return frames;
}

/** The frame of a round's action: `round` indexes record.rounds, `turn` is 1-based, a
 * phase of none gives the turn's draw; -1 when the frames have none. */
export function frameAt(frames: Frame[], round: number, turn: number, phase: "draw" | "discard" = "draw"): number {
  return frames.findIndex((frame) => frame.round === round && frame.turn === turn && frame.phase === phase);
}

/** The first frame of each round (its deal), by index into record.rounds. */
export function roundStarts(frames: Frame[]): number[] {
  const starts: number[] = [];
  frames.forEach((frame, index) => {
    if (starts[frame.round] === undefined) starts[frame.round] = index;
  });
  return starts;
}
