import { signal } from "@preact/signals";
import { describe, expect, it } from "vitest";
import type { View } from "../src/protocol";
import { sound } from "../src/settings";
import type { Cue } from "../src/sound";
import { cueFor, playCue, soundCues } from "../src/sound";
import { makeView } from "./fixtures";

const result = { number: 1, wild: "3", dealer: 3, end: "out" as const, out: 1, playoff: false, result: [] };
// Seat 0 has drawn and discarded; now Left (seat 1) is to play.
const leftToPlay = makeView({ turn: 1, phase: "draw", actions: ["0: draw stock", "0: discard Kd"] });

describe("the cue of a change of the view shown", () => {
  it("gives none for the first view or for a change with nothing new", () => {
    expect(cueFor(null, leftToPlay)).toBeNull();
    expect(cueFor(leftToPlay, { ...leftToPlay })).toBeNull();
  });

  it("gives a draw and a discard for another seat's actions, the newest one counting", () => {
    const drew = { ...leftToPlay, phase: "discard" as const, actions: [...leftToPlay.actions, "1: draw discard"] };
    expect(cueFor(leftToPlay, drew)).toBe("draw");
    const threw = { ...drew, turn: 2, phase: "draw" as const, actions: [...drew.actions, "1: discard 5c"] };
    expect(cueFor(drew, threw)).toBe("discard");
    expect(cueFor(leftToPlay, threw)).toBe("discard"); // two at once: the newest
    expect(cueFor(drew, { ...threw, actions: [...drew.actions, "1: out 5c"] })).toBe("discard");
  });

  it("gives the turn when the person's turn begins, even with the discard before it", () => {
    const rightThrew = makeView({ turn: 0, phase: "draw",
      actions: [...leftToPlay.actions, "1: draw stock", "1: discard 2c", "2: draw stock", "2: discard 4d",
        "3: draw stock", "3: discard 9s"] });
    const rightDrew = { ...rightThrew, turn: 3, phase: "discard" as const, actions: rightThrew.actions.slice(0, -1) };
    expect(cueFor(rightDrew, rightThrew)).toBe("turn");
    // The person's own draw is a draw, not a new turn.
    const iDrew = { ...rightThrew, phase: "discard" as const, actions: [...rightThrew.actions, "0: draw stock"] };
    expect(cueFor(rightThrew, iDrew)).toBe("draw");
  });

  it("gives the round's end when a result arrives, before anything else", () => {
    const next = makeView({ round: 2, turn: 0, phase: "draw", actions: [], results: [result] });
    expect(cueFor(leftToPlay, next)).toBe("round");
    const over = { ...leftToPlay, phase: "over" as const, turn: null, results: [result] };
    expect(cueFor(leftToPlay, over)).toBe("round");
  });

  it("gives the turn when a new round starts with the person", () => {
    const round2 = makeView({ round: 2, turn: 0, phase: "draw", actions: [], results: [result] });
    const before = { ...round2, turn: 3, phase: "discard" as const };
    expect(cueFor(before, round2)).toBe("turn");
  });
});

describe("the cues played", () => {
  it("follow the view shown while the setting is on, and never throw without audio", () => {
    expect(() => playCue("turn")).not.toThrow(); // no AudioContext in this test's world
    const view = signal<View | null>(null);
    const played: Cue[] = [];
    sound.value = false;
    const stop = soundCues(view, (cue) => played.push(cue));
    view.value = leftToPlay;
    view.value = { ...leftToPlay, phase: "discard", actions: [...leftToPlay.actions, "1: draw stock"] };
    expect(played).toEqual([]); // off by default
    sound.value = true;
    view.value = { ...view.value, turn: 2, phase: "draw", actions: [...view.value.actions, "1: discard 2c"] };
    expect(played).toEqual(["discard"]);
    stop();
    view.value = { ...view.value, results: [result] };
    expect(played).toEqual(["discard"]);
    sound.value = false;
  });
});
