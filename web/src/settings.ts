/** The person's settings, kept in localStorage: how the table looks and sounds, how fast the
 * other seats' moves are shown, which aids are on, and who the person is in this browser
 * (a random id, never shown, and the display name). None of them changes the rules. */
import { effect, signal } from "@preact/signals";

export type Deck = "two" | "four";
export type Motion = "auto" | "on" | "off";
/** How fast the other seats' moves are played and shown: computers wait this long per
 * action in a game against computers, and every seat's moves are played back at it online.
 * It also sets how fast cards move (the old "Animation speed": one name, one meaning). */
export type Pace = "slow" | "normal" | "fast" | "instant";
export const PACES: readonly Pace[] = ["slow", "normal", "fast", "instant"];

interface Saved {
  deck: Deck;
  large: boolean;
  motion: Motion;
  name: string;
  /** Single-key shortcuts at the table (s, p, d, o, h, u); a person may turn them off. */
  shortcuts: boolean;
  pace: Pace;
  /** The "Best discard" aid under the hand (the least points now); off by default. */
  bestDiscard: boolean;
  /** Short sound cues (your turn, a draw, a discard, a round's end); off by default. */
  sound: boolean;
  /** This browser's player id: random, made once, kept; statistics belong to it. */
  playerId: string;
}

/** A new random player id (letters and digits). */
export function newPlayerId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const KEY = "three-thirteen.settings";
const DEFAULTS: Omit<Saved, "playerId"> = {
  deck: "two", large: false, motion: "auto", name: "", shortcuts: true,
  pace: "normal", bestDiscard: false, sound: false,
};

function load(): Saved {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return { ...DEFAULTS, playerId: newPlayerId() };
    const data = JSON.parse(raw) as Partial<Saved>;
    return {
      deck: data.deck === "four" ? "four" : "two",
      large: data.large === true,
      motion: data.motion === "on" || data.motion === "off" ? data.motion : "auto",
      name: typeof data.name === "string" ? data.name.slice(0, 40) : "",
      shortcuts: data.shortcuts !== false,
      pace: PACES.includes(data.pace as Pace) ? data.pace as Pace : DEFAULTS.pace,
      bestDiscard: data.bestDiscard === true,
      sound: data.sound === true,
      playerId: typeof data.playerId === "string" && /^[0-9a-f]{8,64}$/.test(data.playerId)
        ? data.playerId : newPlayerId(),
    };
  } catch {
    return { ...DEFAULTS, playerId: newPlayerId() };
  }
}

const saved = load();
export const deck = signal<Deck>(saved.deck);
export const largeCards = signal(saved.large);
export const motion = signal<Motion>(saved.motion);
export const playerName = signal(saved.name);
export const shortcuts = signal(saved.shortcuts);
export const pace = signal<Pace>(saved.pace);
export const bestDiscard = signal(saved.bestDiscard);
export const sound = signal(saved.sound);
export const playerId = signal(saved.playerId);

/** Write the settings back and mirror them on <html> for the style sheet. */
export function persistSettings(root: HTMLElement | null): () => void {
  return effect(() => {
    const data: Saved = {
      deck: deck.value, large: largeCards.value, motion: motion.value,
      name: playerName.value, shortcuts: shortcuts.value,
      pace: pace.value, bestDiscard: bestDiscard.value, sound: sound.value,
      playerId: playerId.value,
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
      root.dataset["pace"] = data.pace;
    }
  });
}
