// The page routes, read from the route config itself (app/routes.ts), so a page added later is in every
// security test at once. Admin pages are those under the admin layout, or with an /admin segment anywhere.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

export interface PageRoute {
  /** e.g. /admin/common/users/00000000-0000-4000-8000-000000000000 */
  url: string;
  /** The route's pattern, e.g. /admin/common/users/:userId */
  pattern: string;
  file: string;
  admin: boolean;
  signedIn: boolean;
  /** A resource route (a module without a component): a file, a feed or a download, never a page with forms. */
  resource: boolean;
}

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const ADMIN_LAYOUT = "routes/layouts/admin.tsx";
const SIGNED_IN_LAYOUT = "routes/layouts/signed-in.tsx";

function walk(entries: RouteConfigEntry[], parentPath: string, layouts: string[], out: PageRoute[]) {
  for (const entry of entries) {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const chain = [...layouts, entry.file];
    if (entry.children?.length) {
      walk(entry.children, path, chain, out);
      if (!entry.index && !entry.path) continue;
    }
    if (path.includes("*")) continue;
    const pattern = `/${path}`;
    out.push({
      pattern,
      url: pattern.replace(/:[\w]+\??/g, UNKNOWN_ID),
      file: entry.file,
      admin: chain.includes(ADMIN_LAYOUT) || /(^|\/)admin(\/|$)/.test(path),
      signedIn: chain.includes(SIGNED_IN_LAYOUT),
      resource: entry.file.endsWith(".ts"),
    });
  }
}

export function pageRoutes(): PageRoute[] {
  const out: PageRoute[] = [];
  walk(routes as RouteConfigEntry[], "", [], out);
  return out;
}

/** React Router's data URL of a page: /admin → /admin.data, / → /_root.data. */
export function dataUrl(url: string): string {
  const [path, query] = url.split("?");
  const trimmed = path!.replace(/\/+$/, "");
  return `${trimmed || "/_root"}.data${query ? `?${query}` : ""}`;
}
