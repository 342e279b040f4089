/** Seat tokens, kept per room so a reload (or a link opened again) takes the same seat. */
const PREFIX = "three-thirteen.seat.";

export interface SeatToken {
  seat: number;
  token: string;
}

export function saveSeat(room: string, seat: number, token: string): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + room, JSON.stringify({ seat, token }));
  } catch {
    /* storage unavailable: the seat lasts as long as the page */
  }
}

export function loadSeat(room: string): SeatToken | null {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + room);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<SeatToken>;
    return typeof data.token === "string" && typeof data.seat === "number"
      ? { seat: data.seat, token: data.token } : null;
  } catch {
    return null;
  }
}

export function forgetSeat(room: string): void {
  try {
    globalThis.localStorage?.removeItem(PREFIX + room);
  } catch {
    /* nothing kept */
  }
}
