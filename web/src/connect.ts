/** A table's store wired to its socket. The store takes standard and speed games alike:
 * the first state's view says which table to show. */
import { GameSocket } from "./socket";
import { SpeedStore } from "./speedstore";

export interface Table {
  store: SpeedStore;
  socket: GameSocket;
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
  socket.connect();
  return { store, socket };
}
