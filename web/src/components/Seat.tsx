/** An opponent (or the person) at the table: name, level, card backs, score and marks, and
 * the seat's last action in words until it acts again. */
import { useEffect, useState } from "preact/hooks";
import type { RoomSeat, View } from "../protocol";
import type { SeatAction } from "../store";
import { seatName } from "../words";
import { CardBack } from "./Card";

interface Props {
  view: View;
  seat: number;
  roomSeat: RoomSeat | null;
  timerDeadline: number | null;
  /** The seat's last action ("drew from the stock", "discarded Queen of spades"...). */
  lastAction?: SeatAction | null;
  /** Whether this page is connected: while it is not, no seat is known to be connected. */
  connected?: boolean;
  /** The host may give an offline person's seat to the computer. */
  onGive?: (() => void) | null;
}

export function Seat({ view, seat, roomSeat, timerDeadline, lastAction = null, connected = true, onGive = null }: Props) {
  const name = seatName(view, seat);
  const count = view.hand_sizes[seat] ?? 0;
  const playing = view.seats.includes(seat);
  const turn = view.turn === seat && view.phase !== "over";
  const out = view.out === seat;
  const dealer = view.dealer === seat;
  const level = roomSeat && roomSeat.kind !== "human" ? roomSeat.kind : null;
  const offline = roomSeat !== null && !roomSeat.connected;
  const person = roomSeat !== null && roomSeat.kind === "human";
  const presence = !connected ? "unknown" : offline ? "off" : "on";
  const details = [
    level ? `computer, ${level}` : null,
    `${count} ${count === 1 ? "card" : "cards"}`,
    `score ${view.totals[seat] ?? 0}`,
    dealer ? "dealer" : null,
    turn ? "to play" : null,
    out ? "went out" : null,
    offline ? "offline" : null,
  ].filter(Boolean).join(", ");
  const describedBy = `seat-${seat}-details`;
  const backs = Math.min(count, 14);
  const waitingFor = person && offline && turn;
  return (
    <section class={`seat${turn ? " turn" : ""}${out ? " out" : ""}${playing ? "" : " idle"}`}
      aria-label={name} aria-describedby={describedBy} data-seat={seat}>
      <span id={describedBy} class="visually-hidden">{details}</span>
      <div class="seat-head">
        <span class={`presence ${presence}`} aria-hidden="true"
          title={presence === "unknown" ? "Not known while you are disconnected" : offline ? "Disconnected" : "Connected"} />
        <span class="seat-name" title={name} aria-hidden="true">{name}</span>
        {level && <span class="level" aria-hidden="true">{level}</span>}
      </div>
      {/* Live regions would say each move twice: the move log already tells it. */}
      <p class={lastAction ? "last-action" : "last-action none"}>
        <span class="visually-hidden" role="status" aria-live="off">{lastAction?.words ?? ""}</span>
        {lastAction && <span aria-hidden="true" title={lastAction.words}>{lastAction.short}</span>}
      </p>
      {/* The backs until the seat acts; then its last action in their place. */}
      {!lastAction && (
        <div class="backs" aria-hidden="true">
          {Array.from({ length: backs }, (_, i) => <CardBack key={i} small />)}
        </div>
      )}
      <div class="seat-foot" aria-hidden="true">
        <span class="count">{count} {count === 1 ? "card" : "cards"}</span>
        <span class="score">{view.totals[seat] ?? 0} pts</span>
      </div>
      <div class="marks" aria-hidden="true">
        {dealer && <span class="mark dealer">Dealer</span>}
        {turn && !waitingFor && <span class="mark turn thinking">{seat === view.seat ? "Your turn" : "Playing"}</span>}
        {out && <span class="mark out">Out</span>}
        {offline && !waitingFor && <span class="mark offline">Offline</span>}
        {turn && timerDeadline !== null && <Countdown deadline={timerDeadline} />}
      </div>
      {waitingFor && <p class="waiting-for">Waiting for {name} (offline)</p>}
      {person && offline && onGive && (
        <button type="button" class="small give-seat" onClick={onGive}>Give seat to computer</button>
      )}
    </section>
  );
}

export function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const handle = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(handle);
  }, []);
  const seconds = Math.max(0, Math.round((deadline - now) / 1000));
  return <span class="mark timer">{seconds}s</span>;
}
