/** The messages of INTERFACES.md §5 and docs/protocol.md, as types. */

export type Phase = "draw" | "discard" | "over";

export interface SeatResult {
  melds: string[][];
  deadwood: string[];
  points: number;
}

export interface RoundResult {
  number: number;
  wild: string | null; // null: no wild rank, only jokers (round 12)
  dealer: number;
  end: "out" | "stock_empty";
  out: number | null;
  playoff: boolean;
  result: SeatResult[];
  /** Speed mode: every seat that went out on the round's last call, in seat order. */
  outs?: number[];
}

export type Rules = Record<string, unknown>;

/** What a seat's view holds in either mode: a turn game's `View` and a speed game's
 * `SpeedView` both carry these fields, with the same meaning. */
export interface BaseView {
  seat: number | null;
  rules: Rules;
  players: string[];
  round: number;
  playoff: boolean;
  seats: number[];
  wild: string | null; // null: no wild rank, only jokers (round 12)
  dealer: number;
  phase: Phase;
  hand: string[] | null;
  hand_sizes: number[];
  stock_size: number;
  totals: number[];
  results: RoundResult[];
  winners: number[] | null;
  legal: string[];
}

/** One seat's view of the game (the project's `View` JSON). */
export interface View extends BaseView {
  turn: number | null;
  discard_pile: string[];
  pickups: { seat: number; card: string }[];
  actions: string[];
  reshuffled: boolean;
  out: number | null;
  final_turns_left: number;
  false_outs: number[];
}

/** One seat's view of a speed game (the project's `SpeedView` JSON, RULES.md "Speed"):
 * every pile is public, no other hand is. */
export interface SpeedView extends BaseView {
  mode: "speed";
  call: number; // 1 for the round's first call
  last_call: boolean; // the stock cannot serve every draw of this call
  waiting: number[]; // the seats still to act in this step
  drawn: string | null; // the card this seat drew in this call, once the draws are resolved
  piles: string[][]; // by seat, top last
  pile_draws: { seat: number; card: string }[]; // this round's draws from piles, in order
  outs: number[];
}

/** A speed room's `state`: `call_deadline` is when the caller plays for every seat still
 * waiting (unix ms), null while no step runs. */
export interface SpeedState {
  type: "state";
  version: number;
  view: SpeedView;
  call_deadline?: number | null;
  analysis?: Analysis | null;
  room?: RoomInfo;
}

/** Whether a state's view is a speed game's. */
export function isSpeedView(view: unknown): view is SpeedView {
  return typeof view === "object" && view !== null && (view as { mode?: unknown }).mode === "speed";
}

export interface DiscardOption {
  card: string;
  deadwood: number;
  out: boolean;
}

export interface Analysis {
  deadwood: number;
  melds: string[][];
  /** Each meld's kind, "set" or "run" (a meld of one natural and wilds reads either way). */
  kinds?: string[];
  unmelded: string[];
  go_out_discards: string[];
  discards?: DiscardOption[];
}

export interface RoomSeat {
  kind: string; // "human" or a bot's name
  name: string | null;
  connected: boolean;
  muted?: boolean;
}

export interface RoomInfo {
  room: string;
  status: "waiting" | "playing" | "over" | "abandoned";
  seats: RoomSeat[];
  host?: number;
  options?: Record<string, unknown>;
  rules?: Rules;
  /** The rematch room someone made from this finished room; accept it by sending `rematch`. */
  rematch?: string | null;
  /** Once dealt (GET /api/rooms/<id> only): the round in play, the game's rounds, every
   * seat's total and the seat to play (null in speed mode, or once over). */
  round?: number;
  rounds?: number;
  totals?: number[];
  turn?: number | null;
  /** Asked with a seat's token: that seat, or null if the token holds none (any more). */
  you?: number | null;
}

export interface HintOption {
  action: string;
  expected: number;
}

export type ServerMessage =
  | { type: "state"; version: number; view: View; analysis?: Analysis | null;
      room?: RoomInfo; can_undo?: boolean; action?: string | null }
  | { type: "room"; room: RoomInfo }
  | { type: "error"; reason: string; message: string; id?: string | null }
  | { type: "chat"; seat: number | null; name: string | null; text: string }
  /** After `hello`: the room's recent chat, oldest first (the list replaces the client's). */
  | { type: "chat_history"; messages: { seat: number | null; name: string | null; text: string }[] }
  | { type: "hint"; id: string; options: HintOption[] }
  | { type: "presence"; connected: boolean[] }
  | { type: "kicked" }
  | { type: "timer"; seat: number; deadline: number | null }
  | { type: "rematch"; room: string; seat: number; token: string }
  | { type: "pause"; until: number | null };

export type ClientMessage =
  | { type: "hello"; token?: string }
  | { type: "action"; id: string; version: number; action: string }
  | { type: "chat"; text: string }
  | { type: "start" }
  | { type: "hint"; id: string }
  | { type: "undo"; id: string }
  | { type: "next" }
  | { type: "rematch" }
  | { type: "kick"; seat: number }
  | { type: "mute"; seat: number; muted: boolean }
  /** The room's one person sets how long its computers wait per action. */
  | { type: "pace"; pace: "slow" | "normal" | "fast" | "instant" };

/** Parse one text frame; null for anything that is not an object with a string `type`. */
export function readMessage(text: string): ServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === "string" ? (data as ServerMessage) : null;
}
