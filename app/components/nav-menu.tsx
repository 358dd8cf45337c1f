// A dropdown of links in the site header: a <details> disclosure, which works the same with and without
// JavaScript (the disclosure-navigation pattern: plain links in tab order, no ARIA menu). JavaScript adds what
// a person expects of a menu: Escape closes it and returns focus, a click or focus elsewhere closes it, and so
// does following one of its links. (Headless UI's Menu did this too, at about 25 kB of the page's JavaScript.)
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";

export interface NavMenuEntry {
  label: string;
  to: string;
  /** Submit a POST form to `to` instead of following a link (state changes never use GET). */
  post?: boolean;
}

const itemClass =
  "block w-full rounded px-3 py-2 text-left text-sm text-zinc-900 no-underline hover:bg-zinc-100 hover:no-underline focus-visible:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800";
const panelClass =
  "absolute right-0 z-20 mt-2 min-w-52 rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900";
const buttonClass =
  "inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded px-2 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden";

export function NavMenu({ label, entries }: { label: string; entries: NavMenuEntry[] }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Following a link closes the menu.
  useEffect(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const close = (returnFocus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (returnFocus) details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !details.contains(next)) close(false);
    };
    details.addEventListener("keydown", onKeyDown);
    details.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  return (
    <details ref={detailsRef} className="relative">
      <summary className={buttonClass}>
        {label} <span aria-hidden="true">▾</span>
      </summary>
      <div className={panelClass}>
        {entries.map((entry) =>
          entry.post ? (
            <Form key={entry.to} method="post" action={entry.to}>
              <button type="submit" className={itemClass}>
                {entry.label}
              </button>
            </Form>
          ) : (
            <Link key={entry.to} to={entry.to} className={itemClass}>
              {entry.label}
            </Link>
          ),
        )}
      </div>
    </details>
  );
}
