import { describe, expect, it } from "vitest";
import { GameSocket, backoff } from "../src/socket";
import type { Status } from "../src/socket";
import { FakeSocket, makeSpeedView, makeView } from "./fixtures";

function harness(token: string | null = "secret") {
  FakeSocket.all = [];
  const statuses: Status[] = [];
  const messages: unknown[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const socket = new GameSocket({
    url: "ws://test/ws/room1", token,
    onMessage: (m) => messages.push(m), onStatus: (s) => statuses.push(s),
    open: (url) => new FakeSocket(url),
    schedule: (run, ms) => { timers.push({ run, ms }); return timers.length; },
    cancel: () => undefined, random: () => 0.5,
  });
  socket.connect();
  return { socket, statuses, messages, timers, last: () => FakeSocket.all[FakeSocket.all.length - 1]! };
}

describe("GameSocket", () => {
  it("says hello with the token first, or without one to watch", () => {
    const { last } = harness();
    last().open();
    expect(last().sent[0]).toEqual({ type: "hello", token: "secret" });
    const watcher = harness(null);
    watcher.last().open();
    expect(watcher.last().sent[0]).toEqual({ type: "hello" });
  });

  it("sends actions with the version and a fresh id each", () => {
    const { socket, last } = harness();
    last().open();
    const a = socket.act("draw stock", 4);
    const b = socket.act("discard Kd", 5);
    expect(a).not.toBe(b);
    expect(last().sent[1]).toEqual({ type: "action", id: a, version: 4, action: "draw stock" });
    expect(socket.pendingIds).toEqual([a, b]);
  });

  it("clears an action once a later state or its error arrives", () => {
    const { socket, last } = harness();
    last().open();
    const a = socket.act("draw stock", 4);
    last().receive({ type: "state", version: 4, view: makeView() });
    expect(socket.pendingIds).toEqual([a]);
    last().receive({ type: "state", version: 5, view: makeView() });
    expect(socket.pendingIds).toEqual([]);
    const b = socket.act("discard Zz", 5);
    last().receive({ type: "error", reason: "bad-notation", message: "no", id: b });
    expect(socket.pendingIds).toEqual([]);
  });

  it("in speed mode keeps an action through other seats' moves until its seat is done", () => {
    const { socket, statuses, timers, last } = harness();
    last().open();
    const view = makeSpeedView({ seat: 1, round: 2, call: 3, phase: "draw", waiting: [0, 1, 2] });
    last().receive({ type: "state", version: 10, view });
    const mine = socket.act("draw stock", 10);
    // seat 0 drew: a later version, but seat 1 still waits: the action is not answered yet
    last().receive({ type: "state", version: 11, view: { ...view, waiting: [1, 2] } });
    expect(socket.pendingIds).toEqual([mine]);
    // the socket drops before the server read it: the action is sent again, same id
    last().drop();
    statuses.length = 0;
    timers[0]!.run();
    last().open();
    expect(last().sent[1]).toEqual({ type: "action", id: mine, version: 10, action: "draw stock" });
    last().receive({ type: "state", version: 12, view: { ...view, waiting: [2] } });
    expect(socket.pendingIds).toEqual([]);
    // an action of a step that ended (the caller played) is answered by the next step
    last().receive({ type: "state", version: 13, view: { ...view, phase: "discard", waiting: [0, 1, 2] } });
    const late = socket.act("discard Kd", 13);
    last().receive({ type: "state", version: 14, view: { ...view, call: 4, waiting: [0, 1, 2] } });
    expect(socket.pendingIds).not.toContain(late);
  });

  it("keeps a hint request until its answer, an undo until the next state", () => {
    const { socket, last } = harness();
    last().open();
    const hint = socket.request("hint", 3);
    const undo = socket.request("undo", 3);
    expect(last().sent.slice(1)).toEqual([{ type: "hint", id: hint }, { type: "undo", id: undo }]);
    last().receive({ type: "state", version: 4, view: makeView() });
    expect(socket.pendingIds).toEqual([hint]);
    last().receive({ type: "hint", id: hint, options: [] });
    expect(socket.pendingIds).toEqual([]);
  });

  it("reconnects with growing delays, shows it, and resends pending actions with the same id", () => {
    const { socket, statuses, timers, last } = harness();
    last().open();
    const id = socket.act("draw stock", 7);
    last().drop();
    expect(statuses).toEqual(["open", "reconnecting"]);
    expect(timers).toHaveLength(1);
    timers[0]!.run();
    last().drop();
    expect(timers[1]!.ms).toBeGreaterThan(timers[0]!.ms);
    timers[1]!.run();
    last().open();
    expect(statuses.at(-1)).toBe("open");
    expect(last().sent).toEqual([
      { type: "hello", token: "secret" },
      { type: "action", id, version: 7, action: "draw stock" },
    ]);
  });

  it("gives up after a close that cannot be helped (bad token, replaced, kicked)", () => {
    for (const code of [4001, 4002, 4003]) {
      const { statuses, timers, last } = harness();
      last().open();
      last().drop(code);
      expect(timers).toHaveLength(0);
      expect(statuses.at(-1)).toBe("closed");
    }
  });

  it("stops for good when asked", () => {
    const { socket, timers, last } = harness();
    last().open();
    socket.stop();
    expect(last().closedWith).toBe(1000);
    expect(timers).toHaveLength(0);
    expect(socket.status).toBe("closed");
  });

  it("backs off from 400 ms to at most 8 s, with jitter", () => {
    expect(backoff(0, () => 0.5)).toBe(400);
    expect(backoff(1, () => 0.5)).toBe(800);
    expect(backoff(20, () => 0.5)).toBe(8000);
    expect(backoff(0, () => 0)).toBe(300);
    expect(backoff(0, () => 1)).toBe(500);
  });

  it("ignores frames that are not JSON objects with a type", () => {
    const { messages, last } = harness();
    last().open();
    last().onmessage?.({ data: "not json" });
    last().onmessage?.({ data: "[1,2]" });
    last().onmessage?.({ data: "{\"no\": 1}" });
    expect(messages).toEqual([]);
  });
});
