/** The server's HTTP API (INTERFACES.md §5, docs/protocol.md). */
import type { RoomInfo, Rules } from "./protocol";
import { playerId } from "./settings";

export class ApiError extends Error {
  constructor(readonly status: number, readonly reason: string, message: string) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), token);
}

async function send<T>(method: string, path: string, json?: string, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (json !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: json ?? null });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(response.status, String(data["reason"] ?? "error"),
      String(data["message"] ?? `the server answered ${response.status}`));
  }
  return data as T;
}

export interface Seated {
  room: string;
  seat: number;
  token: string;
  invite?: string;
}

export interface RoomOptions {
  spectators?: boolean;
  turn_seconds?: number | null;
  round_pause_seconds?: number | null;
  /** How long the computers wait per action in a game against them (null: no wait). */
  pace?: "slow" | "normal" | "fast" | "instant" | null;
}

/** The body of POST /api/rooms. `seed` (decimal digits, 0..2**63-1) is written as a JSON
 * number digit for digit: a JavaScript number would round one above 2**53. `player`: this
 * browser's id, which the server keeps with the seat (statistics) and never shows. */
export function roomBody(name: string, rules: Rules, seats: string[],
  options?: RoomOptions, seed?: string, player?: string): string {
  const body: Record<string, unknown> = { name, rules, seats };
  if (options) body["options"] = options;
  if (player !== undefined) body["player"] = player;
  const json = JSON.stringify(body);
  if (seed === undefined) return json;
  if (!/^\d+$/.test(seed)) throw new Error(`not a seed: ${JSON.stringify(seed)}`);
  return `${json.slice(0, -1)},"seed":${seed}}`;
}

export function createRoom(name: string, rules: Rules, seats: string[],
  options?: RoomOptions, seed?: string): Promise<Seated> {
  return send<Seated>("POST", "/api/rooms", roomBody(name, rules, seats, options, seed, playerId.value));
}

export async function joinRoom(room: string, name: string): Promise<Seated> {
  const answer = await call<{ seat: number; token: string }>(
    "POST", `/api/rooms/${encodeURIComponent(room)}/join`, { name, player: playerId.value });
  return { room, ...answer };
}

export function getRoom(room: string, token?: string): Promise<RoomInfo> {
  return call<RoomInfo>("GET", `/api/rooms/${encodeURIComponent(room)}`, undefined, token);
}

export function recordUrl(room: string): string {
  return `/api/rooms/${encodeURIComponent(room)}/record`;
}

export function getRecord(room: string): Promise<GameRecord> {
  return call<GameRecord>("GET", recordUrl(room));
}

export interface Stats {
  name: string;
  games: number;
  wins: number;
  average_points_per_round: number | null;
  best_game: number | null;
  worst_game: number | null;
  go_outs: number;
}

export function getStats(name: string): Promise<Stats> {
  return call<Stats>("GET", `/api/stats/${encodeURIComponent(name)}`);
}

/** The numbers of a person's finished games (over all, or at one level of computers). */
export interface PlayerNumbers {
  games: number;
  wins: number;
  best_total: number | null;
  average_total: number | null;
  average_points_per_round: number | null;
  go_outs: number;
}

/** One finished game as the person played it. */
export interface PlayedGame {
  room: string;
  finished: number; // unix seconds
  seat: number;
  players: string[];
  totals: number[];
  total: number;
  place: number;
  won: boolean;
  rounds: number;
  go_outs: number;
  level: string; // the computers' level, "mixed", or "people"
  rules: string; // in a few words
}

export interface PlayerStats extends PlayerNumbers {
  by_level: (PlayerNumbers & { level: string })[];
  history: PlayedGame[]; // the newest first
}

/** The statistics of this browser's player id (sent in the body: never in an address). */
export function getPlayerStats(player: string): Promise<PlayerStats> {
  return call<PlayerStats>("POST", "/api/players/stats", { player });
}

/** The game record of INTERFACES.md §3. */
export interface RecordTurn {
  seat: number;
  draw: "stock" | "discard";
  card: string;
  discard: string;
  out: boolean;
  false_out?: boolean;
  reshuffle?: string[];
}

/** A call of a speed record: every seat's draw, then every seat's discard, in seat order
 * (`timeout`: the caller's default). */
export interface RecordCall {
  draws: { seat: number; draw: "stock" | "discard"; card: string; timeout?: boolean }[];
  discards: { seat: number; discard: string; out: boolean; false_out?: boolean; timeout?: boolean }[];
}

export interface RecordRound {
  number: number;
  wild: string | null; // the wild rank: "K" in a playoff round; null: none (round 12)
  dealer: number;
  playoff?: boolean; // true for a playoff round, absent otherwise
  seats?: number[]; // a playoff's seats in play
  deal: { hands: string[][]; upcard: string | null; stock: string[]; piles?: (string | null)[] };
  turns: RecordTurn[]; // a speed record has `calls` instead
  calls?: RecordCall[];
  end: "out" | "stock_empty";
  out: number | null;
  outs?: number[]; // speed: every seat that went out
  result: { melds: string[][]; deadwood: string[]; points: number }[];
}

export interface GameRecord {
  format: string;
  rules: Rules;
  seed: number | null;
  players: string[];
  rounds: RecordRound[];
  totals: number[];
  winners: number[];
}
