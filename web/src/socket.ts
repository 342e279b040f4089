/**
 * The one connection to a room: hello with the seat's token, actions with the version
 * they were chosen at and an id, acknowledgements, and reconnection with backoff.
 *
 * An action stays pending until a `state` with a later version or an `error` naming its
 * id arrives; after a reconnect, pending actions are sent again with the same id, which
 * the server never applies twice (INTERFACES.md §5). In speed mode other seats' moves
 * make later versions too, so there an action stays pending until a state shows its seat
 * done with the step it was sent in, or that step over.
 */
import type { ClientMessage, ServerMessage, SpeedView } from "./protocol";
import { isSpeedView, readMessage } from "./protocol";

interface Pending {
  version: number;
  message: ClientMessage;
  step: string | null; // speed mode: the step the action was sent in
}

/** A speed view's step: round, call and phase (null for a spectator or a game over). */
function stepOf(view: SpeedView): string | null {
  if (view.seat === null || view.phase === "over") return null;
  return `${view.round}/${view.call}/${view.phase}`;
}

/** True once a speed state answers an action sent in `step`. */
function answers(view: SpeedView, step: string): boolean {
  return stepOf(view) !== step || view.seat === null || !view.waiting.includes(view.seat);
}

export type Status = "connecting" | "open" | "reconnecting" | "closed";

export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface SocketOptions {
  url: string;
  token: string | null;
  onMessage: (message: ServerMessage) => void;
  onStatus: (status: Status) => void;
  open?: (url: string) => SocketLike;
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  random?: () => number;
}

const OPEN = 1;
const FIRST_DELAY_MS = 400;
const MAX_DELAY_MS = 8000;
/** Close codes after which trying again cannot help: bad token, replaced by a newer socket, kicked, no such room, no spectators, the room abandoned (docs/protocol.md). */
const FINAL_CODES = new Set([4001, 4002, 4003, 4004, 4005, 4010]);

let counter = 0;

/** A fresh action id, unique for this page. */
export function newId(): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `${Date.now().toString(36)}-${random}-${counter}`;
}

/** The delay before reconnect attempt `attempt` (0-based): doubling, capped, jittered. */
export function backoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

export class GameSocket {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private timer: unknown = null;
  private stopped = false;
  private readonly pending = new Map<string, Pending>();
  private step: string | null = null; // the step of the last speed state, if any
  private statusNow: Status = "connecting";

  constructor(private readonly options: SocketOptions) {}

  get status(): Status {
    return this.statusNow;
  }

  /** Ids of actions sent and not yet acknowledged. */
  get pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  connect(): void {
    this.stopped = false;
    const open = this.options.open ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = open(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.setStatus("open");
      const hello: ClientMessage = this.options.token
        ? { type: "hello", token: this.options.token }
        : { type: "hello" };
      socket.send(JSON.stringify(hello));
      for (const { message } of this.pending.values()) socket.send(JSON.stringify(message));
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      const message = readMessage(event.data);
      if (message === null) return;
      this.acknowledge(message);
      if (message.type === "kicked") this.stop();
      this.options.onMessage(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped || FINAL_CODES.has(event.code)) {
        this.stopped = true;
        this.setStatus("closed");
        return;
      }
      this.setStatus("reconnecting");
      const schedule = this.options.schedule ?? ((run, ms) => setTimeout(run, ms));
      this.timer = schedule(() => {
        this.timer = null;
        if (!this.stopped) this.connect();
      }, backoff(this.attempts, this.options.random));
      this.attempts += 1;
    };
    socket.onerror = () => {
      /* a close event follows; reconnection happens there */
    };
  }

  /** Send an action chosen at `version`; returns its id. */
  act(action: string, version: number): string {
    const id = newId();
    const message: ClientMessage = { type: "action", id, version, action };
    this.pending.set(id, { version, message, step: this.step });
    this.send(message);
    return id;
  }

  /** Send a request that carries an id (hint, undo); it is acknowledged like an action. */
  request(type: "hint" | "undo", version: number): string {
    const id = newId();
    const message: ClientMessage = { type, id };
    this.pending.set(id, { version, message, step: null });
    this.send(message);
    return id;
  }

  /** Send a message without an id; dropped while disconnected. */
  send(message: ClientMessage): boolean {
    if (this.socket === null || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Close for good: no reconnection. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.options.cancel ?? clearTimeout)(this.timer as never);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setStatus("closed");
  }

  private acknowledge(message: ServerMessage): void {
    if (message.type === "state") {
      // A state of a later version answers an action (in speed mode: one that shows the
      // seat done with the action's step, or the step over); any state answers an undo.
      const speed = isSpeedView(message.view) ? message.view : null;
      this.step = speed === null ? null : stepOf(speed);
      for (const [id, entry] of this.pending) {
        const kind = entry.message.type;
        const later = message.version > entry.version;
        const answered = speed !== null && entry.step !== null ? answers(speed, entry.step) : true;
        if ((kind === "action" && later && answered) || kind === "undo") {
          this.pending.delete(id);
        }
      }
    } else if (message.type === "error" && message.id) {
      this.pending.delete(message.id);
    } else if (message.type === "hint") {
      this.pending.delete(message.id);
    }
  }

  private setStatus(status: Status): void {
    if (status === this.statusNow) return;
    this.statusNow = status;
    this.options.onStatus(status);
  }
}
