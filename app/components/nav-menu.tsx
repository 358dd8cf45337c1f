// A dropdown of links in the site header. Server-rendered (and without JavaScript) it is a <details> disclosure:
// plain links in tab order. Once the page is hydrated, Headless UI's Menu (arrow keys, typeahead, ARIA menu)
// replaces it, loaded lazily so its ~25 kB never delay the first paint or count against the page's budget;
// until that chunk arrives the disclosure keeps working, with Escape and outside clicks closing it.
import { lazy, Suspense, useEffect, useRef } from "react";
import { useHydrated } from "~/utils/hydrated";
import { Form, Link, useLocation } from "react-router";

export interface NavMenuEntry {
  label: string;
  to: string;
  /** Submit a POST form to `to` instead of following a link (state changes never use GET). */
  post?: boolean;
}

export const itemClass =
  "block w-full rounded px-3 py-2 text-left text-sm text-zinc-900 no-underline hover:bg-zinc-100 hover:no-underline focus-visible:bg-zinc-100 data-focus:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800 dark:data-focus:bg-zinc-800";
export const panelClass =
  "absolute right-0 z-20 mt-2 min-w-52 rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900";
export const buttonClass =
  "inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded px-2 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden";

const HeadlessNavMenu = lazy(() => import("./nav-menu-headless"));

export function NavMenu({ label, entries }: { label: string; entries: NavMenuEntry[] }) {
  const hydrated = useHydrated();
  const disclosure = <DisclosureNavMenu label={label} entries={entries} />;
  if (!hydrated) return disclosure;
  return (
    <Suspense fallback={disclosure}>
      <HeadlessNavMenu label={label} entries={entries} />
    </Suspense>
  );
}

function DisclosureNavMenu({ label, entries }: { label: string; entries: NavMenuEntry[] }) {
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
