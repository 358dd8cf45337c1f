// What every /api handler can read from the Hono context, and the middleware that fills it.
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { readSessionToken } from "../auth/cookie";
import { config } from "../config";
import { findSession, userRowToSessionUser, type SessionRecord } from "../auth/sessions";
import type { Database } from "../db/client";
import { crossSiteMessage, crossSiteReason, isSafeMethod } from "../lib/csrf";
import { clientAddress } from "#shared/http/proxy.ts";
import { showServerTiming } from "#shared/http/server-timing.ts";
import { isAdmin, type SessionUser } from "#shared/user.ts";
import { countCredentialFailure } from "./credential-failures";
import { ApiError } from "./errors";

export interface ApiDeps {
  db: Database;
}

type AuthMethod = "cookie" | "bearer";

/** A session found for a token, as findSession answers it. */
type FoundSession = Awaited<ReturnType<typeof findSession>>;

/**
 * Session look-ups shared by the /api calls of one page request, by token. Only the in-process client can pass
 * it (a binding, never a header), so a page that calls /api twice reads the session from the database once.
 */
export type SessionLookups = Map<string, Promise<FoundSession>>;

export interface ApiEnv {
  Bindings: {
    /** Set by the in-process client: the web tier already knows the visitor's address. */
    clientIp?: string;
    /** Set by the in-process client for the calls of one page request (see SessionLookups). */
    sessionLookups?: SessionLookups;
  };
  Variables: {
    db: Database;
    user: SessionUser | null;
    session: SessionRecord | null;
    sessionToken: string | null;
    authMethod: AuthMethod | null;
  };
}

export type ApiContext = Context<ApiEnv>;

/** The caller's address: the in-process binding, else as shared/http/proxy.ts reads it behind TRUST_PROXY hops. */
export function clientIp(c: Context): string {
  const bound = (c.env as ApiEnv["Bindings"] | undefined)?.clientIp;
  if (bound) return bound;
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    socketAddress = undefined;
  }
  return clientAddress(c.req.raw.headers, socketAddress, config.trustProxy);
}

export function injectDeps(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set("db", deps.db);
    c.set("user", null);
    c.set("session", null);
    c.set("sessionToken", null);
    c.set("authMethod", null);
    await next();
  };
}

/**
 * Reads a bearer token, else the session cookie, and loads the session user when it is live. An unknown bearer
 * token counts against its address like an unknown API key (a cookie is signed, so it cannot be guessed at).
 */
export const loadSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const authorization = c.req.header("authorization");
  let token: string | null = null;
  let method: AuthMethod | null = null;
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    token = authorization.slice(7).trim();
    method = "bearer";
  } else {
    token = await readSessionToken(c.req.header("cookie"));
    if (token) method = "cookie";
  }
  const lookups = (c.env as ApiEnv["Bindings"] | undefined)?.sessionLookups;
  // A call that may change the session or its user (sign-out, password, roles) reads it afresh, and the calls
  // after it do too.
  const shared = lookups && !changesState(c) ? lookups : undefined;
  if (token) {
    const found = await (shared ? sharedLookup(shared, c.var.db, token) : findSession(c.var.db, token));
    if (found) {
      const user = userRowToSessionUser(found.user);
      // Server-Timing tells how many calls and queries a request made: for administrators only.
      if (isAdmin(user)) showServerTiming();
      c.set("user", user);
      c.set("session", found.session);
      c.set("sessionToken", token);
      c.set("authMethod", method);
    } else if (method === "bearer") {
      await countCredentialFailure(c.var.db, clientIp(c), "session tokens");
    }
  }
  if (!lookups || shared) return next();
  lookups.clear();
  try {
    await next();
  } finally {
    lookups.clear();
  }
};

function sharedLookup(lookups: SessionLookups, db: Database, token: string): Promise<FoundSession> {
  let found = lookups.get(token);
  if (!found) {
    found = findSession(db, token);
    lookups.set(token, found);
    // A failed read (the database down) is not remembered: the next call tries again, as it would have.
    found.catch(() => lookups.delete(token));
  }
  return found;
}

/**
 * Cookie-authenticated state changes must come from this site (server/lib/csrf.ts). Bearer tokens and API keys are
 * not sent by browsers on their own, so they need no check.
 */
export const csrfGuard: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (changesState(c) && c.var.authMethod === "cookie") {
    const reason = crossSiteReason(c.req.raw);
    if (reason) throw new ApiError(403, crossSiteMessage(reason));
  }
  await next();
};

/**
 * GET /auth/logout ends the session (API clients sign out with GET), so a cookie-authenticated
 * one must come from this site too: another site's link or image must not sign anyone out.
 */
function changesState(c: Context): boolean {
  return !isSafeMethod(c.req.method) || c.req.path === "/api/auth/logout";
}

export const requireUser: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.var.user) throw new ApiError(401, "Sign-in required");
  await next();
};

export const requireAdmin: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.var.user) throw new ApiError(401, "Sign-in required");
  if (!isAdmin(c.var.user)) throw new ApiError(403, "Administrator only");
  await next();
};
