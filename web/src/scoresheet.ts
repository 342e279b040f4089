/**
 * Score sheets for games played with real cards (issue 16): the server's sheet API, the
 * sheets kept on this device, the live link's long poll, and the words a sheet is shown
 * in. The server scores every entry (the solver lives there); this module only shows
 * what it answers and sends what the keeper typed or tapped.
 */
import type { Rules } from "./protocol";
import { ApiError } from "./api";

export const SHEET_FORMAT = "three-thirteen-scoresheet/1";

/** An entry as stored: `{"points": 12}`, `{"cards": "7h 8h Kd"}` or `{"out": true}`. */
export interface EnteredJson {
  points?: number;
  cards?: string;
  out?: boolean;
  false_outs?: number;
}

export interface Arrangement {
  deadwood: number;
  melds: string[][];
  unmelded: string[];
}

export interface EntryView {
  points: number;
  entered: EnteredJson;
  arrangement?: Arrangement;
}

export type EntryCell = EntryView | { missing: true } | null; // null: not playing (playoff)

export interface RoundView {
  number: number;
  playoff: boolean;
  cards: number;
  wild: string | null; // null: no wild rank, only jokers (round 12)
  dealer: number;
  first: number;
  order: number[];
  entries: EntryCell[];
  totals: number[] | null;
}

/** `sheet_view` of the scorekeeper: three-thirteen-scoresheet-view/1. */
export interface SheetView {
  format: string;
  names: string[];
  rules: Rules;
  rounds: RoundView[];
  totals: number[];
  leaders: number[];
  missing: { round: number; player: number }[];
  playoff: number[] | null;
  winners: number[] | null;
  entries_made: number;
}

/** The sheet's own JSON form (README: three-thirteen-scoresheet/1). */
export interface SheetData {
  format: string;
  names: string[];
  rules: Rules;
  first_dealer: number;
  entries: ({ round: number; player: number } & EnteredJson)[];
}

export interface SheetState {
  sheet: string;
  version: number;
  updated: number;
  link: string;
  data: SheetData;
  view: SheetView;
  token?: string;
}

// -- the server ----------------------------------------------------------------------

async function request(method: string, path: string, body?: unknown, token?: string | null
): Promise<SheetState> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? null : JSON.stringify(body), cache: "no-store",
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(response.status, String(data["reason"] ?? "error"),
      String(data["message"] ?? `the server answered ${response.status}`));
  }
  return data as unknown as SheetState;
}

const base = (id: string) => `/api/sheets/${encodeURIComponent(id)}`;

export function createSheet(data: SheetData): Promise<SheetState> {
  return request("POST", "/api/sheets", data);
}

export function getSheet(id: string, after?: number): Promise<SheetState> {
  return request("GET", after === undefined ? base(id) : `${base(id)}?after=${after}`);
}

export function enterEntry(id: string, token: string, round: number, player: number,
  entry: string): Promise<SheetState> {
  return request("POST", `${base(id)}/entries`, { round, player, entry }, token);
}

export function undoEntry(id: string, token: string): Promise<SheetState> {
  return request("POST", `${base(id)}/undo`, {}, token);
}

export const csvUrl = (id: string) => `${base(id)}/csv`;
export const jsonUrl = (id: string) => `${base(id)}/json`;

/** A new sheet's JSON form: the names, the rules (a preset and options), the first dealer. */
export function newSheet(names: string[], rules: Rules, firstDealer: number): SheetData {
  return { format: SHEET_FORMAT, names, rules: { ...rules, players: names.length },
    first_dealer: firstDealer, entries: [] };
}

/**
 * Follow a sheet by its live link: each answer of the long poll (`?after=V`) is handed to
 * `seen`; a failure waits and tries again. Stops when `stop` aborts.
 */
export async function follow(id: string, version: number, seen: (state: SheetState) => void,
  stop: AbortSignal, retryMs = 2000): Promise<void> {
  let current = version;
  while (!stop.aborted) {
    try {
      const state = await getSheet(id, current);
      if (stop.aborted) return;
      if (state.version !== current) {
        current = state.version;
        seen(state);
      }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}

// -- this device's sheets ----------------------------------------------------------------

const KEPT = "three-thirteen.scoresheets";
const MAX_KEPT = 100;

export interface KeptSheet {
  id: string;
  token: string | null; // the keeper's secret; null for a sheet only watched
  names: string[];
  updated: number;
  summary: string;
}

export function keptSheets(): KeptSheet[] {
  try {
    const raw = globalThis.localStorage?.getItem(KEPT);
    const found = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(found) ? (found as KeptSheet[]).filter((item) => typeof item?.id === "string") : [];
  } catch {
    return [];
  }
}

export function keptToken(id: string): string | null {
  return keptSheets().find((item) => item.id === id)?.token ?? null;
}

/** Remember `state` on this device (with the keeper's token, once known). */
export function keepSheet(state: SheetState, token: string | null): void {
  const others = keptSheets().filter((item) => item.id !== state.sheet);
  const before = keptSheets().find((item) => item.id === state.sheet);
  const item: KeptSheet = {
    id: state.sheet, token: token ?? before?.token ?? null, names: state.view.names,
    updated: state.updated, summary: progressText(state.view),
  };
  try {
    globalThis.localStorage?.setItem(KEPT, JSON.stringify([item, ...others].slice(0, MAX_KEPT)));
  } catch {
    /* storage unavailable: the sheet stays on the server, reachable by its link */
  }
}

export function forgetSheet(id: string): void {
  try {
    globalThis.localStorage?.setItem(KEPT, JSON.stringify(keptSheets().filter((item) => item.id !== id)));
  } catch {
    /* nothing kept */
  }
}

/** The keeper's token from a keeper link (`/score/<id>#key=<token>`), if any. */
export function tokenFromHash(hash: string): string | null {
  const match = /^#key=([A-Za-z0-9_-]{20,200})$/.exec(hash);
  return match ? match[1]! : null;
}

// -- the sheet in words ----------------------------------------------------------------------

export function listing(words: string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

const WILD_WORDS: Record<string, string> = { T: "10", J: "Jack", Q: "Queen", K: "King", A: "Ace" };

/** "Round 2 of 11: 4 cards, wild rank 4 and jokers, Bob deals, Cy plays first." */
export function roundTitle(view: SheetView, round: RoundView): string {
  const jokers = Number(view.rules["jokers"] ?? 0) > 0 ? " and jokers" : "";
  const head = round.playoff ? `Playoff round between ${listing([...round.order].sort((a, b) => a - b).map((s) => view.names[s]!))}`
    : `Round ${round.number} of ${view.rules["rounds"]}`;
  const wild = round.wild === null
    ? (jokers ? "no wild rank, jokers wild" : "no wild rank (and no jokers)")
    : `wild rank ${WILD_WORDS[round.wild] ?? round.wild}${jokers}`;
  return `${head}: ${round.cards} cards, ${wild}, ${view.names[round.dealer]} deals, `
    + `${view.names[round.first]} plays first.`;
}

/** What an entry scores, with the arrangement for cards (as the terminal says it). */
export function entryText(cell: EntryCell, wild: string | null, penalty: number): string {
  if (cell === null) return "not playing";
  if ("missing" in cell) return "missing";
  const falseOuts = cell.entered.false_outs ?? 0;
  const charged = falseOuts * penalty;
  const times = falseOuts === 1 ? "a false out" : `${falseOuts} false outs`;
  const extra = falseOuts ? `, plus ${times} ${charged}: ${cell.points} points` : "";
  if (cell.entered.out) return `went out: ${cell.points - charged} points${extra}`;
  if (cell.arrangement === undefined) return `${cell.entered.points ?? cell.points} points${extra}`;
  const mark = (code: string) => (code === "*" || code.charAt(0) === wild ? `${code} (wild)` : code);
  const melds = cell.arrangement.melds.map((meld) => meld.map(mark).join(" ")).join(" / ");
  const unmelded = cell.arrangement.unmelded.map(mark).join(" ") || "none";
  return `least penalty ${cell.arrangement.deadwood}: ${melds ? `melds ${melds}` : "no melds"}; `
    + `unmelded ${unmelded}${extra}`;
}

/** "Leader: Cy" during the game; the winners in words once it is over. */
export function standingText(view: SheetView): string {
  const names = (seats: number[]) => listing(seats.map((seat) => view.names[seat]!));
  if (view.winners !== null) {
    if (view.winners.length === 0) {
      return `Nobody wins: the lowest total, ${Math.min(...view.totals)}, is tied (ties = none).`;
    }
    if (view.playoff !== null) {
      return `${names(view.winners)} ${view.winners.length === 1 ? "wins" : "share the win of"} `
        + "the playoff round, and the game.";
    }
    const score = view.totals[view.winners[0]!];
    return view.winners.length === 1 ? `${names(view.winners)} wins with ${score} points.`
      : `${names(view.winners)} share the win with ${score} points.`;
  }
  if (view.playoff !== null) {
    return `${names(view.playoff)} tie for the lowest total: they play one more round, 13 cards, kings wild.`;
  }
  return `${view.leaders.length === 1 ? "Leader" : "Leaders"}: ${names(view.leaders)}.`;
}

/** One line for the list of sheets: the round reached, or the winners. */
export function progressText(view: SheetView): string {
  if (view.winners !== null) return standingText(view);
  const next = view.missing[0];
  const round = next === undefined ? "" : next.round > Number(view.rules["rounds"])
    ? "next: the playoff round. " : `next: round ${next.round}. `;
  return `${round}${standingText(view)}`;
}

/** The round to enter now: the first with an entry missing, else the last. */
export function currentRound(view: SheetView): number {
  return view.missing[0]?.round ?? view.rounds[view.rounds.length - 1]?.number ?? 1;
}

/** How many copies of each card the rules' pack holds (for the card grid's taps only). */
export function deckCount(rules: Rules, players: number): number {
  const decks = rules["decks"];
  if (typeof decks === "number") return decks;
  if (rules["mode"] === "speed") return Math.ceil(players / 3); // 3-13 Speed: a deck per 3
  return players <= 2 ? 1 : Math.ceil(players / 2);
}

/** The typed text of an entry with `falseOuts` false outs before it. */
export function entryWithFalseOuts(text: string, falseOuts: number): string {
  return `${"false out ".repeat(falseOuts)}${text}`.trim();
}
