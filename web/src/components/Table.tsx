/** The table: opponents around, the piles in the middle, the person's hand and actions at
 * the bottom, the move log and the rest at the side. */
import { useMemo, useRef } from "preact/hooks";
import { useFocusAfterDraw, useFreshCards, usePauseEnd, useShortcuts, useTitle } from "./hooks";
import { HandState } from "../handstate";
import type { View } from "../protocol";
import type { TableStore } from "../store";
import { bestDiscard } from "../settings";
import { adviceText, goOutBlocker, HINT_MEASURE, hintNote, hintText, seatName, wildText } from "../words";
import { Flights } from "./Flights";
import { DiscardPile, Stock } from "./Piles";
import { Countdown, Seat } from "./Seat";
import { Dealing, ErrorLine, MyName, PlayArea, SidePanels, TableDialogs, TopBar } from "./TableParts";

interface Props {
  store: TableStore;
  room: string;
  online: boolean;
}

/** Where seat `seat` sits around an ellipse, the person at the bottom, clockwise. */
export function seatPosition(seat: number, me: number, count: number): { x: number; y: number } {
  const step = (((seat - me) % count) + count) % count;
  const angle = Math.PI / 2 + (step * 2 * Math.PI) / count;
  return { x: 50 + 48 * Math.cos(angle), y: 50 + 47 * Math.sin(angle) };
}

export function lastTurnText(view: View): string | null {
  if (view.out === null || view.phase === "over") return null;
  const who = seatName(view, view.out);
  const left = view.final_turns_left;
  if (left <= 0) return `${who} went out.`;
  const yours = view.seat !== null && view.seat !== view.out && view.turn === view.seat;
  return `${who} went out: last turn${yours ? " — yours now" : ` (${left} left)`}.`;
}

export function Table({ store, room, online }: Props) {
  const hand = useMemo(() => new HandState(store), [store]);
  const view = store.view.value;
  const analysis = store.analysis.value;
  const roomInfo = store.room.value;
  const waiting = store.waiting.value;
  const myTurn = store.myTurn.value;
  const felt = useRef<HTMLDivElement>(null);

  useTitle(myTurn ? "Your turn" : null);
  const fresh = useFreshCards(view?.hand);
  useFocusAfterDraw(myTurn && view?.phase === "discard", fresh);
  // In an online room the next round starts by itself when the pause ends.
  usePauseEnd(online, store.roundToShow.value !== null, store.pauseUntil.value, () => store.dismissResults());

  // What the buttons and keys do, reading the store when used (a key pressed before the
  // next render still sees the latest state).
  const act = useMemo(() => ({
    draw(source: "stock" | "discard") {
      const now = store.view.peek();
      if (store.waiting.peek() || now === null || now.seat === null) return;
      if (now.legal.includes(`${now.seat}: draw ${source}`)) store.draw(source);
    },
    hint() {
      if (store.myTurn.peek() && !store.gameOver.peek() && store.status.peek() === "open") store.askHint();
    },
    undo() {
      if (store.canUndo.peek() && !store.waiting.peek()) store.undo();
    },
    /** `o`: go out with the chosen card, or say in the log why not. */
    out() {
      const now = store.view.peek();
      const code = hand.chosenCode.peek();
      if (hand.goesOut(code)) {
        hand.goOut();
      } else if (now !== null && now.seat !== null && now.phase !== "over") {
        const why = goOutBlocker({ legal: now.legal, seat: now.seat, chosen: code, wild: now.wild,
          enabled: false, someoneOut: now.out !== null && now.out !== now.seat });
        store.tell(`Not done: ${why ?? "you cannot go out now"}.`);
      }
    },
  }), [store, hand]);

  useShortcuts({
    stock: () => act.draw("stock"), pile: () => act.draw("discard"), discard: () => hand.discard(),
    out: () => act.out(), hint: () => act.hint(), undo: () => act.undo(),
  });

  if (view === null) return <Dealing status={store.status.value} />;

  const me = view.seat;
  const seatLegal = (action: string) => me !== null && view.legal.includes(`${me}: ${action}`);
  const canStock = !waiting && seatLegal("draw stock");
  const canPile = !waiting && seatLegal("draw discard");
  const chosen = hand.chosenCode.value;
  const canDiscard = !waiting && hand.canDiscard(chosen);
  const canOut = !waiting && hand.goesOut(chosen);
  const over = view.phase === "over";
  const count = view.players.length;
  const bottom = me ?? 0;
  const timer = store.timer.value;
  const roundToShow = store.roundToShow.value;

  const draw = (source: "stock" | "discard") => act.draw(source);
  const askHint = () => act.hint();
  const undo = () => act.undo();

  const outLegal = me !== null && view.legal.some((action) => action.startsWith(`${me}: out `));
  const advice = view.hand ? adviceText(analysis, view.phase, chosen, view.wild, { bestDiscard: bestDiscard.value, outLegal }) : "";
  const outWhy = me === null || over ? null : goOutBlocker({ legal: view.legal, seat: me, chosen, wild: view.wild,
    enabled: canOut, someoneOut: view.out !== null && view.out !== me });
  const note = hintNote(store.hint.value, analysis, bestDiscard.value && view.phase === "discard");

  const seatFor = (seat: number) => roomInfo?.seats[seat] ?? null;
  const connected = store.status.value === "open";
  const lastActions = store.lastActions.value;
  const host = online && me !== null && (roomInfo?.host ?? 0) === me;
  const give = (seat: number, name: string) => () => {
    if (window.confirm(`Give ${name}'s seat to the computer?`)) store.kick(seat);
  };
  const canUndo = store.canUndo.value && !waiting;
  const undoWhy = "Undo takes back your discard until the next player draws";
  const hints = store.hint.value;
  let prompt = "";
  if (over) prompt = "The game is over.";
  else if (me === null) prompt = `Watching. ${view.turn !== null ? `${seatName(view, view.turn)} to play.` : ""}`;
  else if (myTurn && view.phase === "draw") prompt = "Your turn: draw from the stock or take the discard.";
  else if (myTurn) prompt = chosen ? "Discard the chosen card, or go out with it." : "Choose a card to discard.";
  else if (view.turn !== null) prompt = `${seatName(view, view.turn)} is playing...`;

  return (
    <div class="table-page" data-phase={view.phase} data-my-turn={String(myTurn)}>
      <TopBar view={view} lastTurn={lastTurnText(view)} status={store.status.value} />
      <main class="felt-wrap" id="main">
        <h1 class="visually-hidden">Three-Thirteen table</h1>
        <div class={`felt seats-${count}`} ref={felt}>
          {view.players.map((_, seat) => {
            if (seat === me) return null;
            const pos = seatPosition(seat, bottom, count);
            return (
              <div class="seat-spot" key={seat}
                style={{ left: `${pos.x}%`, top: `${pos.y}%`, transform: `translate(-${pos.x}%, -${pos.y}%)` }}>
                <Seat view={view} seat={seat} roomSeat={seatFor(seat)}
                  timerDeadline={timer && timer.seat === seat ? timer.deadline : null}
                  lastAction={lastActions.get(seat) ?? null} connected={connected}
                  onGive={host && view.phase !== "over" ? give(seat, seatName(view, seat)) : null} />
              </div>
            );
          })}
          <div class="table-center">
            <div class="piles">
              <Stock size={view.stock_size} />
              <DiscardPile pile={view.discard_pile} wild={view.wild} />
            </div>
            <span class="wild-chip" aria-hidden="true">{wildText(view.wild)}</span>
          </div>
          <Flights move={store.lastMove.value} wild={view.wild} felt={felt} />
        </div>
        {me !== null && (
          <section class="me" aria-label="Your seat">
            <div class="me-bar">
              <MyName view={view} me={me} />
              {view.dealer === me && <span class="mark dealer">Dealer</span>}
              {myTurn && <span class="mark turn">Your turn</span>}
              {myTurn && timer && timer.seat === me && timer.deadline !== null && <Countdown deadline={timer.deadline} />}
              {view.out === me && <span class="mark out">Out</span>}
              <p class="prompt">{prompt}</p>
            </div>
            <PlayArea hand={hand} wild={view.wild} fresh={fresh} advice={advice}
              allowed={{ stock: canStock, pile: canPile, discard: canDiscard, out: canOut }} outWhy={outWhy} onDraw={draw}>
              <button type="button" class="action quiet" disabled={!myTurn || over || !connected} onClick={askHint}
                title={connected ? undefined : "Hint needs the connection"}>Hint</button>
              {!online && <button type="button" class="action quiet" disabled={!canUndo} onClick={undo}
                title={canUndo ? "Take back your discard" : undoWhy} aria-describedby={canUndo ? undefined : "undo-why"}>Undo</button>}
            </PlayArea>
            {!online && !canUndo && !over && <p class="visually-hidden" id="undo-why">{undoWhy}.</p>}
            {hints && (
              <section class="hints" aria-label="Hint">
                <p><strong>Hint</strong> ({HINT_MEASURE}):</p>
                <ol>{hints.slice(0, 5).map((option) => (
                  <li key={option.action}>{hintText(option.action, view.wild)}: {option.expected.toFixed(1)}</li>
                ))}</ol>
                {note && <p class="muted">{note}</p>}
              </section>
            )}
          </section>
        )}
        {me === null && <p class="prompt spectator">{prompt}</p>}
        <ErrorLine store={store} />
      </main>
      <SidePanels store={store} view={view} online={online} />
      <TableDialogs store={store} view={view} room={room} roundToShow={roundToShow} hand={hand} />
    </div>
  );
}
