/**
 * A finished game's analysis (README, "Analysis": `three-thirteen-analysis/1`), as the
 * server's GET /api/rooms/<id>/analysis gives it: every draw and discard judged by a bot.
 * This module only reads it and puts it in words; the judging is the server's.
 */
import { ApiError } from "./api";
import { cardName } from "./cards";

export interface Decision {
  round: number; // the round's number (record.rounds[round - 1])
  turn: number; // 1-based index into that round's turns
  seat: number;
  phase: "draw" | "discard";
  played: string; // "draw stock" | "draw discard" | "discard Kh" | "out Kh"
  card: string | null; // the card taken from the pile, or the card thrown
  best: string; // the judge's best option, same notation
  played_expected: number | null; // null: the judge has no value for what was played
  best_expected: number;
  lost: number | null; // played_expected - best_expected, at least 0
  options: number;
}

export interface Brief {
  round: number;
  turn: number;
  phase: "draw" | "discard";
  played: string;
  card: string | null;
  best: string;
  lost: number;
}

export interface SeatSummary {
  seat: number;
  name: string;
  decisions: number;
  unjudged: number;
  lost: number;
  worst: Brief | null;
  text: string;
}

export interface Analysis {
  format: string;
  judge: string;
  seed: number;
  players: string[];
  seats: number[];
  decisions: Decision[];
  rounds: { round: number; seats: { seat: number; decisions: number; lost: number; worst: Brief | null }[] }[];
  summary: SeatSummary[];
}

export function analysisUrl(room: string): string {
  return `/api/rooms/${encodeURIComponent(room)}/analysis`;
}

export async function getAnalysis(room: string): Promise<Analysis> {
  const response = await fetch(analysisUrl(room));
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(response.status, String(data["reason"] ?? "error"),
      String(data["message"] ?? `the server answered ${response.status}`));
  }
  return data as unknown as Analysis;
}

/** An action's notation in words: "draw stock" → "draw from the stock",
 * "draw discard" with its card → "take the 7 of hearts", "out Kh" → "go out with the King of hearts". */
export function actionWords(text: string, card: string | null = null, wild: string | null = null): string {
  if (text === "draw stock") return "draw from the stock";
  if (text === "draw discard") return card ? `take the ${cardName(card, wild)}` : "take the top discard";
  const [verb, code] = text.split(" ");
  if (!code) return text;
  return verb === "out" ? `go out with the ${cardName(code, wild)}` : `discard the ${cardName(code, wild)}`;
}

/** Points to one decimal: "4.2". */
export function points(value: number): string {
  return value.toFixed(1);
}

/** The decisions of one turn (a round's number and the turn's 1-based index), draw first. */
export function decisionsAt(analysis: Analysis, round: number, turn: number): Decision[] {
  return analysis.decisions.filter((d) => d.round === round && d.turn === turn);
}

/** One decision in words: "draw: best" or "discard: lost 4.2, best: discard the King of hearts". */
export function decisionNote(decision: Decision, wild: string | null = null): string {
  if (decision.lost === null) return `${decision.phase}: not judged`;
  if (decision.lost < 0.05) return `${decision.phase}: best`;
  return `${decision.phase}: lost ${points(decision.lost)}, best: ${actionWords(decision.best, null, wild)}`;
}

/** The note of a replay step: its decisions in words, or null when none was judged. */
export function stepNote(analysis: Analysis, round: number, turn: number, wild: string | null = null): string | null {
  const found = decisionsAt(analysis, round, turn);
  if (found.length === 0) return null;
  return found.map((d) => decisionNote(d, wild)).join("; ");
}
