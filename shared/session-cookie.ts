// The session cookie, which both tiers read: the web tier sets it at sign-in and reads it on every page, /api
// accepts it for cookie-authenticated calls. httpOnly, SameSite=Lax, signed, Secure with a __Host- name behind TLS
// in production. Each tier makes it from its own settings, read from the same environment, so both agree on it.
import { createCookie, type Cookie } from "react-router";

export interface SessionCookieSettings {
  /** Behind TLS in production: the cookie is Secure and named __Host-session. */
  secure: boolean;
  secret: string;
  maxAgeSeconds: number;
}

export interface SessionCookie {
  cookie(): Cookie;
  /** The session token in a Cookie header, or null. */
  readToken(cookieHeader: string | null | undefined): Promise<string | null>;
  /** The Set-Cookie of a session that ends at `expires`. */
  serializeToken(token: string, expires: Date): Promise<string>;
  /** The Set-Cookie that removes the cookie. */
  clear(): Promise<string>;
}

/** `settings` is asked on first use, so that making the cookie never reads or writes the secret file. */
export function sessionCookieFrom(settings: () => SessionCookieSettings): SessionCookie {
  let cookie: Cookie | undefined;
  const get = (): Cookie => {
    if (cookie) return cookie;
    const { secure, secret, maxAgeSeconds } = settings();
    cookie = createCookie(secure ? "__Host-session" : "session", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets: [secret],
      maxAge: maxAgeSeconds,
    });
    return cookie;
  };
  return {
    cookie: get,
    async readToken(cookieHeader) {
      if (!cookieHeader) return null;
      const value: unknown = await get().parse(cookieHeader);
      return typeof value === "string" && value.length > 0 ? value : null;
    },
    serializeToken(token, expires) {
      return get().serialize(token, {
        expires,
        maxAge: Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)),
      });
    },
    clear() {
      return get().serialize("", { maxAge: 0, expires: new Date(0) });
    },
  };
}
