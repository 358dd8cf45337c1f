// The web tier's side of sign-in: the session cookie holds the /api session token.
import { data, type MiddlewareFunction } from "react-router";
import { sessionContext } from "#app/context.ts";
import { apiRequest } from "./api.server";
import { webEnv } from "./env.server";
import { sessionCookieFrom } from "#shared/session-cookie.ts";
import type { SessionInfo } from "#shared/user.ts";

const sessionCookie = sessionCookieFrom(() => ({
  secure: webEnv.isProduction && webEnv.trustProxy > 0,
  secret: webEnv.sessionSecret,
  maxAgeSeconds: webEnv.sessionAbsoluteDays * 24 * 60 * 60,
}));

/** The Set-Cookie that starts the session a sign-in answered, until it expires. */
export const serializeSessionToken = sessionCookie.serializeToken;
export const clearSessionCookie = sessionCookie.clear;

const NO_SESSION: SessionInfo = { user: null, expires: null, sessionToken: null, did: null };

/** Root middleware: asks /api who the cookie belongs to; a dead cookie is cleared on the way out. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = await sessionCookie.readToken(request.headers.get("cookie"));
  let session = NO_SESSION;
  if (token) {
    const result = await apiRequest<SessionInfo>(context, "/auth/session", { token });
    // While the API or its database is down, a signed-in visitor must see "unavailable", not a signed-out site
    // (and admin pages must not bounce to sign-in); the cookie is kept for when it is back.
    if (!result.ok && result.status >= 500) throw data(result.error, { status: 503, headers: { "Retry-After": "5" } });
    // A failed session check falls back silently to no user.
    if (result.ok && result.data.user) session = { ...result.data, sessionToken: token };
  }
  context.set(sessionContext, session);
  const response = await next();
  if (token && !session.user && !response.headers.has("set-cookie")) {
    response.headers.append("set-cookie", await clearSessionCookie());
  }
  return response;
};
