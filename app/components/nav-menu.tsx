// A dropdown of links in the site header. Server-rendered (and without JavaScript) it is a <details> disclosure:
// plain links in tab order. Once the page is hydrated, Headless UI's Menu (arrow keys, typeahead, ARIA menu)
// replaces it, loaded lazily so its ~25 kB never delay the first paint or count against the page's budget;
// until that chunk arrives the disclosure keeps working, with Escape and outside clicks closing it. The swap waits
// until the disclosure is closed and unfocused, so it never pulls a menu from under a person's hands.
import { useEffect, useRef, useState, type ComponentType } from "react";
import { Form, useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import { inlineIconClass } from "./icons";
import { buttonClass, itemClass, panelClass, type NavMenuEntry } from "./nav-menu-parts";

type MenuComponent = ComponentType<{ label: string; entries: NavMenuEntry[] }>;

export function NavMenu({ label, entries }: { label: string; entries: NavMenuEntry[] }) {
  const [Enhanced, setEnhanced] = useState<MenuComponent | null>(null);
  const [loaded, setLoaded] = useState<MenuComponent | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let alive = true;
    void import("./nav-menu-headless").then((module) => {
      if (alive) setLoaded(() => module.default);
    });
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    if (loaded && !busy) setEnhanced(() => loaded);
  }, [loaded, busy]);
  if (Enhanced) return <Enhanced label={label} entries={entries} />;
  return <DisclosureNavMenu label={label} entries={entries} onBusyChange={setBusy} />;
}

function DisclosureNavMenu({
  label,
  entries,
  onBusyChange,
}: {
  label: string;
  entries: NavMenuEntry[];
  onBusyChange: (busy: boolean) => void;
}) {
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
    <details
      ref={detailsRef}
      className="relative"
      onToggle={(event) =>
        onBusyChange(event.currentTarget.open || event.currentTarget.contains(document.activeElement))
      }
      onFocus={() => onBusyChange(true)}
      onBlur={(event) => {
        const details = event.currentTarget;
        if (!details.contains(event.relatedTarget as Node | null)) onBusyChange(details.open);
      }}
    >
      <summary className={buttonClass}>
        {label} <ChevronDownIcon aria-hidden="true" className={inlineIconClass} />
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
