/** Settings: the display (deck colours, large cards, animations), the play (the pace of the
 * other seats' moves, the aids, sound, shortcuts). */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Deck, Motion, Pace } from "../settings";
import { bestDiscard, deck, largeCards, motion, pace, shortcuts, sound } from "../settings";

/** The Settings button and the panel it opens; Escape closes the panel, back to the button. */
export function SettingsButton() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  // Escape closes the panel wherever the focus is (on the button just pressed, too).
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div class="settings">
      <button type="button" class="small" ref={toggle} aria-expanded={open ? "true" : "false"} aria-controls="settings-panel"
        onClick={() => setOpen(!open)}>Settings</button>
      {open && (
        <div class="settings-panel" id="settings-panel" role="region" aria-label="Settings">
          <SettingsForm />
          <button type="button" class="small" onClick={close}>Close</button>
        </div>
      )}
    </div>
  );
}

export function SettingsForm() {
  return (
    <>
    <fieldset class="settings-form">
      <legend>Display</legend>
      <label>Deck colours
        <select value={deck.value} onChange={(e) => { deck.value = (e.target as HTMLSelectElement).value as Deck; }}>
          <option value="two">Two colours (red and black)</option>
          <option value="four">Four colours (each suit its own)</option>
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={largeCards.value}
          onChange={(e) => { largeCards.value = (e.target as HTMLInputElement).checked; }} />
        Large cards
      </label>
      <label>Animations
        <select value={motion.value} onChange={(e) => { motion.value = (e.target as HTMLSelectElement).value as Motion; }}>
          <option value="auto">As the system asks</option>
          <option value="on">On</option>
          <option value="off">Off</option>
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={shortcuts.value}
          onChange={(e) => { shortcuts.value = (e.target as HTMLInputElement).checked; }} />
        Single-key shortcuts (s, p, d, o, h, u)
      </label>
    </fieldset>
    <fieldset class="settings-form">
      <legend>Play</legend>
      <label>Pace of the other players
        <select value={pace.value} onChange={(e) => { pace.value = (e.target as HTMLSelectElement).value as Pace; }}>
          <option value="slow">Slow</option>
          <option value="normal">Normal</option>
          <option value="fast">Fast</option>
          <option value="instant">Instant</option>
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={bestDiscard.value}
          onChange={(e) => { bestDiscard.value = (e.target as HTMLInputElement).checked; }} />
        Show the best discard (the least points now)
      </label>
      <label class="check">
        <input type="checkbox" checked={sound.value}
          onChange={(e) => { sound.value = (e.target as HTMLInputElement).checked; }} />
        Sound
      </label>
    </fieldset>
    </>
  );
}
