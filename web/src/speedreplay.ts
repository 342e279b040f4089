/**
 * Frames of a finished speed game from its record (`threethirteen.speedrecord`: rounds of
 * `calls`): after the deal, after each call's draws, after its discards, then the round's
 * result. Every hand is open in a replay, so each draw names its card.
 */
import type { GameRecord, RecordRound } from "./api";
import { cardName, rankPlural } from "./cards";
import type { Frame } from "./replay";
import { dealt, remove } from "./replay";
import { namesList } from "./words";

/** The playing seat before `seat` (on its right): the pile it draws from. */
function rightOf(seats: number[], seat: number): number {
  return seats[(seats.indexOf(seat) - 1 + seats.length) % seats.length] ?? seat;
}

export function speedFramesOf(record: GameRecord): Frame[] {
  const frames: Frame[] = [];
  const totals = record.players.map(() => 0);
  const name = (seat: number) => record.players[seat] ?? `Seat ${seat + 1}`;
  record.rounds.forEach((round: RecordRound, r) => {
    const seats = round.seats ?? round.deal.hands.map((_, seat) => seat);
    const hands = round.deal.hands.map((hand) => [...hand]);
    const piles = (round.deal.piles ?? []).map((card) => (card ? [card] : []));
    let stock = round.deal.stock.length;
    const frame = (call: number, text: string, result = false): Frame => ({
      round: r, turn: frames.length, hands: hands.map((h) => [...h]), pile: [], stock, text, result,
      totals: [...totals], mover: null, piles: piles.map((p) => [...p]), call,
    });
    const title = round.playoff ? "Playoff round" : `Round ${round.number}`;
    frames.push(frame(0, `${title}: ${dealt(round)} cards each, ${round.wild === null ? "no wild rank; jokers wild"
      : `${rankPlural(round.wild)} wild`}; each turned a card to start a pile; ${name(round.dealer)} dealt.`));
    (round.calls ?? []).forEach((call, c) => {
      const said: string[] = [];
      for (const draw of call.draws) {
        if (draw.draw === "stock") {
          stock -= 1;
          said.push(`${name(draw.seat)} drew ${cardName(draw.card)} from the stock`);
        } else {
          const right = rightOf(seats, draw.seat);
          remove(piles[right] ?? [], draw.card);
          said.push(`${name(draw.seat)} took ${cardName(draw.card)} from ${name(right)}'s pile`);
        }
        hands[draw.seat]?.push(draw.card);
      }
      const late = call.draws.filter((draw) => draw.timeout).map((draw) => name(draw.seat));
      frames.push(frame(c + 1, `Call ${c + 1}, draw: ${said.join("; ")}.${late.length ? ` The caller drew for ${namesList(late)}.` : ""}`));
      const threw: string[] = [];
      for (const discard of call.discards) {
        remove(hands[discard.seat] ?? [], discard.discard);
        piles[discard.seat]?.push(discard.discard);
        const out = discard.out ? " and went out" : discard.false_out ? " and announced going out falsely" : "";
        threw.push(`${name(discard.seat)} discarded ${cardName(discard.discard)}${out}`);
      }
      const slow = call.discards.filter((discard) => discard.timeout).map((discard) => name(discard.seat));
      frames.push(frame(c + 1, `Call ${c + 1}, discard: ${threw.join("; ")}.${slow.length ? ` The caller threw for ${namesList(slow)}.` : ""}`));
    });
    if (!round.playoff) round.result.forEach((seat, i) => { totals[i] = (totals[i] ?? 0) + seat.points; });
    const outs = round.outs ?? (round.out !== null ? [round.out] : []);
    const how = outs.length ? `${namesList(outs.map(name))} went out` : "the stock ran out";
    frames.push(frame((round.calls ?? []).length, `${title} over: ${how}. ${round.result.map((s, i) => `${name(i)} ${s.points}`).join(", ")}.`, true));
  });
  return frames;
}
