/** A table's store wired to its socket. The store takes standard and speed games alike:
 * the first state's view says which table to show. */
import { effect } from "@preact/signals";
import { HOLD_MS } from "./playback";
import type { RoomInfo } from "./protocol";
import { pace } from "./settings";
import { GameSocket } from "./socket";
import { SpeedStore } from "./speedstore";

export interface Table {
  store: SpeedStore;
  socket: GameSocket;
  /** Close the table: the socket for good, the pace setting no longer followed. */
  close(): void;
}

/** A room with one person, who plays against computers: they set its computers' pace. */
export function solo(room: RoomInfo | null): boolean {
  return room !== null && room.seats.filter((seat) => seat.kind === "human").length === 1;
}

export function socketUrl(room: string, base: Location = location): string {
  const scheme = base.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${base.host}/ws/${encodeURIComponent(room)}`;
}

export function openTable(room: string, token: string | null): Table {
  const store = new SpeedStore();
  const socket = new GameSocket({
    url: socketUrl(room),
    token,
    onMessage: (message) => store.receive(message),
    onStatus: (status) => store.setStatus(status),
  });
  store.attach(socket);
  // Other seats' moves are played back at the pace setting; a change applies at once, and
  // in a game against computers it also sets how long they wait.
  store.pacedBy(() => HOLD_MS[pace.value]);
  let first = true;
  const stopPace = effect(() => {
    const now = pace.value;
    if (first) {
      first = false;
      return;
    }
    store.paceChanged();
    const view = store.view.peek();
    if (view !== null && view.seat !== null && solo(store.room.peek())) socket.send({ type: "pace", pace: now });
  });
  socket.connect();
  return {
    store, socket,
    close() {
      stopPace();
      store.stopPlayback();
      socket.stop();
    },
  };
}
