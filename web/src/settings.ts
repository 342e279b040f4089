/** The person's display settings, kept in localStorage. None of them changes the game. */
import { effect, signal } from "@preact/signals";

export type Deck = "two" | "four";
export type Motion = "auto" | "on" | "off";
export type Speed = "slow" | "normal" | "fast";

interface Saved {
  deck: Deck;
  large: boolean;
  motion: Motion;
  speed: Speed;
  name: string;
  /** Single-key shortcuts at the table (s, p, d, o, h, u); a person may turn them off. */
  shortcuts: boolean;
}

const KEY = "three-thirteen.settings";
const DEFAULTS: Saved = { deck: "two", large: false, motion: "auto", speed: "normal", name: "", shortcuts: true };

function load(): Saved {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return { ...DEFAULTS };
    const data = JSON.parse(raw) as Partial<Saved>;
    return {
      deck: data.deck === "four" ? "four" : "two",
      large: data.large === true,
      motion: data.motion === "on" || data.motion === "off" ? data.motion : "auto",
      speed: data.speed === "slow" || data.speed === "fast" ? data.speed : "normal",
      name: typeof data.name === "string" ? data.name.slice(0, 40) : "",
      shortcuts: data.shortcuts !== false,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

const saved = load();
export const deck = signal<Deck>(saved.deck);
export const largeCards = signal(saved.large);
export const motion = signal<Motion>(saved.motion);
export const speed = signal<Speed>(saved.speed);
export const playerName = signal(saved.name);
export const shortcuts = signal(saved.shortcuts);

/** Write the settings back and mirror them on <html> for the style sheet. */
export function persistSettings(root: HTMLElement | null): () => void {
  return effect(() => {
    const data: Saved = {
      deck: deck.value, large: largeCards.value, motion: motion.value,
      speed: speed.value, name: playerName.value, shortcuts: shortcuts.value,
    };
    try {
      globalThis.localStorage?.setItem(KEY, JSON.stringify(data));
    } catch {
      /* private mode: settings last for this page only */
    }
    if (root) {
      root.dataset["deck"] = data.deck;
      root.dataset["large"] = String(data.large);
      root.dataset["motion"] = data.motion;
      root.dataset["speed"] = data.speed;
    }
  });
}
