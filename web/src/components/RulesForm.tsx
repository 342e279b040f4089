/** Every rules option with its meaning, starting from a preset (INTERFACES.md §1). */
import catalog from "../rules-options.json";
import type { Rules } from "../protocol";

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

/** The rules object to send: the preset and the options changed from it. */
export function rulesFor(preset: string, changes: Rules, players: number): Rules {
  return { preset, ...changes, players };
}

export function RulesForm({ preset, changes, onPreset, onChange, idPrefix }: {
  preset: string; changes: Rules; idPrefix: string;
  onPreset: (preset: string) => void; onChange: (changes: Rules) => void;
}) {
  function set(name: string, value: unknown) {
    onChange({ ...changes, [name]: value });
  }
  return (
    <div class="rules-form">
      <label>Preset
        <select value={preset} onChange={(e) => onPreset((e.target as HTMLSelectElement).value)}>
          {Object.keys(PRESETS).map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      <details>
        <summary>Every rule option</summary>
        <div class="options-grid">
          {OPTIONS.filter((option) => option.name !== "players").map((option) => {
            const id = `${idPrefix}-${option.name}`;
            const value = effective(preset, changes, option.name);
            const help = `${id}-help`;
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
              const word = option.kind === "number-or" ? (option.word ?? "none") : null;
              control = (
                <input id={id} type="text" inputMode="numeric" aria-describedby={help}
                  value={value === null ? "none" : String(value)} size={6}
                  onChange={(e) => {
                    const text = (e.target as HTMLInputElement).value.trim();
                    if (word !== null && (text === "" || text === word)) set(option.name, option.word ?? null);
                    else if (/^-?\d+$/.test(text)) set(option.name, Number(text));
                  }} />
              );
            }
            return (
              <div class="option" key={option.name}>
                <label for={id}>{label(option.name)}</label>
                {control}
                <p class="help" id={help}>{option.doc}</p>
              </div>
            );
          })}
        </div>
      </details>
    </div>
  );
}
