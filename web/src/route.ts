/** The addresses of INTERFACES.md §6, and a few of the browser game's own. */
import { signal } from "@preact/signals";

export type Route =
  | { page: "lobby" }
  | { page: "rules" }
  | { page: "play"; params: URLSearchParams }
  | { page: "room"; room: string }
  | { page: "replay"; room: string }
  | { page: "stats"; name: string }
  | { page: "mystats" }
  | { page: "score" }
  | { page: "sheet"; sheet: string }
  | { page: "missing"; path: string };

export function parseRoute(pathname: string, search: string): Route {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { page: "lobby" };
  if (parts[0] === "rules" && parts.length === 1) return { page: "rules" };
  if (parts[0] === "play" && parts.length === 1) {
    return { page: "play", params: new URLSearchParams(search) };
  }
  if (parts[0] === "r" && parts.length === 2) return { page: "room", room: parts[1]! };
  if (parts[0] === "replay" && parts.length === 2) return { page: "replay", room: parts[1]! };
  if (parts[0] === "stats" && parts.length === 1) return { page: "mystats" };
  if (parts[0] === "stats" && parts.length === 2) return { page: "stats", name: parts[1]! };
  if (parts[0] === "score" && parts.length === 1) return { page: "score" };
  if (parts[0] === "score" && parts.length === 2) return { page: "sheet", sheet: parts[1]! };
  return { page: "missing", path: pathname };
}

export const route = signal<Route>(
  typeof location === "undefined" ? { page: "lobby" } : parseRoute(location.pathname, location.search),
);

/** While a game is in progress: asked before `navigate` leaves the page; true when it
 * takes the step over (it asks the person first). */
let leaveCheck: ((path: string) => boolean) | null = null;

export function guardLeaving(check: ((path: string) => boolean) | null): void {
  leaveCheck = check;
}

/** Go to `path` inside the page; `replace` keeps the history entry (after /play); `asked`:
 * the person already agreed to leave a game in progress. */
export function navigate(path: string, replace = false, asked = false): void {
  if (!asked && leaveCheck?.(path)) return;
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route.value = parseRoute(location.pathname, location.search);
  window.scrollTo(0, 0);
}

export function listen(): void {
  window.addEventListener("popstate", () => {
    route.value = parseRoute(location.pathname, location.search);
  });
}
