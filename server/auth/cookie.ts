// /api's side of the session cookie (shared/session-cookie.ts): it accepts the cookie for cookie-authenticated
// calls.
import type { Cookie } from "react-router";
import { sessionCookieFrom } from "#shared/session-cookie.ts";
import { config } from "../config";

const session = sessionCookieFrom(() => ({
  secure: config.isProduction && config.trustProxy > 0,
  secret: config.secrets.session,
  maxAgeSeconds: config.sessionAbsoluteDays * 24 * 60 * 60,
}));

export function sessionCookie(): Cookie {
  return session.cookie();
}

export const readSessionToken = session.readToken;
