/**
 * The person's hand: one button per card, named by the card in words, the chosen one
 * pressed, the card just drawn marked until the discard. Cards overlap to fit; each keeps
 * a visible strip of at least 44 px, wrapping to a second row on narrow screens. Shown
 * "Melds first", the hand is laid out in groups (each meld of the server's best
 * arrangement, then the unmelded cards with their points), wrapped to fit. Reorder by
 * dragging (pointer events, touch included), or with the Move buttons and Alt+arrow keys.
 */
import type { RefObject } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { cardName } from "../cards";
import type { HandState } from "../handstate";
import type { HandGroup } from "../meldgroups";
import { groupLayout } from "../meldgroups";
import type { HandItem } from "../order";
import { largeCards } from "../settings";
import "../styles/hand.css";
import { CardFace } from "./Card";
import { Dialog } from "./Dialog";

const MIN_STRIP = 44;
const DRAG_START_PX = 8;

export interface HandLayout {
  rows: number;
  perRow: number;
  strip: number;
}

/** How cards of width `card` fit `width` pixels: fewest rows whose strips are wide enough. */
export function handLayout(count: number, width: number, card: number): HandLayout {
  for (let rows = 1; rows <= 4; rows += 1) {
    const perRow = Math.ceil(count / rows);
    if (perRow <= 1) return { rows, perRow: Math.max(perRow, 1), strip: card };
    const strip = Math.min(card + 6, (width - card) / (perRow - 1));
    if (strip >= MIN_STRIP || rows === 4) return { rows, perRow, strip: Math.floor(strip) };
  }
  return { rows: 1, perRow: count, strip: card };
}

const DEFAULT_CARD_PX = 70;

/** The card width the style sheet gives (`--card-w`: it changes with the screen and the
 * Large cards setting), so that the layout and the drawing agree. */
function cardWidthOf(element: HTMLElement | null): number {
  if (!element) return DEFAULT_CARD_PX;
  const value = Number.parseFloat(getComputedStyle(element).getPropertyValue("--card-w"));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_CARD_PX;
}

/** The hand's width and the card width, measured again when either may have changed;
 * measured before the first paint, so that a phone never shows a desktop-wide hand. */
function useMeasure(): [RefObject<HTMLDivElement | null>, number, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 800, card: DEFAULT_CARD_PX });
  const large = largeCards.value; // the setting changes --card-w on <html>
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, card: cardWidthOf(element) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [large]);
  return [ref, size.width, size.card];
}

interface Props {
  hand: HandState;
  wild: string | null;
  onPlay: () => void;
  fresh: ReadonlySet<string>;
}

/** `items` cut into rows of `perRow`. */
function rowsOf(items: readonly HandItem[], perRow: number): HandItem[][] {
  const rows: HandItem[][] = [];
  for (let i = 0; i < items.length; i += Math.max(1, perRow)) rows.push(items.slice(i, i + Math.max(1, perRow)));
  return rows;
}

/** The hand's cards as laid out: in groups (melds first) or in rows, in the order shown. */
interface Laid {
  strip: number;
  lines: number;
  groups: { group: HandGroup | null; rows: HandItem[][] }[];
}

function layOut(items: readonly HandItem[], groups: readonly HandGroup[] | null, width: number, card: number): Laid {
  if (groups === null) {
    const layout = handLayout(items.length, width, card);
    return { strip: layout.strip, lines: layout.rows, groups: [{ group: null, rows: rowsOf(items, layout.perRow) }] };
  }
  const layout = groupLayout(groups.map((group) => group.items.length), width, card);
  return {
    strip: layout.strip, lines: layout.lines,
    groups: groups.map((group, index) => ({ group, rows: rowsOf(group.items, layout.perLine[index] ?? 1) })),
  };
}

export const JUST_DRAWN_ID = "hand-just-drawn";

export function Hand({ hand, wild, onPlay, fresh }: Props) {
  const [ref, width, cardWidth] = useMeasure();
  const chosen = hand.chosen.value;
  const tapped = hand.arranging.value;
  const laid = layOut(hand.items.value, hand.groups.value, width, cardWidth);
  // The cards in the order shown (the buttons' order in the page).
  const items = laid.groups.flatMap((part) => part.rows.flat());
  const drag = useRef<{ key: string; x: number; y: number; moved: boolean; id: number } | null>(null);
  const [dragging, setDragging] = useState<{ key: string; dx: number; dy: number } | null>(null);
  // A drag just ended: the click it may cause chooses nothing (only that click: M5).
  const dragged = useRef(false);
  const lastClicked = useRef<string | null>(null);

  /** Where a card dropped at (x, y) goes: after every other card whose strip lies before it. */
  function targetIndex(dragged: string, clientX: number, clientY: number): number {
    const buttons = ref.current?.querySelectorAll<HTMLElement>("button.hand-card") ?? [];
    let before = 0;
    buttons.forEach((button, index) => {
      if (items[index]?.key === dragged) return;
      const box = button.getBoundingClientRect();
      const x = box.left + Math.min(laid.strip, box.width) / 2;
      const y = box.top + box.height / 2;
      const rowAbove = y < clientY - box.height / 2;
      const sameRow = Math.abs(y - clientY) <= box.height / 2;
      if (rowAbove || (sameRow && x < clientX)) before += 1;
    });
    return before;
  }

  function pointerDown(key: string, event: PointerEvent) {
    dragged.current = false; // a new press: whatever follows is its own click
    if (event.button !== 0) return;
    drag.current = { key, x: event.clientX, y: event.clientY, moved: false, id: event.pointerId };
  }
  function pointerMove(event: PointerEvent) {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    const dx = event.clientX - state.x;
    const dy = event.clientY - state.y;
    if (!state.moved && Math.hypot(dx, dy) < DRAG_START_PX) return;
    if (!state.moved) {
      state.moved = true;
      (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    }
    setDragging({ key: state.key, dx, dy });
  }
  function pointerUp(event: PointerEvent) {
    const state = drag.current;
    drag.current = null;
    if (!state || !state.moved) return;
    // The click a drag may cause (soon or, on a busy touch screen, a little later) chooses
    // nothing; the next press or key clears this, so a later tap is a tap.
    dragged.current = true;
    setDragging(null);
    hand.place(state.key, targetIndex(state.key, event.clientX, event.clientY));
  }
  function click(key: string, event: MouseEvent) {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    // The second click of a double-click on one card leaves the first click's choice (the
    // double click discards it); a quick "second" click on another card is its own choice.
    if (event.detail === 2 && lastClicked.current === key) return;
    lastClicked.current = key;
    hand.choose(key);
  }
  function keyDown(key: string, index: number, event: KeyboardEvent) {
    dragged.current = false;
    const buttons = ref.current?.querySelectorAll<HTMLElement>("button.hand-card");
    if (!buttons) return;
    const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1
      : event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : 0;
    if (step !== 0 && (event.altKey || event.shiftKey)) {
      event.preventDefault();
      hand.move(key, step);
      requestAnimationFrame(() => {
        ref.current?.querySelectorAll<HTMLElement>("button.hand-card")[
          Math.max(0, Math.min(items.length - 1, index + step))]?.focus();
      });
    } else if (step !== 0) {
      event.preventDefault();
      buttons[Math.max(0, Math.min(buttons.length - 1, index + step))]?.focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      buttons[event.key === "Home" ? 0 : buttons.length - 1]?.focus();
    }
  }

  let index = -1;
  const cardButton = (item: HandItem) => {
    index += 1;
    const at = index;
    const pressed = chosen === item.key;
    const moving = dragging?.key === item.key;
    const drawn = fresh.has(item.key);
    return (
      <button type="button" key={item.key}
        class={`hand-card${pressed ? " chosen" : ""}${moving ? " dragging" : ""}${drawn ? " fresh" : ""}`}
        aria-label={cardName(item.code, wild)} aria-pressed={pressed ? "true" : "false"}
        aria-describedby={drawn ? JUST_DRAWN_ID : undefined}
        data-card={item.code}
        style={{ transform: moving ? `translate(${dragging.dx}px, ${dragging.dy}px)` : "" }}
        onPointerDown={(e) => pointerDown(item.key, e)}
        onPointerMove={pointerMove} onPointerUp={pointerUp}
        onPointerCancel={() => { drag.current = null; setDragging(null); }}
        onClick={(e) => click(item.key, e)}
        onDblClick={() => { hand.chosen.value = item.key; onPlay(); }}
        onKeyDown={(e) => keyDown(item.key, at, e)}>
        <CardFace code={item.code} wild={wild} />
        {drawn && <span class="drawn-tag" aria-hidden="true">new</span>}
        {tapped && tapped.includes(item.key) && <span class="order-tag" aria-hidden="true">{tapped.indexOf(item.key) + 1}</span>}
      </button>
    );
  };
  const grouped = hand.groups.value !== null;
  return (
    <div class={`hand${grouped ? " grouped" : ""}`} ref={ref} role="group" aria-label="Your hand"
      title="Click a card to choose it; a double-click discards it at once. Drag a card to move it."
      style={{ "--strip": `${laid.strip}px` }} data-rows={laid.lines}>
      {laid.groups.map(({ group, rows }) => {
        const lines = rows.map((row, r) => <div class="hand-row" key={r}>{row.map(cardButton)}</div>);
        if (group === null) return lines;
        return (
          <div class={`meld-group ${group.kind}`} role="group" aria-label={group.name} key={group.items[0]?.key}>
            <span class="group-label" aria-hidden="true">{group.label}</span>
            {lines}
          </div>
        );
      })}
      <span id={JUST_DRAWN_ID} hidden>just drawn</span>
    </div>
  );
}

/** The hand's sort and order buttons, under the person's bar. */
export function HandTools({ hand }: { hand: HandState }) {
  const chosen = hand.chosenCode.value;
  return (
    <>
    <div class="sort" role="group" aria-label="Sort your hand">
      <span class="muted">Sort:</span>
      {(["suit", "rank", "melds"] as const).map((mode) => (
        <button type="button" key={mode} class="small" aria-pressed={hand.mode.value === mode ? "true" : "false"}
          title={mode === "melds" ? "Lay out your hand in its best melds, the unmelded cards last" : undefined}
          onClick={() => hand.sortBy(mode)}>{mode === "melds" ? "Melds first" : `By ${mode}`}</button>
      ))}
      <button type="button" class="small" aria-pressed={hand.arranging.value !== null ? "true" : "false"}
        onClick={() => hand.toggleArranging()}>{hand.arranging.value !== null ? "Done" : "Tap to order"}</button>
      <button type="button" class="small" disabled={!chosen} aria-label="Move left" title="Move the chosen card left (Alt+←)"
        onClick={() => hand.chosen.value && hand.move(hand.chosen.value, -1)}>◀</button>
      <button type="button" class="small" disabled={!chosen} aria-label="Move right" title="Move the chosen card right (Alt+→)"
        onClick={() => hand.chosen.value && hand.move(hand.chosen.value, 1)}>▶</button>
    </div>
    {hand.arranging.value !== null && (
      <p class="arranging-help" role="status">
        Tap your cards in the order you want them; {hand.arranging.value.length
          ? `${hand.arranging.value.length} placed. ` : ""}Done keeps the rest after them.
      </p>
    )}
    </>
  );
}

/** "Go out?": a discard that would go out asks first. */
export function GoOutConfirm({ hand, wild }: { hand: HandState; wild: string | null }) {
  const card = hand.confirming.value;
  if (card === null) return null;
  return (
    <Dialog alert labelledBy="confirm-title" describedBy="confirm-text" onClose={() => hand.cancel()}>
      <div class="sheet small-sheet">
        <h2 id="confirm-title">Go out?</h2>
        <p id="confirm-text">Discarding {cardName(card, wild)} leaves a complete hand. Go out with it, or discard without going out?</p>
        <div class="sheet-actions">
          <button type="button" class="primary" autoFocus onClick={() => hand.answer(true)}>Yes, go out</button>
          <button type="button" onClick={() => hand.answer(false)}>No, just discard</button>
        </div>
      </div>
    </Dialog>
  );
}
