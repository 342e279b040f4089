/** Every rules option with its meaning, starting from a preset (INTERFACES.md §1). */
import { useState } from "preact/hooks";
import catalog from "../rules-options.json";
import type { Rules } from "../protocol";
import { readRuleNumber } from "../ruleinput";

interface OptionInfo {
  name: string;
  doc: string;
  default: unknown;
  kind: "number" | "number-or" | "switch" | "choice";
  min?: number;
  max?: number;
  word?: string | null;
  choices?: string[];
}

const OPTIONS = catalog.options as OptionInfo[];
export const PRESETS = catalog.presets as Record<string, Rules>;

/** The most seats a table takes: 16 in speed mode (every seat at once), else 8. */
export const MAX_SEATS = { turns: 8, speed: 16 } as const;

/** What each preset is, in a line under the choice (RULES.md, "Presets"). */
const PRESET_WORDS: Record<string, string> = {
  standard: "The house rules: 11 rounds, 3 to 13 cards.",
  natural: "Every meld needs a natural card.",
  "single-wild": "At most one wild card acts in each meld; wilds left over cost 15.",
  jokers: "Four jokers, wild in every round.",
  "high-stakes": "Aces high or low; J, Q, K cost 11, 12, 13.",
  "deuces-arent-wild": "Jared Mellentine's variation for 2 or 3 players: a 12th round deals 14 cards "
    + "with no wild rank, jokers wild; a tie is played off.",
  "five-suit": "The Five Crowns pack: five suits (stars ★ added) of 3 to K, no aces or 2s, "
    + "6 jokers; J, Q, K cost 11, 12, 13, wild cards 20, jokers 50.",
  speed: "3-13 Speed: everyone draws and discards at once, on a caller's word; several "
    + "players may go out in a round.",
};

/** The seats a preset names (deuces-arent-wild: 3), or null. */
export function presetPlayers(preset: string): number | null {
  const players = PRESETS[preset]?.["players"];
  return typeof players === "number" ? players : null;
}

function label(name: string): string {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The value an option has under `preset` with `changes`. */
export function effective(preset: string, changes: Rules, name: string): unknown {
  if (name in changes) return changes[name];
  const base = PRESETS[preset] ?? {};
  if (name in base) return base[name];
  return OPTIONS.find((option) => option.name === name)?.default;
}

/** Whether the rules play speed mode ("3-13 Speed"): the speed preset, or `mode` set so. */
export function isSpeed(preset: string, changes: Rules): boolean {
  return effective(preset, changes, "mode") === "speed";
}

/** The rules object to send: the preset and the options changed from it. */
export function rulesFor(preset: string, changes: Rules, players: number): Rules {
  return { preset, ...changes, players };
}

/** `all`: every option whatever the mode (the score sheet); else the caller's time
 * (`speed_seconds`) shows only when the rules play speed. */
export function RulesForm({ preset, changes, onPreset, onChange, idPrefix, speed: all = false }: {
  preset: string; changes: Rules; idPrefix: string; speed?: boolean;
  onPreset: (preset: string) => void; onChange: (changes: Rules) => void;
}) {
  const offered = (name: string) => all || name !== "speed_seconds" || isSpeed(preset, changes);
  // What is wrong with a number typed into a field, by option; the rules keep the last good value.
  const [errors, setErrors] = useState<Record<string, { text: string; error: string }>>({});
  function set(name: string, value: unknown) {
    onChange({ ...changes, [name]: value });
  }
  function setError(name: string, wrong: { text: string; error: string } | null) {
    const { [name]: _, ...rest } = errors;
    setErrors(wrong === null ? rest : { ...rest, [name]: wrong });
  }
  return (
    <div class="rules-form">
      <label>Preset
        <select value={preset} onChange={(e) => onPreset((e.target as HTMLSelectElement).value)}>
          {Object.keys(PRESETS).map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      {PRESET_WORDS[preset] && <p class="muted preset-words" id={`${idPrefix}-preset-words`}>{PRESET_WORDS[preset]}</p>}
      <details>
        <summary>Every rule option</summary>
        <div class="options-grid">
          {OPTIONS.filter((option) => option.name !== "players" && offered(option.name)).map((option) => {
            const id = `${idPrefix}-${option.name}`;
            const value = effective(preset, changes, option.name);
            const wrong = errors[option.name];
            const error = wrong?.error;
            const help = error ? `${id}-help ${id}-error` : `${id}-help`;
            let control;
            if (option.kind === "switch") {
              control = <input id={id} type="checkbox" checked={value === true} aria-describedby={help}
                onChange={(e) => set(option.name, (e.target as HTMLInputElement).checked)} />;
            } else if (option.kind === "choice") {
              control = (
                <select id={id} value={String(value)} aria-describedby={help}
                  onChange={(e) => set(option.name, (e.target as HTMLSelectElement).value)}>
                  {(option.choices ?? []).map((choice) => <option key={choice} value={choice}>{choice}</option>)}
                </select>
              );
            } else {
              control = (
                <input id={id} type="text" inputMode="numeric" aria-describedby={help}
                  aria-invalid={error ? "true" : undefined}
                  value={wrong ? wrong.text : value === null ? "none" : String(value)} size={6}
                  onChange={(e) => {
                    const text = (e.target as HTMLInputElement).value;
                    const reading = readRuleNumber(text, option);
                    setError(option.name, reading.ok ? null : { text, error: reading.error });
                    if (reading.ok) set(option.name, reading.value);
                  }} />
              );
            }
            return (
              <div class="option" key={option.name}>
                <label for={id}>{label(option.name)}</label>
                {control}
                <p class="help" id={`${id}-help`}>{option.doc}</p>
                {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
              </div>
            );
          })}
        </div>
      </details>
    </div>
  );
}
