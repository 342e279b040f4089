/** The speed table ("3-13 Speed"): the caller's step and timer on top, every other seat as
 * a tile (pile top, cards, still to act or done), the stock, the pile on the person's
 * right (theirs to take) and their own pile in the middle, the hand and its buttons below;
 * the move log and the rest at the side, as at the standard table. */
import { useMemo } from "preact/hooks";
import { HandState } from "../handstate";
import type { SpeedView } from "../protocol";
import { asDealt, callText, goOutAdvice, owner, rightOf, seatsAround, speedPrompt } from "../speed";
import type { SpeedStore } from "../speedstore";
import { adviceText, wildText } from "../words";
import { useFocusAfterDraw, useFreshCards, usePauseEnd, useShortcuts, useTitle } from "./hooks";
import { DiscardPile, Stock } from "./Piles";
import { CallTimer, SpeedSeat, drawnText } from "./SpeedSeat";
import { Dealing, ErrorLine, MyName, PlayArea, SidePanels, TableDialogs, TopBar } from "./TableParts";

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

  if (view === null) return <Dealing status={store.status.value} />;

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
      <TopBar view={asDealt(view)} lastTurn={null} status={store.status.value} />
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
              <MyName view={view} me={me} />
              {myStep && <span class={`mark ${myStep === "Done" ? "done" : "turn"}`}>{myStep}</span>}
              {view.outs.includes(me) && <span class="mark out">Out</span>}
              {drawn && <span class="drawn">{drawn}</span>}
              <p class="prompt speed-prompt">{prompt}</p>
            </div>
            <PlayArea hand={hand} wild={view.wild} fresh={fresh} advice={advice}
              allowed={{ stock: legal("draw stock"), pile: legal("draw discard"), discard: canDiscard, out: canOut }}
              onDraw={(source) => store.speedDraw(source)} />
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
