/** Display settings: deck colours, large cards, animations and their speed. */
import { useState } from "preact/hooks";
import type { Deck, Motion, Speed } from "../settings";
import { deck, largeCards, motion, speed } from "../settings";

export function SettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <div class="settings">
      <button type="button" class="small" aria-expanded={open ? "true" : "false"} aria-controls="settings-panel"
        onClick={() => setOpen(!open)}>Settings</button>
      {open && (
        <div class="settings-panel" id="settings-panel">
          <SettingsForm />
          <button type="button" class="small" onClick={() => setOpen(false)}>Close</button>
        </div>
      )}
    </div>
  );
}

export function SettingsForm() {
  return (
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
      <label>Animation speed
        <select value={speed.value} onChange={(e) => { speed.value = (e.target as HTMLSelectElement).value as Speed; }}>
          <option value="slow">Slow</option>
          <option value="normal">Normal</option>
          <option value="fast">Fast</option>
        </select>
      </label>
    </fieldset>
  );
}
