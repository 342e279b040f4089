/** The parts the standard table and the speed table share: the page while the cards are
 * dealt, the top bar, the person's name and score, their hand with its buttons, the error
 * line, the side panels, and the dialogs that end a round or the game. */
import type { ComponentChildren } from "preact";
import type { HandState } from "../handstate";
import type { BaseView, RoundResult } from "../protocol";
import type { Status } from "../socket";
import type { TableStore } from "../store";
import { roundBanner, shortBanner } from "../words";
import { Dialog } from "./Dialog";
import { GoOutConfirm, Hand, HandTools } from "./Hand";
import { Chat, ConnectionState, MoveLog, People, RoundBanner } from "./Panels";
import { GameOver, RoundResults } from "./Results";
import { RulesButton } from "./RulesPage";
import { ScoreSheet } from "./ScoreSheet";
import { SettingsButton } from "./Settings";

/** The page before the first view arrives. */
export function Dealing({ status }: { status: Status }) {
  return (
    <main class="table-page loading" id="main">
      <ConnectionState status={status} />
      <p>Dealing the cards...</p>
    </main>
  );
}

/** The bar on top: the home link, the round's banner, the connection, the rules (over the
 * table) and the settings. */
export function TopBar({ view, lastTurn, status }: {
  view: Pick<BaseView, "round" | "rules" | "wild" | "playoff" | "hand_sizes" | "seats">; lastTurn: string | null; status: Status;
}) {
  return (
    <header class="topbar">
      <a class="brand" href="/">Three-Thirteen</a>
      <RoundBanner text={roundBanner(view)} short={shortBanner(view)} lastTurn={lastTurn} />
      <ConnectionState status={status} />
      <RulesButton rules={view.rules} />
      <SettingsButton />
    </header>
  );
}

/** The person's name ("You", or their name with "(you)") and their total. */
export function MyName({ view, me }: { view: Pick<BaseView, "players" | "totals">; me: number }) {
  return (
    <>
      <span class="me-name">{view.players[me] === "You" ? "You" : <>{view.players[me]} <span class="muted">(you)</span></>}</span>
      <span class="score">{view.totals[me] ?? 0} pts</span>
    </>
  );
}

/** What each play button may do now. */
export interface Allowed {
  stock: boolean;
  pile: boolean;
  discard: boolean;
  out: boolean;
}

/** The advice, the hand with its tools, and the play buttons; `children` adds buttons. */
export function PlayArea({ hand, wild, fresh, advice, allowed, outWhy = null, onDraw, children }: {
  hand: HandState; wild: string | null; fresh: ReadonlySet<string>; advice: string;
  allowed: Allowed; outWhy?: string | null; onDraw: (source: "stock" | "discard") => void; children?: ComponentChildren;
}) {
  return (
    <>
      {advice && <p class="advice">{advice}</p>}
      <HandTools hand={hand} />
      <Hand hand={hand} wild={wild} fresh={fresh}
        onPlay={() => (hand.goesOut(hand.chosenCode.value) ? hand.goOut() : hand.discard())} />
      <div class="actions">
        <button type="button" class="action" disabled={!allowed.stock} onClick={() => onDraw("stock")}>Draw from stock</button>
        <button type="button" class="action" disabled={!allowed.pile} onClick={() => onDraw("discard")}>Take from discard pile</button>
        <button type="button" class="action primary" disabled={!allowed.discard} onClick={() => hand.discard()}>Discard</button>
        <button type="button" class="action go-out" disabled={!allowed.out} onClick={() => hand.goOut()}
          title={outWhy ?? undefined} aria-describedby={outWhy ? "go-out-why" : undefined}>Go out</button>
        {outWhy && <span id="go-out-why" hidden>{outWhy}.</span>}
        {children}
      </div>
    </>
  );
}

/** The last error from the server, with a button that dismisses it. */
export function ErrorLine({ store }: { store: TableStore }) {
  const error = store.error.value;
  return error ? (
    <p class="error-line">{error} <button type="button" class="small" onClick={() => store.clearError()}>Dismiss</button></p>
  ) : null;
}

/** The side: the move log, the score sheet so far, and online the people and the chat. */
export function SidePanels({ store, view, online }: {
  store: TableStore; view: Pick<BaseView, "seat" | "players" | "phase" | "results">; online: boolean;
}) {
  const roomInfo = store.room.value;
  return (
    <aside class="side">
      <MoveLog lines={store.log.value} />
      {view.phase !== "over" && view.results.length > 0 && (
        <details class="panel">
          <summary>Score sheet</summary>
          <ScoreSheet view={view} results={view.results} />
        </details>
      )}
      {online && roomInfo && (
        <People room={roomInfo} me={view.seat} onMute={(seat, muted) => store.mute(seat, muted)} onKick={(seat) => store.kick(seat)} />
      )}
      {online && <Chat lines={store.chat.value} onSay={(text) => store.say(text)} disabled={store.status.value !== "open"} />}
    </aside>
  );
}

/** The dialogs: the game's end, a round's results, and the question before going out. */
export function TableDialogs({ store, view, room, roundToShow, hand }: {
  store: TableStore; view: Pick<BaseView, "seat" | "players" | "phase" | "results" | "winners" | "wild">;
  room: string; roundToShow: RoundResult | null; hand: HandState;
}) {
  const over = view.phase === "over";
  return (
    <>
      {over && (
        <Dialog labelledBy="over-title">
          <div class="sheet">
            <GameOver view={view} room={room} rematchAsked={store.rematchAsked.value}
              rematchOffered={store.rematchOffered.value}
              onRematch={view.seat !== null ? () => store.askRematch() : null} />
          </div>
        </Dialog>
      )}
      {roundToShow && !over && (
        <RoundResults view={view} result={roundToShow} onNext={() => store.nextRound()} pauseUntil={store.pauseUntil.value} />
      )}
      <GoOutConfirm hand={hand} wild={view.wild} />
    </>
  );
}
