// What of a page request's Cookie header the page cache may look at: only the cookies this site sets. Every other
// cookie (a tracker's, another app's on the same host, random values sent to fill the cache) is taken off the
// request before the page renders, so it can change neither the cache key nor what is stored: a request carrying
// only such cookies is served, and stored, exactly as one without cookies.
import { THEMES, type Theme } from "#shared/theme.ts";

/**
 * Cookies that make a page the visitor's own: a session (either name, shared/session-cookie.ts), a flash message
 * waiting to be shown (app/utils/toast.server.ts), the Gmail connect flow (app/routes/admin/gmail-connect.tsx).
 * A request with one is always rendered and never stored.
 */
const PERSONAL_COOKIES: readonly string[] = ["session", "__Host-session", "toast", "gmail_connect_flow"];
/** The theme choice (app/utils/theme.server.ts): unsigned, so only the three values it can hold are kept. */
const THEME_COOKIE = "theme";
/** Every cookie the site sets; tests check that no other name is created anywhere in app/ or shared/. */
export const SITE_COOKIES: readonly string[] = [...PERSONAL_COOKIES, THEME_COOKIE];

/** React Router's encoding of an unsigned cookie's value (base64 of its JSON), for each theme. */
const THEME_BY_VALUE = new Map<string, Theme>(
  THEMES.map((theme) => [Buffer.from(JSON.stringify(theme)).toString("base64"), theme]),
);

export interface PageCookies {
  /** The part of the cache key the cookies make: the theme, when one of the three is chosen. */
  key: string;
  /** A session, a flash message or the like: the page is the visitor's own. */
  personal: boolean;
  /** The Cookie header the page renders with: the site's cookies only (null when none is left). */
  header: string | null;
}

/** The cookies a page request carries that this site set, read as the cookie package reads them. */
export function pageCookies(header: string | null): PageCookies {
  if (!header) return { key: "", personal: false, header: null };
  const kept: string[] = [];
  let theme: Theme | undefined;
  let personal = false;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0) continue;
    const name = pair.slice(0, equals).trim();
    if (PERSONAL_COOKIES.includes(name)) {
      personal = true;
      kept.push(pair.trim());
    } else if (name === THEME_COOKIE && theme === undefined) {
      // The first one counts, as in the cookie package; a value that is no theme renders as the default.
      // "system" is the default, as without the cookie.
      theme = THEME_BY_VALUE.get(decodedValue(pair.slice(equals + 1))) ?? "system";
      if (theme !== "system") kept.push(pair.trim());
    }
  }
  const key = theme && theme !== "system" ? `theme=${theme}` : "";
  return { key, personal, header: kept.length ? kept.join("; ") : null };
}

function decodedValue(raw: string): string {
  let value = raw.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
