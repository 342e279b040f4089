/** What a person typed into a numeric rules field, read against the engine's catalog. */

export interface NumberOption {
  name: string;
  kind: string; // "number" or "number-or"
  min?: number;
  max?: number;
  word?: string | null; // "number-or": the word that stands for the other value ("auto"; null: "none")
}

export type Reading = { ok: true; value: number | string | null } | { ok: false; error: string };

/** A whole number in the option's range, or (for "number-or") its word; else what is wrong. */
export function readRuleNumber(text: string, option: NumberOption): Reading {
  const typed = text.trim();
  const word = option.kind === "number-or" ? (option.word ?? "none") : null;
  if (word !== null && (typed === "" || typed.toLowerCase() === word)) {
    return { ok: true, value: option.word ?? null };
  }
  const range = option.min !== undefined && option.max !== undefined
    ? `from ${option.min} to ${option.max}` : "";
  const wanted = `a whole number${range ? ` ${range}` : ""}${word !== null ? ` or "${word}"` : ""}`;
  if (!/^-?\d+$/.test(typed)) {
    return { ok: false, error: `${typed === "" ? "Nothing" : `"${typed}"`} is not ${wanted}.` };
  }
  const value = Number(typed);
  if ((option.min !== undefined && value < option.min) || (option.max !== undefined && value > option.max)) {
    return { ok: false, error: `${value} is out of range: give ${wanted}.` };
  }
  return { ok: true, value };
}
