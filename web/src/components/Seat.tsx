/** An opponent (or the person) at the table: name, level, card backs, score and marks. */
import { useEffect, useState } from "preact/hooks";
import type { RoomSeat, View } from "../protocol";
import { seatName } from "../words";
import { CardBack } from "./Card";

interface Props {
  view: View;
  seat: number;
  roomSeat: RoomSeat | null;
  timerDeadline: number | null;
}

export function Seat({ view, seat, roomSeat, timerDeadline }: Props) {
  const name = seatName(view, seat);
  const count = view.hand_sizes[seat] ?? 0;
  const playing = view.seats.includes(seat);
  const turn = view.turn === seat;
  const out = view.out === seat;
  const dealer = view.dealer === seat;
  const level = roomSeat && roomSeat.kind !== "human" ? roomSeat.kind : null;
  const offline = roomSeat !== null && !roomSeat.connected;
  const label = [
    name,
    level ? `computer, ${level}` : null,
    `${count} ${count === 1 ? "card" : "cards"}`,
    `score ${view.totals[seat] ?? 0}`,
    dealer ? "dealer" : null,
    turn ? "to play" : null,
    out ? "went out" : null,
    offline ? "disconnected" : null,
  ].filter(Boolean).join(", ");
  const backs = Math.min(count, 14);
  return (
    <section class={`seat${turn ? " turn" : ""}${out ? " out" : ""}${playing ? "" : " idle"}`}
      aria-label={label} data-seat={seat}>
      <div class="seat-head">
        <span class={`presence ${offline ? "off" : "on"}`} title={offline ? "Disconnected" : "Connected"} />
        <span class="seat-name" title={name}>{name}</span>
        {level && <span class="level">{level}</span>}
      </div>
      <div class="backs" aria-hidden="true">
        {Array.from({ length: backs }, (_, i) => <CardBack key={i} small />)}
      </div>
      <div class="seat-foot">
        <span class="count">{count} {count === 1 ? "card" : "cards"}</span>
        <span class="score">{view.totals[seat] ?? 0} pts</span>
      </div>
      <div class="marks">
        {dealer && <span class="mark dealer">Dealer</span>}
        {turn && <span class="mark turn">{seat === view.seat ? "Your turn" : "Playing"}</span>}
        {out && <span class="mark out">Out</span>}
        {offline && <span class="mark offline">Offline</span>}
        {turn && timerDeadline !== null && <Countdown deadline={timerDeadline} />}
      </div>
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
