// The theme without JavaScript: the settings form stores the choice in a cookie and the root renders
// <html class> from it. With JavaScript, local storage (vite-ui-theme) wins: the boot script in theme.ts runs
// before the first paint and overrides the class.
import { createCookie } from "react-router";
import { isTheme, type Theme } from "./theme";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

// Not signed: it only picks colours, and a forged value is checked against the three themes anyway.
const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, maxAge: ONE_YEAR_S });

export async function readThemeCookie(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("cookie"));
  return isTheme(value) ? value : "system";
}

/** The Set-Cookie value for a choice; "system" removes the cookie, as it is the default. */
export function serializeThemeCookie(theme: Theme): Promise<string> {
  return theme === "system"
    ? themeCookie.serialize("", { maxAge: 0, expires: new Date(0) })
    : themeCookie.serialize(theme);
}
