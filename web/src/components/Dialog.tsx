/** A modal dialog: it takes the focus when it opens (its `autofocus` control, else its first
 * control), keeps Tab and Shift+Tab inside, closes on Escape when it has `onClose`, and
 * gives the focus back to where it was when it closes. */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), " +
  "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

interface Props {
  labelledBy: string;
  describedBy?: string;
  alert?: boolean;
  onClose?: () => void;
  children: ComponentChildren;
}

export function Dialog({ labelledBy, describedBy, alert = false, onClose, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const onKey = useRef(onKeyDown);
  onKey.current = onKeyDown;
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) {
      const first = root.querySelector<HTMLElement>("[autofocus]") ?? focusables(root)[0] ?? root;
      first.focus({ preventScroll: true });
    }
    // On the document, so that a Tab from outside (focus lost to the page) comes back in.
    const listener = (event: KeyboardEvent) => onKey.current(event);
    document.addEventListener("keydown", listener, true);
    return () => {
      document.removeEventListener("keydown", listener, true);
      if (before && before.isConnected && !(before as HTMLButtonElement).disabled) before.focus({ preventScroll: true });
    };
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    const root = ref.current;
    if (!root) return;
    if (event.key === "Escape" && onClose) {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === "Tab") {
      const items = focusables(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  return (
    <div class="overlay" ref={ref} role={alert ? "alertdialog" : "dialog"} aria-modal="true" tabIndex={-1}
      aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {children}
    </div>
  );
}
