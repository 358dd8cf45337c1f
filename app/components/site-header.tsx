// The site header: title, main links, Tools menu and, when signed in, the Profile menu.
import { Link, NavLink } from "react-router";
import type { SessionUser } from "../../shared/user";
import { NavMenu } from "./nav-menu";
import { ThemeSwitch } from "./theme-switch";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-9 items-center rounded px-2 py-1.5 text-sm font-medium text-zinc-900 no-underline ` +
  `hover:bg-zinc-100 hover:no-underline dark:text-zinc-100 dark:hover:bg-zinc-800 ` +
  `${isActive ? "bg-zinc-100 dark:bg-zinc-800" : ""}`;

export function SiteHeader({ siteName, user }: { siteName: string; user: SessionUser | null }) {
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-zinc-900 no-underline hover:no-underline dark:text-zinc-100">
          {siteName}
        </Link>
        <nav aria-label="Main" className="flex flex-1 flex-wrap items-center gap-1">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to="/camera2/report_list" className={navLinkClass}>
            Camera2 Reports
          </NavLink>
          <NavMenu
            label="Tools"
            entries={[
              { label: "JSON Pretty Formatter", to: "/tools/json-pretty-format" },
              { label: "URL Decoder & Encoder", to: "/tools/url-decode-encode" },
              { label: "All tools", to: "/tools" },
            ]}
          />
          <div className="ml-auto flex items-center gap-1">
            <ThemeSwitch />
            {user ? (
              <NavMenu
                label="Profile"
                entries={[
                  { label: "Profile", to: "/profile/me" },
                  { label: "Settings", to: "/profile/me/settings" },
                  { label: "Sign out", to: "/account/logout", post: true },
                ]}
              />
            ) : (
              <NavLink to="/account/login" className={navLinkClass}>
                Sign in
              </NavLink>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
