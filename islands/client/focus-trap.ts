// A modal's keyboard contract (WAI-ARIA dialog pattern): while open, focus starts on its first control,
// Tab and Shift+Tab wrap inside it and Escape closes it; once closed, focus goes back where it was.
import { useEffect, useRef, type RefObject } from "react";

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

const tabbables = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>(TABBABLE)];

export function useFocusTrap(box: RefObject<HTMLElement | null>, open: boolean, onEscape: () => void): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const el = box.current;
    if (!open || !el) return;
    const active = document.activeElement as HTMLElement | null;
    const opener = active && active !== document.body ? active : null;
    tabbables(el)[0]?.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        escape.current();
        return;
      }
      if (e.key !== "Tab") return;
      const all = tabbables(el);
      const [first, last, at] = [all[0], all.at(-1), document.activeElement];
      let to: HTMLElement | undefined;
      if (!el.contains(at)) to = first;
      else if (e.shiftKey && at === first) to = last;
      else if (!e.shiftKey && at === last) to = first;
      if (!to) return;
      e.preventDefault();
      to.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // A modal that opened by itself (nothing had focus) hands focus to the top of the page.
      const back = opener?.isConnected ? opener : tabbables(document.body).find((t) => !el.contains(t));
      back?.focus();
    };
  }, [box, open]);
}
