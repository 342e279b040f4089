/** `/play?opponents=3&level=medium&preset=...&rules={...}`: the room a quick game asks for. */
import type { Rules } from "./protocol";

export const LEVELS = ["random", "easy", "greedy", "medium", "expert"] as const;

export interface QuickGame {
  seats: string[];
  rules: Rules;
  /** The deal's seed in decimal digits (it may exceed a JavaScript number's exact range). */
  seed?: string;
}

const MAX_SEED = 2n ** 63n - 1n;

/** A seed as the server takes it: a whole number from 0 to 2**63 - 1, in decimal digits. */
export function readSeed(text: string): string {
  const digits = text.trim();
  if (!/^\d{1,19}$/.test(digits) || BigInt(digits) > MAX_SEED) {
    throw new Error(`seed must be a whole number from 0 to ${MAX_SEED}, not ${JSON.stringify(text)}`);
  }
  return BigInt(digits).toString();
}

/** Read the address' parameters; throws an Error whose message a person can read. */
export function quickGame(params: URLSearchParams): QuickGame {
  let rules = readRules(params.get("rules"));
  const preset = params.get("preset");
  if (preset) rules = { preset, ...rules };
  // Speed mode plays every seat at once: up to 15 opponents; a game of turns, 7.
  const most = rules["preset"] === "speed" || rules["mode"] === "speed" ? 15 : 7;
  const opponents = Number(params.get("opponents") ?? "3");
  if (!Number.isInteger(opponents) || opponents < 1 || opponents > most) {
    throw new Error(`opponents must be a whole number from 1 to ${most}`);
  }
  const levels = (params.get("level") ?? "medium").split(",").map((level) => level.trim());
  for (const level of levels) {
    if (!(LEVELS as readonly string[]).includes(level)) {
      throw new Error(`unknown level ${JSON.stringify(level)}: use ${LEVELS.join(", ")}`);
    }
  }
  if (levels.length !== 1 && levels.length !== opponents) {
    throw new Error(`give one level, or one for each of the ${opponents} opponents`);
  }
  const seedText = params.get("seed");
  const seed = seedText !== null && seedText !== "" ? readSeed(seedText) : undefined;
  const seats = ["human", ...Array.from({ length: opponents }, (_, i) => levels[levels.length === 1 ? 0 : i]!)];
  const game: QuickGame = { seats, rules: { ...rules, players: seats.length } };
  if (seed !== undefined) game.seed = seed;
  return game;
}

function readRules(text: string | null): Rules {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
    return parsed as Rules;
  } catch {
    throw new Error("rules must be a JSON object of rule options");
  }
}

/** The address of a quick game. */
export function playPath(opponents: number, level: string, rules?: Rules): string {
  const params = new URLSearchParams({ opponents: String(opponents), level });
  if (rules && Object.keys(rules).length) params.set("rules", JSON.stringify(rules));
  return `/play?${params.toString()}`;
}
