// A dropdown of links: Headless UI once JavaScript runs, a <details> disclosure before (and without) it,
// so every link stays reachable with JavaScript off.
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Link, useSubmit } from "react-router";
import { useHydrated } from "~/utils/hydrated";

export interface NavMenuEntry {
  label: string;
  to: string;
  /** Submit a POST form to `to` instead of following a link (state changes never use GET). */
  post?: boolean;
}

const itemClass =
  "block w-full rounded px-3 py-2 text-left text-sm text-zinc-900 no-underline hover:bg-zinc-100 hover:no-underline data-focus:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:data-focus:bg-zinc-800";
const panelClass =
  "absolute right-0 z-20 mt-2 min-w-52 rounded-md border border-zinc-200 bg-white p-1 shadow-lg focus:outline-none dark:border-zinc-700 dark:bg-zinc-900";
const buttonClass =
  "inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded px-2 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden";

export function NavMenu({ label, entries }: { label: string; entries: NavMenuEntry[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={buttonClass}>
          {label} <span aria-hidden="true">▾</span>
        </summary>
        <div className={panelClass}>
          {entries.map((entry) =>
            entry.post ? (
              <form key={entry.to} method="post" action={entry.to}>
                <button type="submit" className={itemClass}>
                  {entry.label}
                </button>
              </form>
            ) : (
              <a key={entry.to} href={entry.to} className={itemClass}>
                {entry.label}
              </a>
            ),
          )}
        </div>
      </details>
    );
  }
  return (
    <Menu as="div" className="relative">
      <MenuButton className={buttonClass}>
        {label} <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems className={panelClass} modal={false}>
        {entries.map((entry) => (
          <MenuItem key={entry.to}>
            {entry.post ? (
              <button type="button" className={itemClass} onClick={() => void submit(null, { method: "post", action: entry.to })}>
                {entry.label}
              </button>
            ) : (
              <Link to={entry.to} className={itemClass}>
                {entry.label}
              </Link>
            )}
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
