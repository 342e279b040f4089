/** The card that moves on the felt as another seat's move is shown: from the stock (its
 * back) or the pile (its face) to the seat, from the seat to the pile (its face). It takes
 * about 60% of the pace's hold; with reduced motion or the Animations setting off nothing
 * moves (the pacing stays). Decorative: the seat's status and the move log say the move. */
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { HOLD_MS } from "../playback";
import { motion, pace } from "../settings";
import type { Move } from "../store";
import { CardBack, CardFace } from "./Card";
import "../styles/follow.css";

/** Whether cards may move: the Animations setting, else the system's reduced motion. */
export function motionAllowed(): boolean {
  if (motion.value === "off") return false;
  if (motion.value === "on") return true;
  return !globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

interface Flight {
  move: Move;
  from: { x: number; y: number };
  to: { x: number; y: number };
  ms: number;
}

function centre(element: Element, felt: DOMRect): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2 - felt.left, y: box.top + box.height / 2 - felt.top };
}

export function Flights({ move, wild, felt }: { move: Move | null; wild: string | null; felt: { current: HTMLElement | null } }) {
  const [flight, setFlight] = useState<Flight | null>(null);
  const card = useRef<HTMLDivElement>(null);

  // A new move: where it starts and ends on the felt, measured now.
  useLayoutEffect(() => {
    const area = felt.current;
    const ms = Math.round(HOLD_MS[pace.peek()] * 0.6);
    if (move === null || area === null || ms <= 0 || !motionAllowed()) {
      setFlight(null);
      return;
    }
    const box = area.getBoundingClientRect();
    const seat = area.querySelector(`[data-seat="${move.seat}"]`);
    const stock = area.querySelector(".pile.stock");
    const pile = area.querySelector(".pile.discard");
    const start = move.from === "seat" ? seat : move.from === "stock" ? stock : pile;
    const end = move.to === "seat" ? seat : pile;
    if (!start || !end) {
      setFlight(null);
      return;
    }
    setFlight({ move, from: centre(start, box), to: centre(end, box), ms });
  }, [move?.key]);

  useLayoutEffect(() => {
    const element = card.current;
    if (flight === null || element === null || typeof element.animate !== "function") return;
    const { from, to, ms } = flight;
    const animation = element.animate([
      { transform: `translate(${from.x}px, ${from.y}px) translate(-50%, -50%) scale(1)`, opacity: 1 },
      { transform: `translate(${to.x}px, ${to.y}px) translate(-50%, -50%) scale(.8)`, opacity: 1, offset: 0.85 },
      { transform: `translate(${to.x}px, ${to.y}px) translate(-50%, -50%) scale(.8)`, opacity: 0 },
    ], { duration: ms, easing: "ease-in-out", fill: "forwards" });
    const done = () => setFlight((now) => (now === flight ? null : now));
    animation.onfinish = done;
    animation.oncancel = done;
    return () => animation.cancel();
  }, [flight]);

  if (flight === null) return null;
  return (
    <div class="flight" ref={card} aria-hidden="true" data-from={flight.move.from} data-to={flight.move.to}>
      {flight.move.card ? <CardFace code={flight.move.card} wild={wild} /> : <CardBack />}
    </div>
  );
}
