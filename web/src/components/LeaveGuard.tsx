/** Leaving a game in progress asks first: a link inside the page (the title, the rules
 * page, any other) opens "Leave this game?", and closing or reloading the tab asks the
 * browser's own question. The seat is kept either way: the lobby lists the game under
 * "Continue". */
import { useEffect, useState } from "preact/hooks";
import { guardLeaving, navigate } from "../route";
import "../styles/wayback.css";
import { Dialog } from "./Dialog";

/** The in-page address a click on `target` would go to, or null (another site, a new tab,
 * a download, a modified click, or where the page already is). */
export function leavingTo(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
    || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")
    || (link.target && link.target !== "_self")) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return null;
  const path = url.pathname + url.search;
  return path === location.pathname + location.search ? null : path;
}

export function LeaveGuard({ active }: { active: boolean }) {
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const onClick = (event: MouseEvent) => {
      const path = leavingTo(event);
      if (path === null) return;
      event.preventDefault();
      event.stopPropagation();
      setAsked(path);
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ""; // older browsers ask only when this is set
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onUnload);
    guardLeaving((path) => {
      if (path === location.pathname + location.search) return false;
      setAsked(path);
      return true;
    });
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onUnload);
      guardLeaving(null);
    };
  }, [active]);
  if (asked === null || !active) return null;
  return (
    <Dialog labelledBy="leave-title" describedBy="leave-text" onClose={() => setAsked(null)}>
      <div class="sheet small-sheet leave-sheet">
        <h2 id="leave-title">Leave this game?</h2>
        <p id="leave-text">You can continue it from the lobby.</p>
        <div class="sheet-actions">
          <button type="button" class="primary" autoFocus onClick={() => setAsked(null)}>Stay</button>
          <button type="button" onClick={() => {
            setAsked(null);
            navigate(asked, false, true);
          }}>Leave</button>
        </div>
      </div>
    </Dialog>
  );
}
