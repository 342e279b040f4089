/**
 * The state of one table, fed only by server messages. Components read its signals and
 * call its methods, which send messages; nothing here decides what is legal.
 */
import { batch, computed, signal } from "@preact/signals";
import type {
  Analysis, ClientMessage, HintOption, RoomInfo, ServerMessage, View,
} from "./protocol";
import type { Status } from "./socket";
import { cardName, parseCard, rankLabel, SUIT_SYMBOLS } from "./cards";
import { classify, Playback } from "./playback";
import type { Clock, Kind } from "./playback";
import {
  describeAction, hintLine, parseAction, roundBanner, roundSummary, seatName, statusLine,
} from "./words";
import type { ParsedAction } from "./words";

export interface LogLine {
  readonly key: number;
  readonly text: string;
  readonly kind: "move" | "round" | "chat" | "info";
}

export interface ChatLine {
  readonly key: number;
  readonly seat: number | null;
  readonly name: string;
  readonly text: string;
}

/** A card that moves on the felt as another seat's move is shown: from the stock or the
 * pile to the seat, or from the seat to the pile; `card` is null for a card seen from the
 * back (a draw from the stock). */
export interface Move {
  readonly key: number;
  readonly seat: number;
  readonly from: "stock" | "pile" | "seat";
  readonly to: "pile" | "seat";
  readonly card: string | null;
}

type StateMessage = Extract<ServerMessage, { type: "state" }>;

export interface Rematch {
  room: string;
  seat: number;
  token: string;
}

/** What the store needs from a connection: the socket module, or a fake in tests. */
export interface Connection {
  act(action: string, version: number): string;
  request(type: "hint" | "undo", version: number): string;
  send(message: ClientMessage): boolean;
}

const LOG_LIMIT = 300;

/** The view's round actions in order, each parsed (null if unreadable), with the card a
 * draw from the discard pile took (the view's `pickups`, in order). */
function roundMoves(view: View): { text: string; action: ParsedAction | null; taken: string | null }[] {
  let pickup = 0;
  return view.actions.map((text) => {
    const action = parseAction(text);
    const fromPile = action?.verb === "draw" && action.argument === "discard";
    const taken = fromPile ? view.pickups[pickup]?.card ?? null : null;
    if (fromPile) pickup += 1;
    return { text, action, taken };
  });
}

export class TableStore {
  readonly version = signal(-1);
  readonly view = signal<View | null>(null);
  readonly analysis = signal<Analysis | null>(null);
  readonly room = signal<RoomInfo | null>(null);
  readonly canUndo = signal(false);
  readonly status = signal<Status>("connecting");
  readonly log = signal<LogLine[]>([]);
  readonly chat = signal<ChatLine[]>([]);
  readonly hint = signal<HintOption[] | null>(null);
  readonly pauseUntil = signal<number | null | undefined>(undefined);
  readonly error = signal<string | null>(null);
  readonly timer = signal<{ seat: number; deadline: number | null } | null>(null);
  readonly rematch = signal<Rematch | null>(null);
  readonly kicked = signal(false);
  readonly rematchAsked = signal(false);
  /** How many finished rounds the person has seen the results of. */
  readonly resultsSeen = signal(0);
  /** An action sent and not yet answered: the controls wait for it. */
  readonly waiting = signal(false);
  /** Each seat's last action this round in words ("drew from the stock", "took 7 of
   * hearts", "discarded Queen of spades", "went out"), as shown. */
  readonly lastActions = signal<ReadonlyMap<number, SeatAction>>(new Map());
  /** The last move of another seat shown, for the card that moves on the felt. */
  readonly lastMove = signal<Move | null>(null);

  readonly myTurn = computed(() => {
    const view = this.view.value;
    return view !== null && view.seat !== null && view.turn === view.seat;
  });
  /** Someone made a rematch room (the room says so), or this person's seat in it is known. */
  readonly rematchOffered = computed(() =>
    this.rematch.value !== null || (this.room.value?.rematch ?? null) !== null);
  readonly gameOver = computed(() => this.view.value?.phase === "over");
  /** The results to show now (a round just ended and the person has not gone on). */
  readonly roundToShow = computed(() => {
    const view = this.view.value;
    if (view === null || this.resultsSeen.value >= view.results.length) return null;
    return view.results[view.results.length - 1] ?? null;
  });

  protected connection: Connection | null = null;
  private nextKey = 1;
  /** The last view received (the one shown may be older while the playback holds). */
  private received: View | null = null;
  /** The next state is the first after a (re)connect: it is shown at once. */
  private resync = true;
  private playback = new Playback<StateMessage>(
    (message, kind) => this.receiveState(message, kind), () => 0);

  /** Play other seats' states back with a hold of `hold()` ms each (read at each step:
   * a change of pace applies at once); without it every state is shown as it comes. */
  pacedBy(hold: () => number, clock?: Clock): void {
    this.playback.clear();
    this.playback = new Playback<StateMessage>(
      (message, kind) => this.receiveState(message, kind), hold, clock);
  }

  /** The pace changed: the state on screen is held for the new pace's time. */
  paceChanged(): void {
    this.playback.paceChanged();
  }

  /** Drop the states not shown yet (the table is closed). */
  stopPlayback(): void {
    this.playback.clear();
  }

  /** States received and not shown yet. */
  get behind(): number {
    return this.playback.waiting;
  }

  attach(connection: Connection): void {
    this.connection = connection;
  }

  receive(message: ServerMessage): void {
    batch(() => {
      switch (message.type) {
        case "state": {
          const kind: Kind = this.resync ? "resync" : classify(this.received, message.view, message.action);
          this.resync = false;
          this.received = message.view;
          this.playback.push(message, kind);
          break;
        }
        case "room":
          this.room.value = message.room;
          break;
        case "error":
          this.waiting.value = false;
          if (message.reason !== "stale-version") {
            this.error.value = message.message;
            this.addLines([`Not done: ${message.message}`], "info");
          }
          break;
        case "chat": {
          const name = message.name ?? "Spectator";
          this.chat.value = [...this.chat.value.slice(-LOG_LIMIT + 1),
            { key: this.nextKey++, seat: message.seat, name, text: message.text }];
          this.addLines([`${name} says: ${message.text}`], "chat");
          break;
        }
        case "chat_history":
          this.chat.value = message.messages.slice(-LOG_LIMIT).map((line) => ({
            key: this.nextKey++, seat: line.seat, name: line.name ?? "Spectator", text: line.text,
          }));
          break;
        case "hint":
          this.hint.value = message.options;
          this.addLines([hintLine(message.options, this.view.value?.wild ?? null)], "info");
          break;
        case "presence": {
          const room = this.room.value;
          if (room) {
            const seats = room.seats.map((seat, index) => ({
              ...seat, connected: message.connected[index] ?? seat.connected,
            }));
            this.room.value = { ...room, seats };
          }
          break;
        }
        case "kicked":
          this.kicked.value = true;
          break;
        case "timer":
          this.timer.value = { seat: message.seat, deadline: message.deadline };
          break;
        case "rematch":
          this.rematch.value = { room: message.room, seat: message.seat, token: message.token };
          break;
        case "pause":
          this.pauseUntil.value = message.until;
          break;
      }
    });
  }

  /** The connection's state; a change after the first connection is told in the log. */
  setStatus(status: Status): void {
    const before = this.status.value;
    this.status.value = status;
    if (status === "open") this.resync = true;
    const line = statusLine(before, status);
    if (line !== null) this.addLines([line], "info");
  }

  // --- what the person does: each sends one message ---

  draw(source: "stock" | "discard"): void {
    this.act(`draw ${source}`);
  }

  discard(card: string, out = false): void {
    this.act(`${out ? "out" : "discard"} ${card}`);
  }

  askHint(): void {
    if (this.connection === null) return;
    this.hint.value = null;
    this.connection.request("hint", this.version.value);
  }

  undo(): void {
    if (this.connection === null) return;
    this.waiting.value = true;
    this.connection.request("undo", this.version.value);
  }

  /** The person has seen the round's results: go on. */
  nextRound(): void {
    const view = this.view.value;
    if (view) this.resultsSeen.value = view.results.length;
    this.connection?.send({ type: "next" });
  }

  /** Close the round's results without sending anything (the pause ran out). */
  dismissResults(): void {
    const view = this.view.value;
    if (view) this.resultsSeen.value = view.results.length;
  }

  say(text: string): void {
    const trimmed = text.trim().slice(0, 500);
    if (trimmed) this.connection?.send({ type: "chat", text: trimmed });
  }

  start(): void {
    this.connection?.send({ type: "start" });
  }

  /** Ask for a rematch, or accept the one another person made: either way the server
   * answers this socket with the person's seat in the rematch room. */
  askRematch(): void {
    if (this.rematch.value !== null) {
      this.rematchAsked.value = true;
      return;
    }
    if (this.connection?.send({ type: "rematch" })) this.rematchAsked.value = true;
  }

  kick(seat: number): void {
    this.connection?.send({ type: "kick", seat });
  }

  mute(seat: number, muted: boolean): void {
    this.connection?.send({ type: "mute", seat, muted });
  }

  clearError(): void {
    this.error.value = null;
  }

  private act(action: string): void {
    if (this.connection === null || this.waiting.value) return;
    this.waiting.value = true;
    this.error.value = null;
    this.hint.value = null;
    this.connection.act(action, this.version.value);
  }

  /** Show a state: the view, the log's lines for what changed, the seats' last actions. */
  private receiveState(message: StateMessage, kind: Kind): void {
    const before = this.view.value;
    const previous = this.version.value;
    const { view } = message;
    if (before !== null && kind !== "resync" && message.version < this.version.value) return;
    let lines: string[] = [];
    if (before === null || kind === "resync") {
      this.resyncLog(view);
      this.lastActions.value = this.roundActions(view);
    } else if (message.version > this.version.value) {
      lines = this.changeLines(before, view, message.action);
      this.noteMoves(before, view, message.action ?? null, kind);
    }
    if (before === null) {
      this.resultsSeen.value = view.results.length;
    } else if (view.results.length < this.resultsSeen.value) {
      this.resultsSeen.value = view.results.length; // an undo took a round back
    }
    this.version.value = message.version;
    this.view.value = view;
    if (message.analysis !== undefined) this.analysis.value = message.analysis;
    if (message.room !== undefined) this.room.value = message.room;
    if (message.can_undo !== undefined) this.canUndo.value = message.can_undo;
    this.waiting.value = false;
    if (message.version !== previous) this.hint.value = null;
    if (lines.length) this.addLines(lines);
  }

  /** On every connect the log holds the current round's every public action, once: the
   * lines already shown are kept, the missing ones added (an undo while away: the round's
   * move lines are written again). */
  private resyncLog(view: View): void {
    if (view.phase === "over") return;
    const banner = roundBanner(view);
    const moves = this.actionLines(view, 0);
    const log = this.log.value;
    let at = -1;
    for (let index = log.length - 1; index >= 0; index -= 1) {
      if (log[index]!.kind === "round" && log[index]!.text === banner) {
        at = index;
        break;
      }
    }
    if (at < 0) {
      this.addLines([banner, ...moves]);
      return;
    }
    const shown = log.slice(at + 1).filter((line) => line.kind === "move").map((line) => line.text);
    if (shown.every((text, index) => moves[index] === text)) {
      this.addLines(moves.slice(shown.length), "move");
      return;
    }
    this.log.value = log.filter((line, index) => index <= at || line.kind !== "move");
    this.addLines(moves, "move");
  }

  /** Each seat's last action in the view's round. */
  private roundActions(view: View): Map<number, SeatAction> {
    const last = new Map<number, SeatAction>();
    for (const { action, taken } of roundMoves(view)) {
      if (action === null || action.seat === null) continue;
      last.set(action.seat, seatAction(action.verb, action.argument, taken));
    }
    return last;
  }

  /** The seats' last actions and the card that moves, for the actions that made `view`. */
  private noteMoves(before: View, view: View, applied: string | null, kind: Kind): void {
    const sameRound = view.round === before.round && view.results.length === before.results.length;
    if (sameRound && view.actions.length < before.actions.length) {
      this.lastActions.value = this.roundActions(view); // an undo
      return;
    }
    const fresh: { seat: number; verb: string; argument: string; taken: string | null }[] = [];
    if (sameRound) {
      roundMoves(view).forEach(({ action, taken }, index) => {
        if (index >= before.actions.length && action !== null && action.seat !== null) {
          fresh.push({ seat: action.seat, verb: action.verb, argument: action.argument, taken });
        }
      });
    } else if (view.results.length > before.results.length) {
      const action = applied ? parseAction(applied) : null;
      const seat = action?.seat ?? before.turn;
      if (action && seat !== null) {
        fresh.push({ seat, verb: action.verb, argument: action.argument, taken: null });
      } else if (seat !== null) {
        const card = this.lastDiscard(before, view);
        if (card) fresh.push({ seat, verb: "discard", argument: card, taken: null });
      }
    }
    if (fresh.length === 0) return;
    const last = new Map(this.lastActions.value);
    for (const move of fresh) last.set(move.seat, seatAction(move.verb, move.argument, move.taken));
    this.lastActions.value = last;
    const move = fresh[fresh.length - 1]!;
    if (kind !== "other" || move.seat === view.seat) return;
    const key = this.nextKey++;
    if (move.verb === "draw") {
      this.lastMove.value = move.argument === "stock"
        ? { key, seat: move.seat, from: "stock", to: "seat", card: null }
        : { key, seat: move.seat, from: "pile", to: "seat", card: move.taken };
    } else {
      this.lastMove.value = { key, seat: move.seat, from: "seat", to: "pile", card: move.argument };
    }
  }

  private changeLines(before: View, view: View, applied?: string | null): string[] {
    if (view.round === before.round && view.results.length === before.results.length) {
      if (view.actions.length < before.actions.length) return ["A move was taken back"];
      return this.actionLines(view, before.actions.length);
    }
    const lines: string[] = [];
    if (view.results.length > before.results.length) {
      if (applied) {
        const action = parseAction(applied);
        const seat = action?.seat ?? before.turn;
        const named = action && seat !== null && action.seat === null
          ? `${seat}: ${applied}` : applied;
        lines.push(...describeAction(view, named, before.discard_pile.at(-1) ?? null));
      } else if (before.turn !== null) {
        const card = this.lastDiscard(before, view);
        lines.push(card ? `${seatName(view, before.turn)} discarded ${cardName(card)}`
                        : `${seatName(view, before.turn)} discarded, ending the round`);
      }
      const result = view.results[view.results.length - 1];
      if (result) lines.push(roundSummary(view, result));
    } else if (view.results.length < before.results.length) {
      lines.push("A move was taken back");
    }
    if (view.phase !== "over") {
      lines.push(roundBanner(view));
      lines.push(...this.actionLines(view, 0));
    }
    return lines;
  }

  /** The card that ended a round, when this view can know it: the pile's top at the
   * game's end, or the person's own card missing from their laid-open hand. */
  private lastDiscard(before: View, view: View): string | null {
    if (view.phase === "over" && view.round === before.round) return view.discard_pile.at(-1) ?? null;
    const seat = before.turn;
    const result = seat !== null ? view.results.at(-1)?.result[seat] : undefined;
    if (seat !== before.seat || !before.hand || !result) return null;
    const left = [...result.melds.flat(), ...result.deadwood];
    const missing = [...before.hand];
    for (const card of left) {
      const at = missing.indexOf(card);
      if (at >= 0) missing.splice(at, 1);
    }
    return missing.length === 1 ? missing[0]! : null;
  }

  /** Lines for `view.actions` from index `from` on; a pile draw names its card. */
  private actionLines(view: View, from: number): string[] {
    const lines: string[] = [];
    roundMoves(view).forEach(({ text, taken }, index) => {
      if (index >= from) lines.push(...describeAction(view, text, taken));
    });
    return lines;
  }

  /** A line of the table's own in the log ("Not done: ..."), for a key that cannot act now. */
  tell(text: string): void {
    this.addLines([text], "info");
  }

  protected addLines(texts: string[], kind?: LogLine["kind"]): void {
    const added = texts.map((text) => ({
      key: this.nextKey++, text, kind: kind ?? (text.startsWith("Round") || text.startsWith("Playoff")
        ? "round" as const : "move" as const),
    }));
    this.log.value = [...this.log.value, ...added].slice(-LOG_LIMIT);
  }
}

/** A seat's last action: in words for the seat's status ("drew from the stock", "took 7 of
 * hearts", "discarded Queen of spades", "went out") and short for the eye ("drew", "took
 * 7♥", "discarded Q♠", "went out"). */
export interface SeatAction {
  readonly words: string;
  readonly short: string;
}

function shortCard(code: string): string {
  const card = parseCard(code);
  return card.joker ? "Joker" : `${rankLabel(card)}${SUIT_SYMBOLS[card.suit!]}`;
}

export function seatAction(verb: string, argument: string, taken: string | null): SeatAction {
  if (verb === "draw") {
    if (argument === "stock") return { words: "drew from the stock", short: "drew" };
    return taken ? { words: `took ${cardName(taken)}`, short: `took ${shortCard(taken)}` }
                 : { words: "took the discard", short: "took the discard" };
  }
  if (verb === "out") return { words: "went out", short: "went out" };
  return { words: `discarded ${cardName(argument)}`, short: `discarded ${shortCard(argument)}` };
}
