// The site header: title, main links, Tools menu and, when signed in, the Profile menu (with Admin for
// administrators). On a phone the links fold into one Menu disclosure, so the header stays one row high; both forms
// are in the page and CSS shows the one that fits, which needs no JavaScript.
import { href } from "react-router";
import { Link, NavLink } from "#app/components/link.tsx";
import { isAdmin, type SessionUser } from "#shared/user.ts";
import { NavMenu } from "./nav-menu";
import type { NavMenuEntry } from "./nav-menu-parts";
import { ThemeSwitch } from "./theme-switch";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-9 items-center rounded px-2 py-1.5 text-sm font-medium text-zinc-900 no-underline ` +
  `hover:bg-zinc-100 hover:no-underline dark:text-zinc-100 dark:hover:bg-zinc-800 ` +
  `${isActive ? "bg-zinc-100 dark:bg-zinc-800" : ""}`;

const TOOL_ENTRIES: NavMenuEntry[] = [
  { label: "JSON Pretty Formatter", to: "/tools/json-pretty-format" },
  { label: "URL Decoder & Encoder", to: "/tools/url-decode-encode" },
  { label: "All tools", to: "/tools" },
];

/** The Profile menu's entries: Admin leads an administrator into the admin area. */
function profileEntries(user: SessionUser): NavMenuEntry[] {
  return [
    { label: "Profile", to: "/profile/me" },
    { label: "Settings", to: "/profile/me/settings" },
    ...(isAdmin(user) ? [{ label: "Admin", to: href("/admin") }] : []),
    { label: "Sign out", to: "/account/logout", post: true },
  ];
}

/** Everything of the header in one list, for the phone's Menu. */
function compactEntries(user: SessionUser | null): NavMenuEntry[] {
  return [
    { label: "Home", to: "/" },
    { label: "Camera2 Reports", to: "/camera2/report_list" },
    ...TOOL_ENTRIES,
    ...(user ? profileEntries(user) : [{ label: "Sign in", to: "/account/login" }]),
  ];
}

export function SiteHeader({ siteName, user }: { siteName: string; user: SessionUser | null }) {
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex max-w-6xl items-center gap-x-4 gap-y-2 px-4 py-3 md:flex-wrap">
        <Link
          to="/"
          className={
            "min-w-0 truncate text-lg font-bold text-zinc-900 no-underline hover:no-underline dark:text-zinc-100"
          }
        >
          {siteName}
        </Link>
        <nav aria-label="Main" className="hidden flex-1 flex-wrap items-center gap-1 md:flex">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to="/camera2/report_list" className={navLinkClass}>
            Camera2 Reports
          </NavLink>
          <NavMenu label="Tools" entries={TOOL_ENTRIES} />
          <div className="ml-auto flex items-center gap-1">
            {user ? (
              <NavMenu label="Profile" entries={profileEntries(user)} />
            ) : (
              <NavLink to="/account/login" className={navLinkClass}>
                Sign in
              </NavLink>
            )}
          </div>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">
          <ThemeSwitch />
          <nav aria-label="Main" className="md:hidden">
            <NavMenu label="Menu" entries={compactEntries(user)} />
          </nav>
        </div>
      </div>
    </header>
  );
}
