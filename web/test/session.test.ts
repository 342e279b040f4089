import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetSeat, heldSeats, loadSeat, saveSeat } from "../src/session";

/** A whole localStorage of the test's own (the tests run in Node). */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => { data.set(key, String(value)); },
    removeItem: (key) => { data.delete(key); },
    clear: () => data.clear(),
  };
}

describe("the seats this browser holds", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
  });

  it("are listed newest first, each with its room, seat and token", () => {
    vi.spyOn(Date, "now").mockReturnValueOnce(1000).mockReturnValueOnce(3000).mockReturnValueOnce(2000);
    saveSeat("old", 0, "t-old");
    saveSeat("new", 2, "t-new");
    saveSeat("mid", 1, "t-mid");
    localStorage.setItem("three-thirteen.settings", "{}"); // not a seat
    localStorage.setItem("three-thirteen.seat.broken", "{not json");
    localStorage.setItem("three-thirteen.seat.before", JSON.stringify({ seat: 3, token: "t" })); // kept before `at`
    expect(heldSeats()).toEqual([
      { room: "new", seat: 2, token: "t-new", at: 3000 },
      { room: "mid", seat: 1, token: "t-mid", at: 2000 },
      { room: "old", seat: 0, token: "t-old", at: 1000 },
      { room: "before", seat: 3, token: "t", at: 0 },
    ]);
    expect(loadSeat("new")).toEqual({ seat: 2, token: "t-new" });
  });

  it("drop out once forgotten", () => {
    saveSeat("room", 0, "token");
    forgetSeat("room");
    expect(heldSeats()).toEqual([]);
    expect(loadSeat("room")).toBeNull();
  });
});
