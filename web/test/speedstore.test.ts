import { describe, expect, it } from "vitest";
import { cardName } from "../src/cards";
import type { ClientMessage, Rules, ServerMessage, SpeedView } from "../src/protocol";
import { SpeedStore } from "../src/speedstore";
import type { Connection } from "../src/store";
import { makeSpeedView, makeView } from "./fixtures";
import recorded from "./speed-game.json";

class Recorder implements Connection {
  acts: { action: string; version: number }[] = [];
  messages: ClientMessage[] = [];
  act(action: string, version: number): string {
    this.acts.push({ action, version });
    return `id${this.acts.length}`;
  }
  request(): string {
    return "r";
  }
  send(message: ClientMessage): boolean {
    this.messages.push(message);
    return true;
  }
}

function table(now = () => 1_000_000) {
  const store = new SpeedStore(now);
  const connection = new Recorder();
  store.attach(connection);
  return { store, connection };
}

/** A speed state as the room sends it. */
function state(version: number, view: SpeedView, callDeadline: number | null = null): ServerMessage {
  return { type: "state", version, view, call_deadline: callDeadline } as unknown as ServerMessage;
}

const texts = (store: SpeedStore) => store.log.value.map((line) => line.text);

interface Recorded {
  rules: Rules;
  states: { version: number; view: Omit<SpeedView, "rules">; tick?: boolean }[];
  rounds: { number: number; outs: number[]; calls: {
    draws: { seat: number; source: "stock" | "discard"; card: string }[];
    discards: { seat: number; card: string; out: boolean }[];
  }[] }[];
}

const game = recorded as unknown as Recorded;
const NAMES = ["You", "Left", "Top", "Right"];

describe("SpeedStore: a recorded game, seat 0's views one version at a time", () => {
  const { store } = table();
  for (const { version, view } of game.states) {
    store.receive(state(version, { ...view, rules: game.rules } as SpeedView));
  }
  const lines = texts(store);

  it("ends at the game's end", () => {
    expect(store.speedOver.value).toBe(true);
    expect(store.speed.value?.winners).toEqual([1]);
    expect(store.view.value).toBeNull(); // the standard table's view stays empty
  });

  it("tells every pile take by card and whose pile, and every discard seen on a pile", () => {
    game.rounds.forEach((round, r) => {
      round.calls.forEach((call, c) => {
        const lastCall = c === round.calls.length - 1;
        for (const draw of call.draws) {
          if (draw.source !== "discard") continue;
          const right = NAMES[(draw.seat + 3) % 4]!;
          const whose = right === "You" ? "your" : `${right}'s`;
          expect(lines, `round ${r + 1} call ${c + 1}`).toContain(
            `${NAMES[draw.seat]} took ${cardName(draw.card)} from ${whose} pile`);
        }
        for (const discard of call.discards) {
          const said = `${NAMES[discard.seat]} discarded ${cardName(discard.card)}`;
          // The round's last call ends with the next round's deal: a discard seen on the
          // pile before that is told with its card, the others without (only one's own
          // is found again, in the laid-open hand).
          if (lastCall && discard.seat !== 0 && !lines.includes(said)) {
            expect(lines).toContain(`${NAMES[discard.seat]} discarded, ending the round`);
          } else {
            expect(lines, `round ${r + 1} call ${c + 1}`).toContain(said);
          }
        }
      });
    });
  });

  it("says each round's outs and points, and each new round", () => {
    for (const round of game.rounds) {
      const summary = lines.find((line) => line.startsWith(`Round ${round.number} over.`));
      expect(summary).toContain(`${round.outs.map((seat) => NAMES[seat]).join(" and ")} went out`);
    }
    expect(lines.filter((line) => /^Round \d of 3: /.test(line))).toEqual([
      "Round 1 of 3: 3 cards each, Threes are wild",
      "Round 2 of 3: 4 cards each, Fours are wild",
      "Round 3 of 3: 5 cards each, Fives are wild",
    ]);
  });

  it("tells each time the caller played for the slow seats (every tick of the record)", () => {
    const ticks = game.states.filter((recordedState) => recordedState.tick).length;
    expect(ticks).toBeGreaterThan(0);
    expect(lines.filter((line) => line.startsWith("Time! The caller"))).toHaveLength(ticks);
  });

  it("never names a card another seat drew from the stock", () => {
    for (const line of lines) {
      const drew = /^(\w+) drew (.+) from the stock$/.exec(line);
      if (drew && drew[2] !== undefined) expect(drew[1]).toBe("You");
    }
  });
});

describe("SpeedStore: actions", () => {
  it("sends a legal draw with the current version, once, until the step answers it", () => {
    const { store, connection } = table();
    store.receive(state(4, makeSpeedView()));
    expect(store.canAct.value).toBe(true);
    store.speedDraw("discard");
    store.speedDraw("stock"); // a second click while the first is on its way
    expect(connection.acts).toEqual([{ action: "draw discard", version: 4 }]);
    expect(store.canAct.value).toBe(false);
    // Another seat's move: still this step, and seat 0 still waits for its own.
    store.receive(state(5, makeSpeedView({ waiting: [0, 2, 3] })));
    expect(store.pending.value).not.toBeNull();
    // Seat 0's draw applied: it no longer waits.
    store.receive(state(6, makeSpeedView({ waiting: [2, 3] })));
    expect(store.pending.value).toBeNull();
    expect(store.canAct.value).toBe(false);
  });

  it("sends nothing the view does not list as legal, nor for a spectator", () => {
    const { store, connection } = table();
    store.receive(state(1, makeSpeedView({ legal: ["0: draw stock"] })));
    store.speedDraw("discard");
    store.speedDiscard("7h");
    expect(connection.acts).toEqual([]);
    const watching = table();
    watching.store.receive(state(1, makeSpeedView({ seat: null, hand: null, legal: [] })));
    watching.store.speedDraw("stock");
    expect(watching.connection.acts).toEqual([]);
  });

  it("discards and goes out by the hand's source, with the current version", () => {
    const { store, connection } = table();
    store.receive(state(9, makeSpeedView({ phase: "discard", hand: ["7h", "8h", "9h", "Kd"],
      legal: ["0: discard 7h", "0: discard Kd", "0: out Kd"] })));
    store.hand.discard("Kd", true);
    expect(connection.acts).toEqual([{ action: "out Kd", version: 9 }]);
  });

  it("frees the buttons on an error naming the action, and after a reconnect", () => {
    const { store } = table();
    store.receive(state(1, makeSpeedView()));
    store.speedDraw("stock");
    store.receive({ type: "error", reason: "already-acted", message: "you have drawn in this call", id: "id1" });
    expect(store.pending.value).toBeNull();
    expect(texts(store)).toContain("Not done: you have drawn in this call");
    store.speedDraw("stock");
    store.setStatus("reconnecting");
    expect(store.pending.value).toBeNull();
  });

  it("frees the buttons when the step changes (a stale action answered by the new state)", () => {
    const { store } = table();
    store.receive(state(1, makeSpeedView()));
    store.speedDraw("stock");
    store.receive({ type: "error", reason: "stale-version", message: "stale", id: "id1" });
    store.receive(state(3, makeSpeedView({ phase: "discard", waiting: [0, 1, 2, 3] })));
    expect(store.pending.value).toBeNull();
    expect(texts(store).some((line) => line.includes("stale"))).toBe(false);
  });
});

describe("SpeedStore: the caller's deadline", () => {
  it("keeps the server's deadline, or moves it by the clock's skew judged at a step's start", () => {
    let now = 1_000_000;
    const { store } = table(() => now);
    // Joined midway through a step: its deadline is taken as it is.
    store.receive(state(1, makeSpeedView({ waiting: [0] }), now + 3_000));
    expect(store.callDeadline.value).toBe(now + 3_000);
    now += 1_000;
    store.receive(state(2, makeSpeedView({ call: 2 }), now + 10_000 - 300)); // 0.3 s on the way
    expect(store.callDeadline.value).toBe(now + 9_700);
    // The server's clock runs 5 s ahead: its deadlines are read 5 s earlier.
    now += 20_000;
    store.receive(state(3, makeSpeedView({ call: 2, phase: "discard" }), now + 15_000));
    expect(store.callDeadline.value).toBe(now + 10_000);
    // The same step goes on: the same skew applies.
    now += 2_000;
    store.receive(state(4, makeSpeedView({ call: 2, phase: "discard", waiting: [1, 2, 3] }), now + 13_000));
    expect(store.callDeadline.value).toBe(now + 8_000);
    // No step runs (between rounds): no deadline.
    store.receive(state(5, makeSpeedView({ call: 2, phase: "discard", waiting: [1, 2, 3] }), null));
    expect(store.callDeadline.value).toBeNull();
  });

  it("says the caller played when a step ends at its deadline, even for one seat", () => {
    let now = 1_000_000;
    const { store } = table(() => now);
    store.receive(state(1, makeSpeedView({ waiting: [2] }), now + 5_000));
    now += 5_050;
    store.receive(state(2, makeSpeedView({ phase: "discard", drawn: "4c", hand: ["7h", "8h", "Kd", "4c"] }), now + 10_000));
    expect(texts(store)).toContain("Time! The caller drew from the stock for Top");
  });
});

describe("SpeedStore: rounds, results and the standard table", () => {
  const result = {
    number: 1, wild: "3", dealer: 3, end: "out" as const, out: 1, playoff: false, outs: [1],
    result: [0, 1, 2, 3].map(() => ({ melds: [], deadwood: [], points: 0 })),
  };

  it("shows a round's results until the person goes on, then says next", () => {
    const { store, connection } = table();
    store.receive(state(1, makeSpeedView({ phase: "discard", waiting: [0] })));
    expect(store.speedRoundToShow.value).toBeNull();
    store.receive(state(2, makeSpeedView({ round: 2, wild: "4", results: [result], hand_sizes: [4, 4, 4, 4] })));
    expect(store.speedRoundToShow.value).toEqual(result);
    expect(texts(store).at(-1)).toBe("Round 2 of 11: 4 cards each, Fours are wild");
    store.nextRound();
    expect(store.speedRoundToShow.value).toBeNull();
    expect(connection.messages).toEqual([{ type: "next" }]);
  });

  it("does not show old results on joining, and ignores older versions", () => {
    const { store } = table();
    store.receive(state(7, makeSpeedView({ round: 2, results: [result], stock_size: 20 })));
    expect(store.speedRoundToShow.value).toBeNull();
    store.receive(state(6, makeSpeedView({ round: 2, results: [result], stock_size: 21 })));
    expect(store.speed.value?.stock_size).toBe(20);
  });

  it("leaves a standard game's states to the standard table", () => {
    const { store } = table();
    store.receive({ type: "state", version: 1, view: makeView() });
    expect(store.view.value?.turn).toBe(0);
    expect(store.speed.value).toBeNull();
  });
});
