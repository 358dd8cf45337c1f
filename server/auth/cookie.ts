// The session cookie the web tier sets and /api also accepts: httpOnly, SameSite=Lax, signed,
// Secure with a __Host- name behind TLS in production.
import { createCookie, type Cookie } from "react-router";
import { config } from "../config";

let cookie: Cookie | undefined;

/** Created on first use so that importing this module never reads or writes the secret file. */
export function sessionCookie(): Cookie {
  const secure = config.isProduction && config.trustProxy > 0;
  cookie ??= createCookie(secure ? "__Host-session" : "session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [config.secrets.session],
    maxAge: config.sessionAbsoluteDays * 24 * 60 * 60,
  });
  return cookie;
}

export async function readSessionToken(cookieHeader: string | null | undefined): Promise<string | null> {
  if (!cookieHeader) return null;
  const value: unknown = await sessionCookie().parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function serializeSessionToken(token: string, expires: Date): Promise<string> {
  return sessionCookie().serialize(token, {
    expires,
    maxAge: Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
