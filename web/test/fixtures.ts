import type { BaseView, SpeedView, View } from "../src/protocol";

/** What both views below share: seat 0 at a table of four, in round 1 (wild 3, dealer 3),
 * seat 0 to draw with 7h 8h Kd, no scores yet; the names, rules and stock are each view's. */
function seatZero(players: string[], rules: BaseView["rules"], stock_size: number): BaseView {
  return {
    seat: 0,
    rules,
    players,
    round: 1,
    playoff: false,
    seats: [0, 1, 2, 3],
    wild: "3",
    dealer: 3,
    phase: "draw",
    hand: ["7h", "8h", "Kd"],
    hand_sizes: [3, 3, 3, 3],
    stock_size,
    totals: [0, 0, 0, 0],
    results: [],
    winners: null,
    legal: ["0: draw stock", "0: draw discard"],
  };
}

/** A view of seat 0 at a table of four, in round 1 (wild 3), seat 0 to draw. */
export function makeView(changes: Partial<View> = {}): View {
  return {
    ...seatZero(["Ann", "Left", "Top", "Right"], { rounds: 11, players: 4 }, 39),
    turn: 0,
    discard_pile: ["5c"],
    pickups: [],
    actions: [],
    reshuffled: false,
    out: null,
    final_turns_left: 0,
    false_outs: [0, 0, 0, 0],
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
  const rules = { rounds: 11, players: 4, mode: "speed", speed_seconds: 10, false_out: "reject" };
  return {
    ...seatZero(["You", "Left", "Top", "Right"], rules, 36),
    mode: "speed",
    call: 1,
    last_call: false,
    waiting: [0, 1, 2, 3],
    drawn: null,
    piles: [["2c"], ["5d"], ["9s"], ["7h"]],
    pile_draws: [],
    outs: [],
    ...changes,
  };
}
