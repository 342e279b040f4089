import type { SpeedView, View } from "../src/protocol";

/** A view of seat 0 at a table of four, in round 1 (wild 3), seat 0 to draw. */
export function makeView(changes: Partial<View> = {}): View {
  return {
    seat: 0,
    rules: { rounds: 11, players: 4 },
    players: ["Ann", "Left", "Top", "Right"],
    round: 1,
    playoff: false,
    seats: [0, 1, 2, 3],
    wild: "3",
    dealer: 3,
    phase: "draw",
    turn: 0,
    hand: ["7h", "8h", "Kd"],
    hand_sizes: [3, 3, 3, 3],
    stock_size: 39,
    discard_pile: ["5c"],
    pickups: [],
    actions: [],
    reshuffled: false,
    out: null,
    final_turns_left: 0,
    false_outs: [0, 0, 0, 0],
    totals: [0, 0, 0, 0],
    results: [],
    winners: null,
    legal: ["0: draw stock", "0: draw discard"],
    ...changes,
  };
}

/** A WebSocket stand-in the tests drive by hand. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** A speed view of seat 0 at a table of four, round 1 (wild 3), call 1, everyone to draw. */
export function makeSpeedView(changes: Partial<SpeedView> = {}): SpeedView {
  return {
    mode: "speed",
    seat: 0,
    rules: { rounds: 11, players: 4, mode: "speed", speed_seconds: 10, false_out: "reject" },
    players: ["You", "Left", "Top", "Right"],
    round: 1,
    playoff: false,
    seats: [0, 1, 2, 3],
    wild: "3",
    dealer: 3,
    phase: "draw",
    call: 1,
    last_call: false,
    waiting: [0, 1, 2, 3],
    hand: ["7h", "8h", "Kd"],
    drawn: null,
    hand_sizes: [3, 3, 3, 3],
    stock_size: 36,
    piles: [["2c"], ["5d"], ["9s"], ["7h"]],
    pile_draws: [],
    outs: [],
    totals: [0, 0, 0, 0],
    results: [],
    winners: null,
    legal: ["0: draw stock", "0: draw discard"],
    ...changes,
  };
}
