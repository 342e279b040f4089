/** Seat tokens, kept per room so a reload (or a link opened again) takes the same seat, and
 * so the lobby can list the games this browser holds a seat in (a way back to each). */
const PREFIX = "three-thirteen.seat.";

export interface SeatToken {
  seat: number;
  token: string;
}

/** A seat this browser holds: its room, and when it was taken (ms since 1970; 0 if kept
 * before that was written). */
export interface HeldSeat extends SeatToken {
  room: string;
  at: number;
}

export function saveSeat(room: string, seat: number, token: string): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + room, JSON.stringify({ seat, token, at: Date.now() }));
  } catch {
    /* storage unavailable: the seat lasts as long as the page */
  }
}

function read(raw: string | null): (SeatToken & { at: number }) | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<HeldSeat>;
    return typeof data.token === "string" && typeof data.seat === "number"
      ? { seat: data.seat, token: data.token, at: typeof data.at === "number" ? data.at : 0 } : null;
  } catch {
    return null;
  }
}

export function loadSeat(room: string): SeatToken | null {
  try {
    const found = read(globalThis.localStorage?.getItem(PREFIX + room) ?? null);
    return found && { seat: found.seat, token: found.token };
  } catch {
    return null;
  }
}

/** Every seat this browser holds, the newest first. */
export function heldSeats(): HeldSeat[] {
  const found: HeldSeat[] = [];
  try {
    const storage = globalThis.localStorage;
    if (!storage) return found;
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (!key?.startsWith(PREFIX)) continue;
      const seat = read(storage.getItem(key));
      if (seat) found.push({ room: key.slice(PREFIX.length), ...seat });
    }
  } catch {
    /* storage unavailable: nothing held */
  }
  return found.sort((a, b) => b.at - a.at || a.room.localeCompare(b.room));
}

export function forgetSeat(room: string): void {
  try {
    globalThis.localStorage?.removeItem(PREFIX + room);
  } catch {
    /* nothing kept */
  }
}
