/** The table: opponents around, the piles in the middle, the person's hand and actions at
 * the bottom, the move log and the rest at the side. */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { cardName } from "../cards";
import { HandState } from "../handstate";
import type { Shortcut } from "../keys";
import { shortcutFor } from "../keys";
import { keyed } from "../order";
import type { View } from "../protocol";
import { shortcuts } from "../settings";
import type { TableStore } from "../store";
import { hintText, roundBanner, seatName, shortBanner, wildText } from "../words";
import { Dialog } from "./Dialog";
import { Hand } from "./Hand";
import { Chat, ConnectionState, MoveLog, People, RoundBanner } from "./Panels";
import { DiscardPile, Stock } from "./Piles";
import { GameOver, RoundResults } from "./Results";
import { ScoreSheet } from "./ScoreSheet";
import { Countdown, Seat } from "./Seat";
import { SettingsButton } from "./Settings";

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
  const previous = useRef<Set<string>>(new Set());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  // The tab title signals the person's turn.
  useEffect(() => {
    document.title = myTurn ? "● Your turn · Three-Thirteen" : "Three-Thirteen";
    return () => { document.title = "Three-Thirteen"; };
  }, [myTurn]);

  // A card that just arrived in the hand is marked for its short animation.
  const handKeys = view?.hand ? keyed(view.hand).map((item) => item.key) : [];
  const handSignature = handKeys.join(" ");
  useEffect(() => {
    const before = previous.current;
    const added = before.size ? handKeys.filter((key) => !before.has(key)) : [];
    previous.current = new Set(handKeys);
    setFresh(new Set(added.length <= 2 ? added : []));
  }, [handSignature]);

  // After a draw, the keyboard's focus goes to the card just drawn (the draw buttons it was
  // on are disabled now).
  const phase = view?.phase;
  useEffect(() => {
    if (!myTurn || phase !== "discard") return;
    const active = document.activeElement as HTMLButtonElement | null;
    const lost = !active || active === document.body || (active.tagName === "BUTTON" && active.disabled);
    if (!lost) return;
    const target = document.querySelector<HTMLElement>("button.hand-card.fresh") ??
      document.querySelector<HTMLElement>("button.hand-card");
    target?.focus({ preventScroll: true });
  }, [myTurn, phase, handSignature, fresh]);

  // In an online room the next round starts by itself when the pause ends.
  const pauseUntil = store.pauseUntil.value;
  const showing = store.roundToShow.value !== null;
  useEffect(() => {
    if (!online || !showing || typeof pauseUntil !== "number") return;
    const handle = setTimeout(() => store.dismissResults(), Math.max(0, pauseUntil - Date.now()));
    return () => clearTimeout(handle);
  }, [online, showing, pauseUntil]);

  // What the buttons and keys do, reading the store when used (a key pressed before the
  // next render still sees the latest state).
  const act = useMemo(() => ({
    draw(source: "stock" | "discard") {
      const now = store.view.peek();
      if (store.waiting.peek() || now === null || now.seat === null) return;
      if (now.legal.includes(`${now.seat}: draw ${source}`)) store.draw(source);
    },
    hint() {
      if (store.myTurn.peek() && !store.gameOver.peek()) store.askHint();
    },
    undo() {
      if (store.canUndo.peek() && !store.waiting.peek()) store.undo();
    },
  }), [store]);

  // Keys: s stock, p pile, d discard, o go out, h hint, u undo (see keys.ts for when).
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const dialogOpen = document.querySelector("[aria-modal='true']") !== null;
      const shortcut = shortcutFor(
        { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target },
        { enabled: shortcuts.peek(), dialogOpen });
      if (shortcut === null) return;
      const actions: Record<Shortcut, () => void> = {
        stock: () => act.draw("stock"), pile: () => act.draw("discard"), discard: () => hand.discard(),
        out: () => hand.goOut(), hint: () => act.hint(), undo: () => act.undo(),
      };
      event.preventDefault();
      actions[shortcut]();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [act, hand]);

  if (view === null) {
    return (
      <main class="table-page loading" id="main">
        <ConnectionState status={store.status.value} />
        <p>Dealing the cards...</p>
      </main>
    );
  }

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

  const discardChoice = analysis?.discards?.find((option) => option.card === chosen);
  const best = analysis?.discards?.[0];
  let advice = "";
  if (analysis && view.hand) {
    if (view.phase === "discard" && best) {
      advice = discardChoice
        ? `Discarding ${cardName(discardChoice.card, view.wild)} leaves ${discardChoice.deadwood} ${discardChoice.deadwood === 1 ? "point" : "points"}${discardChoice.out ? ": you go out" : ""}.`
        : `Best discard: ${cardName(best.card, view.wild)}, leaving ${best.deadwood} ${best.deadwood === 1 ? "point" : "points"}${best.out ? ": you can go out" : ""}.`;
    } else {
      const melds = analysis.melds.length;
      advice = `Best arrangement: ${melds} ${melds === 1 ? "meld" : "melds"}, ${analysis.deadwood} ${analysis.deadwood === 1 ? "point" : "points"} unmelded.`;
    }
  }

  const seatFor = (seat: number) => roomInfo?.seats[seat] ?? null;
  const hints = store.hint.value;
  let prompt = "";
  if (over) prompt = "The game is over.";
  else if (me === null) prompt = `Watching. ${view.turn !== null ? `${seatName(view, view.turn)} to play.` : ""}`;
  else if (myTurn && view.phase === "draw") prompt = "Your turn: draw from the stock or take the discard.";
  else if (myTurn) prompt = chosen ? "Discard the chosen card, or go out with it." : "Choose a card to discard.";
  else if (view.turn !== null) prompt = `${seatName(view, view.turn)} is playing...`;

  return (
    <div class="table-page" data-phase={view.phase} data-my-turn={String(myTurn)}>
      <header class="topbar">
        <a class="brand" href="/">Three-Thirteen</a>
        <RoundBanner text={roundBanner(view)} short={shortBanner(view)} lastTurn={lastTurnText(view)} />
        <ConnectionState status={store.status.value} />
        <SettingsButton />
      </header>
      <main class="felt-wrap" id="main">
        <h1 class="visually-hidden">Three-Thirteen table</h1>
        <div class={`felt seats-${count}`}>
          {view.players.map((_, seat) => {
            if (seat === me) return null;
            const pos = seatPosition(seat, bottom, count);
            return (
              <div class="seat-spot" key={seat}
                style={{ left: `${pos.x}%`, top: `${pos.y}%`, transform: `translate(-${pos.x}%, -${pos.y}%)` }}>
                <Seat view={view} seat={seat} roomSeat={seatFor(seat)}
                  timerDeadline={timer && timer.seat === seat ? timer.deadline : null} />
              </div>
            );
          })}
          <div class="table-center">
            <Stock size={view.stock_size} />
            <DiscardPile pile={view.discard_pile} wild={view.wild} />
          </div>
          <div class="felt-note" aria-hidden="true">
            <span class="wild-chip">{wildText(view.wild)}</span>
            <span class="felt-prompt">{prompt}</span>
          </div>
        </div>
        {me !== null && (
          <section class="me" aria-label="Your seat">
            <div class="me-bar">
              <span class="me-name">{view.players[me] === "You" ? "You" : <>{view.players[me]} <span class="muted">(you)</span></>}</span>
              <span class="score">{view.totals[me] ?? 0} pts</span>
              {view.dealer === me && <span class="mark dealer">Dealer</span>}
              {myTurn && <span class="mark turn">Your turn</span>}
              {myTurn && timer && timer.seat === me && timer.deadline !== null && <Countdown deadline={timer.deadline} />}
              {view.out === me && <span class="mark out">Out</span>}
              <p class="prompt">{prompt}</p>
            </div>
            {advice && <p class="advice">{advice}</p>}
            <div class="sort" role="group" aria-label="Sort your hand">
              <span class="muted">Sort:</span>
              {(["suit", "rank", "melds"] as const).map((mode) => (
                <button type="button" key={mode} class="small" aria-pressed={hand.mode.value === mode ? "true" : "false"}
                  onClick={() => hand.sortBy(mode)}>{mode === "melds" ? "Melds first" : `By ${mode}`}</button>
              ))}
              <button type="button" class="small" aria-pressed={hand.arranging.value !== null ? "true" : "false"}
                onClick={() => hand.toggleArranging()}>{hand.arranging.value !== null ? "Done" : "Tap to order"}</button>
              <button type="button" class="small" disabled={!chosen} aria-label="Move left" title="Move the chosen card left (Alt+←)"
                onClick={() => hand.chosen.value && hand.move(hand.chosen.value, -1)}>◀</button>
              <button type="button" class="small" disabled={!chosen} aria-label="Move right" title="Move the chosen card right (Alt+→)"
                onClick={() => hand.chosen.value && hand.move(hand.chosen.value, 1)}>▶</button>
            </div>
            <Hand hand={hand} wild={view.wild} fresh={fresh}
              onPlay={() => (hand.goesOut(hand.chosenCode.value) ? hand.goOut() : hand.discard())} />
            <div class="actions">
              <button type="button" class="action" disabled={!canStock} onClick={() => draw("stock")}>Draw from stock</button>
              <button type="button" class="action" disabled={!canPile} onClick={() => draw("discard")}>Take from discard pile</button>
              <button type="button" class="action primary" disabled={!canDiscard} onClick={() => hand.discard()}>Discard</button>
              <button type="button" class="action go-out" disabled={!canOut} onClick={() => hand.goOut()}>Go out</button>
              <button type="button" class="action quiet" disabled={!myTurn || over} onClick={askHint}>Hint</button>
              {!online && <button type="button" class="action quiet" disabled={!store.canUndo.value || waiting} onClick={undo}>Undo</button>}
            </div>
            {hints && (
              <section class="hints" aria-label="Hint">
                <p><strong>Hint</strong> (expected points, lower is better):</p>
                <ol>{hints.slice(0, 5).map((option) => (
                  <li key={option.action}>{hintText(option.action, view.wild)}: {option.expected.toFixed(1)}</li>
                ))}</ol>
              </section>
            )}
          </section>
        )}
        {me === null && <p class="prompt spectator">{prompt}</p>}
        {store.error.value && (
          <p class="error-line">{store.error.value} <button type="button" class="small" onClick={() => store.clearError()}>Dismiss</button></p>
        )}

      </main>
      <aside class="side">
        <MoveLog lines={store.log.value} />
        {!over && view.results.length > 0 && (
          <details class="panel">
            <summary>Score sheet</summary>
            <ScoreSheet view={view} results={view.results} />
          </details>
        )}
        {online && roomInfo && (
          <People room={roomInfo} me={me} onMute={(seat, muted) => store.mute(seat, muted)} onKick={(seat) => store.kick(seat)} />
        )}
        {online && <Chat lines={store.chat.value} onSay={(text) => store.say(text)} disabled={store.status.value !== "open"} />}
      </aside>
      {over && (
        <Dialog labelledBy="over-title">
          <div class="sheet">
            <GameOver view={view} room={room} rematchAsked={store.rematchAsked.value}
              rematchOffered={store.rematchOffered.value}
              onRematch={me !== null ? () => store.askRematch() : null} />
          </div>
        </Dialog>
      )}
      {roundToShow && !over && (
        <RoundResults view={view} result={roundToShow} onNext={() => store.nextRound()} pauseUntil={store.pauseUntil.value} />
      )}
      {hand.confirming.value && (
        <Dialog alert labelledBy="confirm-title" describedBy="confirm-text" onClose={() => hand.cancel()}>
          <div class="sheet small-sheet">
            <h2 id="confirm-title">Go out?</h2>
            <p id="confirm-text">Discarding {cardName(hand.confirming.value, view.wild)} leaves a complete hand. Go out with it, or discard without going out?</p>
            <div class="sheet-actions">
              <button type="button" class="primary" autoFocus onClick={() => hand.answer(true)}>Yes, go out</button>
              <button type="button" onClick={() => hand.answer(false)}>No, just discard</button>
            </div>
          </div>
        </Dialog>
      )}
    </div>
  );
}
