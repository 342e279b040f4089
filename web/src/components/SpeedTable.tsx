/** The speed table ("3-13 Speed"): the caller's step and timer on top, every other seat as
 * a tile (pile top, cards, still to act or done), the stock, the pile on the person's
 * right (theirs to take) and their own pile in the middle, the hand and its buttons below;
 * the move log and the rest at the side, as at the standard table. */
import { useMemo } from "preact/hooks";
import { HandState } from "../handstate";
import type { SpeedView } from "../protocol";
import { asDealt, callText, goOutAdvice, owner, rightOf, seatsAround, speedPrompt } from "../speed";
import type { SpeedStore } from "../speedstore";
import { adviceText, roundBanner, shortBanner, wildText } from "../words";
import { Dialog } from "./Dialog";
import { GoOutConfirm, Hand, HandTools } from "./Hand";
import { useFocusAfterDraw, useFreshCards, usePauseEnd, useShortcuts, useTitle } from "./hooks";
import { Chat, ConnectionState, MoveLog, People, RoundBanner } from "./Panels";
import { DiscardPile, Stock } from "./Piles";
import { GameOver, RoundResults } from "./Results";
import { ScoreSheet } from "./ScoreSheet";
import { CallTimer, SpeedSeat, drawnText } from "./SpeedSeat";
import { SettingsButton } from "./Settings";

interface Props {
  store: SpeedStore;
  room: string;
  online: boolean;
}

/** What the tab's title asks for: "Draw!", "Discard!", or nothing. */
function asking(view: SpeedView | null, canAct: boolean): string | null {
  if (!view || !canAct) return null;
  return view.phase === "draw" ? "Draw!" : "Discard!";
}

export function SpeedTable({ store, room, online }: Props) {
  const hand = useMemo(() => new HandState(store.hand), [store]);
  const view = store.speed.value;
  const canAct = store.canAct.value;
  const pending = store.pending.value !== null;

  useTitle(asking(view, canAct));
  const fresh = useFreshCards(view?.hand);
  useFocusAfterDraw(canAct && view?.phase === "discard", fresh);
  usePauseEnd(online, store.speedRoundToShow.value !== null, store.pauseUntil.value, () => store.dismissResults());
  useShortcuts({
    stock: () => store.speedDraw("stock"), pile: () => store.speedDraw("discard"),
    discard: () => hand.discard(), out: () => hand.goOut(),
  });

  if (view === null) {
    return (
      <main class="table-page loading" id="main">
        <ConnectionState status={store.status.value} />
        <p>Dealing the cards...</p>
      </main>
    );
  }

  const me = view.seat;
  const over = view.phase === "over";
  const legal = (action: string) => canAct && me !== null && view.legal.includes(`${me}: ${action}`);
  const chosen = hand.chosenCode.value;
  const canDiscard = canAct && hand.canDiscard(chosen);
  const canOut = canAct && hand.goesOut(chosen);
  const right = me !== null ? rightOf(view, me) : null;
  const roomInfo = store.room.value;
  const deadline = store.callDeadline.value;
  const seconds = Number(view.rules["speed_seconds"] ?? 10);
  const roundToShow = store.speedRoundToShow.value;
  const prompt = speedPrompt(view, pending);
  const drawn = drawnText(view);
  const advice = canAct && view.phase === "discard"
    ? adviceText(store.analysis.value, view.phase, chosen, view.wild) || goOutAdvice(view) : "";
  const myStep = me === null || over || !view.seats.includes(me) ? null
    : view.waiting.includes(me) ? `To ${view.phase}` : "Done";

  return (
    <div class="table-page speed-page" data-phase={view.phase} data-to-act={String(canAct)}>
      <header class="topbar">
        <a class="brand" href="/">Three-Thirteen</a>
        <RoundBanner text={roundBanner(asDealt(view))} short={shortBanner(asDealt(view))} lastTurn={null} />
        <ConnectionState status={store.status.value} />
        <SettingsButton />
      </header>
      <main class="felt-wrap" id="main">
        <h1 class="visually-hidden">Three-Thirteen Speed table</h1>
        <div class="caller">
          <p class="call-step">{over ? "The game is over." : callText(view)}</p>
          {deadline !== null && !over && <CallTimer deadline={deadline} seconds={seconds} />}
          <span class="wild-chip">{wildText(view.wild)}</span>
        </div>
        <div class="speed-seats">
          {seatsAround(view).map((seat) => (
            <SpeedSeat key={seat} view={view} seat={seat} roomSeat={roomInfo?.seats[seat] ?? null}
              right={seat === right} />
          ))}
        </div>
        <div class="speed-center">
          <Stock size={view.stock_size} />
          {right !== null && (
            <div class="speed-pile">
              <DiscardPile pile={view.piles[right] ?? []} wild={view.wild} />
              <span class="pile-caption">{owner(view, right)} pile</span>
            </div>
          )}
          {me !== null && (
            <div class="speed-pile">
              <DiscardPile pile={view.piles[me] ?? []} wild={view.wild} name="Your pile" />
              <span class="pile-caption">Your pile</span>
            </div>
          )}
        </div>
        {me !== null && (
          <section class="me" aria-label="Your seat">
            <div class="me-bar">
              <span class="me-name">{view.players[me] === "You" ? "You" : <>{view.players[me]} <span class="muted">(you)</span></>}</span>
              <span class="score">{view.totals[me] ?? 0} pts</span>
              {myStep && <span class={`mark ${myStep === "Done" ? "done" : "turn"}`}>{myStep}</span>}
              {view.outs.includes(me) && <span class="mark out">Out</span>}
              {drawn && <span class="drawn">{drawn}</span>}
              <p class="prompt speed-prompt">{prompt}</p>
            </div>
            {advice && <p class="advice">{advice}</p>}
            <HandTools hand={hand} />
            <Hand hand={hand} wild={view.wild} fresh={fresh}
              onPlay={() => (hand.goesOut(hand.chosenCode.value) ? hand.goOut() : hand.discard())} />
            <div class="actions">
              <button type="button" class="action" disabled={!legal("draw stock")} onClick={() => store.speedDraw("stock")}>Draw from stock</button>
              <button type="button" class="action" disabled={!legal("draw discard")} onClick={() => store.speedDraw("discard")}>Take from discard pile</button>
              <button type="button" class="action primary" disabled={!canDiscard} onClick={() => hand.discard()}>Discard</button>
              <button type="button" class="action go-out" disabled={!canOut} onClick={() => hand.goOut()}>Go out</button>
            </div>
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
      <GoOutConfirm hand={hand} wild={view.wild} />
    </div>
  );
}
