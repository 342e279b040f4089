/** A seat at the speed table (up to 16: small tiles), its pile's top, and the caller's timer. */
import { useEffect, useState } from "preact/hooks";
import { SUIT_SYMBOLS, cardName, isWild, parseCard, rankLabel } from "../cards";
import type { RoomSeat, SpeedView } from "../protocol";
import { pileTop, secondsLeft, timerName } from "../speed";
import { seatName } from "../words";

/** A pile's top as a small chip ("7♥"), or an empty outline. Decorative: the seat names it. */
export function PileChip({ top, wild }: { top: string | undefined; wild: string | null }) {
  if (!top) return <span class="pile-chip empty" aria-hidden="true" />;
  const card = parseCard(top);
  const classes = ["pile-chip", card.suit ? `suit-${card.suit}` : "joker", isWild(card, wild) ? "wild" : ""];
  return (
    <span class={classes.join(" ").trim()} aria-hidden="true">
      {rankLabel(card)}{card.suit ? SUIT_SYMBOLS[card.suit] : ""}
    </span>
  );
}

interface SeatProps {
  view: SpeedView;
  seat: number;
  roomSeat: RoomSeat | null;
  /** This seat's pile is the one the person may take from. */
  right: boolean;
}

/** "to draw" / "to discard" while the seat has still to act in this step, else "done". */
function stepWord(view: SpeedView, seat: number): { waiting: boolean; text: string } {
  if (view.phase === "over" || !view.seats.includes(seat)) return { waiting: false, text: "" };
  const waiting = view.waiting.includes(seat);
  return { waiting, text: waiting ? `to ${view.phase}` : "done" };
}

export function SpeedSeat({ view, seat, roomSeat, right }: SeatProps) {
  const name = seatName(view, seat);
  const count = view.hand_sizes[seat] ?? 0;
  const playing = view.seats.includes(seat);
  const out = view.outs.includes(seat);
  const level = roomSeat && roomSeat.kind !== "human" ? roomSeat.kind : null;
  const offline = roomSeat !== null && !roomSeat.connected;
  const top = view.piles[seat]?.at(-1);
  const step = stepWord(view, seat);
  const label = [
    name,
    level ? `computer, ${level}` : null,
    `${count} ${count === 1 ? "card" : "cards"}`,
    `score ${view.totals[seat] ?? 0}`,
    `pile: ${pileTop(view, seat)}`,
    right ? "you take from this pile" : null,
    step.text || (playing ? null : "sits this round out"),
    out ? "went out" : null,
    offline ? "disconnected" : null,
  ].filter(Boolean).join(", ");
  const classes = ["speed-seat", step.waiting ? "waiting" : "", right ? "right" : "", out ? "out" : "",
    playing ? "" : "idle"].filter(Boolean).join(" ");
  return (
    <section class={classes} aria-label={label} data-seat={seat}>
      <div class="seat-head">
        <span class={`presence ${offline ? "off" : "on"}`} title={offline ? "Disconnected" : "Connected"} />
        <span class="seat-name" title={level ? `${name}: computer, ${level}` : name}>{name}</span>
        <span class="score">{view.totals[seat] ?? 0} pts</span>
      </div>
      <div class="speed-seat-row">
        <PileChip top={top} wild={view.wild} />
        <span class="count">{count} {count === 1 ? "card" : "cards"}</span>
      </div>
      <div class="speed-seat-row step">
        {out ? <span class="mark out">Out</span>
          : step.text && <span class={`mark ${step.waiting ? "turn" : "done"}`}>{step.text}</span>}
      </div>
    </section>
  );
}

/** The caller's timer: whole seconds to `deadline`, named "7 seconds to the caller". */
export function CallTimer({ deadline, seconds: total }: { deadline: number; seconds: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    setNow(Date.now());
    const handle = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(handle);
  }, [deadline]);
  const seconds = secondsLeft(deadline, now);
  const share = total > 0 ? Math.min(1, Math.max(0, (deadline - now) / (total * 1000))) : 0;
  return (
    <span class={`call-timer${seconds <= 3 ? " low" : ""}`} role="timer" aria-label={timerName(seconds)}>
      <span class="call-seconds" aria-hidden="true">{seconds}s</span>
      <span class="call-bar" aria-hidden="true"><span style={{ width: `${Math.round(share * 100)}%` }} /></span>
    </span>
  );
}

/** The card a seat drew in words, for the person's bar ("You drew 7 of hearts"). */
export function drawnText(view: SpeedView): string | null {
  return view.drawn && view.phase === "discard" ? `Drawn: ${cardName(view.drawn, view.wild)}` : null;
}
