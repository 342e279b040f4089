/** Every rules option with its meaning in plain words and a link to its paragraph of the
 * rules page, starting from a preset (INTERFACES.md §1). A field with an error is told to
 * the caller (`onErrors`), which keeps the rules from being played while it shows. */
import { useState } from "preact/hooks";
import catalog from "../rules-options.json";
import type { Rules } from "../protocol";
import { readRuleNumber } from "../ruleinput";
import { OPTION_WORDS, PRESET_NAMES, optionAnchor, optionLabel, rulesLine, valueWords } from "../rulestext";
import { openRules } from "./RulesPage";

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

/** Each option's default, as the engine has it. */
const DEFAULTS: Rules = Object.fromEntries(OPTIONS.map((option) => [option.name, option.default]));

/** The line under the preset: what the rules are, as edited. */
export function presetLine(preset: string, changes: Rules): string {
  return rulesLine(preset, PRESETS[preset] ?? {}, changes, DEFAULTS);
}

/** Bring a rules field with an error into view and give it the focus (its list opened). */
export function focusRuleField(idPrefix: string, name: string): void {
  const field = document.getElementById(`${idPrefix}-${name}`);
  const details = field?.closest("details");
  if (details) details.open = true;
  field?.focus();
}

/** The words a person reads for the rules' fields with errors: "Rounds". */
export function fieldNames(errors: Record<string, string>): string {
  return Object.keys(errors).map(optionLabel).join(", ");
}

/** The seats a preset names (deuces-arent-wild: 3), or null. */
export function presetPlayers(preset: string): number | null {
  const players = PRESETS[preset]?.["players"];
  return typeof players === "number" ? players : null;
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
export function RulesForm({ preset, changes, onPreset, onChange, onErrors, idPrefix, speed: all = false }: {
  preset: string; changes: Rules; idPrefix: string; speed?: boolean;
  onPreset: (preset: string) => void; onChange: (changes: Rules) => void;
  /** The fields that show an error now, by option: their messages. */
  onErrors?: (errors: Record<string, string>) => void;
}) {
  const offered = (name: string) => all || name !== "speed_seconds" || isSpeed(preset, changes);
  // What is wrong with a number typed into a field, by option; the rules keep the last good value.
  const [errors, setErrors] = useState<Record<string, { text: string; error: string }>>({});
  function set(name: string, value: unknown) {
    onChange({ ...changes, [name]: value });
  }
  function setError(name: string, wrong: { text: string; error: string } | null) {
    const { [name]: _, ...rest } = errors;
    const next = wrong === null ? rest : { ...rest, [name]: wrong };
    setErrors(next);
    onErrors?.(Object.fromEntries(Object.entries(next).map(([key, value]) => [key, value.error])));
  }
  const line = presetLine(preset, changes);
  return (
    <div class="rules-form">
      <label>Preset
        <select value={preset} onChange={(e) => onPreset((e.target as HTMLSelectElement).value)}>
          {Object.keys(PRESETS).map((name) => <option key={name} value={name}>{PRESET_NAMES[name] ?? name}</option>)}
        </select>
      </label>
      {line && <p class="muted preset-words" id={`${idPrefix}-preset-words`}>{line}</p>}
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
                  {(option.choices ?? []).map((choice) => (
                    <option key={choice} value={choice}>{valueWords(option.name, choice)}</option>
                  ))}
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
                <label for={id}>{optionLabel(option.name)}</label>
                {control}
                <p class="help" id={`${id}-help`}>{OPTION_WORDS[option.name]?.help ?? option.doc}{" "}
                  <a href={`/rules#${optionAnchor(option.name)}`} onClick={(event) => {
                    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    openRules(optionAnchor(option.name));
                  }}>More about {optionLabel(option.name).toLowerCase()}</a></p>
                {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
              </div>
            );
          })}
        </div>
      </details>
    </div>
  );
}
