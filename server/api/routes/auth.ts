// /api/auth: sign-in, session, sign-out and registration (spec §7 "Session and account").
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { isCommonPassword } from "../../auth/common-passwords";
import { createSession, deleteSessionByToken, userRowToSessionUser } from "../../auth/sessions";
import { authenticate, createUser, findUserByEmail, normalizeEmail, recordLogin } from "../../auth/users";
import { hitRateLimit } from "../../lib/rate-limit";
import { LoginSchema, RegisterSchema } from "../../../app/schemas/auth";
import { clientIp, type ApiEnv } from "../context";
import { ApiError } from "../errors";
import { ErrorBodySchema, jsonBody, jsonResponse } from "../openapi";

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(z.string()),
  avatar: z.string().nullable(),
});

export const SessionSchema = z.object({
  user: SessionUserSchema.nullable(),
  expires: z.string().nullable(),
  sessionToken: z.string().nullable(),
  did: z.string().nullable(),
});

// OWASP: 10 a minute per account and per address; end-to-end tests raise it, as they sign in often from one address.
const LOGIN_LIMIT = Number(process.env.LOGIN_RATE_LIMIT_PER_MINUTE) || 10;
const LOGIN_WINDOW_MS = 60_000;

export const authRoutes = new OpenAPIHono<ApiEnv>();

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/login",
    tags: ["auth"],
    request: { body: jsonBody(LoginSchema) },
    responses: {
      200: jsonResponse(SessionSchema, "A new session; any session presented with the request ends."),
      400: jsonResponse(ErrorBodySchema, "Invalid input"),
      401: jsonResponse(ErrorBodySchema, "Wrong e-mail or password"),
      429: jsonResponse(ErrorBodySchema, "Too many attempts"),
    },
  }),
  async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.db;
    const ip = clientIp(c);
    for (const bucket of [`login:ip:${ip}`, `login:email:${normalizeEmail(email)}`]) {
      const limit = await hitRateLimit(db, bucket, LOGIN_LIMIT, LOGIN_WINDOW_MS);
      if (!limit.allowed) {
        throw new ApiError(429, `Too many sign-in attempts. Try again in ${limit.retryAfterSeconds} seconds.`, [], {
          "Retry-After": String(limit.retryAfterSeconds),
        });
      }
    }
    const user = await authenticate(db, email, password);
    if (!user) throw new ApiError(401, "Wrong email or password.");
    // A new token at every sign-in; the one the caller held stops working.
    if (c.var.sessionToken) await deleteSessionByToken(db, c.var.sessionToken);
    const session = await createSession(db, user.id, { ip, userAgent: c.req.header("user-agent") });
    await recordLogin(db, user.id, ip);
    return c.json(
      { user: userRowToSessionUser(user), expires: session.expires.toISOString(), sessionToken: session.token, did: session.did },
      200,
    );
  },
);

authRoutes.openapi(
  createRoute({
    method: "get",
    path: "/auth/session",
    tags: ["auth"],
    responses: { 200: jsonResponse(SessionSchema, "The caller's session; user is null without one.") },
  }),
  (c) => {
    const { user, session, sessionToken } = c.var;
    if (!user || !session) return c.json({ user: null, expires: null, sessionToken: null, did: null }, 200);
    const expires = session.idleExpiresAt < session.absoluteExpiresAt ? session.idleExpiresAt : session.absoluteExpiresAt;
    return c.json({ user, expires: expires.toISOString(), sessionToken, did: session.did }, 200);
  },
);

const LogoutResult = z.object({ ok: z.boolean() });
for (const method of ["get", "post"] as const) {
  authRoutes.openapi(
    createRoute({
      method,
      path: "/auth/logout",
      tags: ["auth"],
      responses: { 200: jsonResponse(LogoutResult, "The session, if any, has ended on the server.") },
    }),
    async (c) => {
      if (c.var.sessionToken) await deleteSessionByToken(c.var.db, c.var.sessionToken);
      return c.json({ ok: true }, 200);
    },
  );
}

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/register",
    tags: ["auth"],
    request: { body: jsonBody(RegisterSchema) },
    responses: {
      200: jsonResponse(SessionSchema, "The new user, signed in."),
      400: jsonResponse(ErrorBodySchema, "Invalid input"),
      409: jsonResponse(ErrorBodySchema, "E-mail already registered"),
    },
  }),
  async (c) => {
    const { email, password, name } = c.req.valid("json");
    if (isCommonPassword(password)) {
      throw new ApiError(400, "This password is too common.", [{ field: "password", message: "This password is too common." }]);
    }
    const db = c.var.db;
    if (await findUserByEmail(db, email)) {
      throw new ApiError(409, "This email is already registered.", [{ field: "email", message: "This email is already registered." }]);
    }
    const user = await createUser(db, { email, password, name });
    if (!user) throw new ApiError(409, "This email is already registered.", [{ field: "email", message: "This email is already registered." }]);
    const ip = clientIp(c);
    const session = await createSession(db, user.id, { ip, userAgent: c.req.header("user-agent") });
    await recordLogin(db, user.id, ip);
    return c.json(
      { user: userRowToSessionUser(user), expires: session.expires.toISOString(), sessionToken: session.token, did: session.did },
      200,
    );
  },
);
