/** A table's store wired to its socket. */
import { GameSocket } from "./socket";
import { TableStore } from "./store";

export interface Table {
  store: TableStore;
  socket: GameSocket;
}

export function socketUrl(room: string, base: Location = location): string {
  const scheme = base.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${base.host}/ws/${encodeURIComponent(room)}`;
}

export function openTable(room: string, token: string | null): Table {
  const store = new TableStore();
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
