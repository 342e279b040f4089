/** The stock (its size) and the discard pile (its top card), in the middle of the table; a
 * speed table's piles are discard piles with their owner's name ("Your pile: ..."). */
import { cardName } from "../cards";
import { CardBack, CardFace } from "./Card";

export function Stock({ size }: { size: number }) {
  return (
    <div class="pile stock" role="img" aria-label={`Stock: ${size} ${size === 1 ? "card" : "cards"}`}>
      {size > 0 ? <CardBack /> : <span class="card empty" aria-hidden="true" />}
      <span class="pile-count" aria-hidden="true">{size}</span>
    </div>
  );
}

export function DiscardPile({ pile, wild, name = "Discard pile" }: { pile: string[]; wild: string | null; name?: string }) {
  const top = pile[pile.length - 1];
  const label = `${name}: ${top ? cardName(top, wild) : "empty"}`;
  return (
    <div class="pile discard" role="img" aria-label={label}>
      {pile.length > 1 && <span class="card under" aria-hidden="true" />}
      {top ? <CardFace key={`${top}-${pile.length}`} code={top} wild={wild} />
           : <span class="card empty" aria-hidden="true" />}
    </div>
  );
}
