// /api/auth: sign-in, session, sign-out and registration.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { isCommonPassword } from "#server/auth/common-passwords.ts";
import { createSession, deleteSessionByToken, userRowToSessionUser } from "#server/auth/sessions.ts";
import {
  finishRegistration,
  REGISTRATION_LINK_HOURS,
  registrationUnavailable,
  requestRegistration,
} from "#server/auth/registration.ts";
import { beginSignInAttempt } from "#server/auth/sign-in-throttle.ts";
import { hitRateLimit } from "#server/lib/rate-limit.ts";
import { authenticate, normalizeEmail, recordLogin } from "#server/auth/users.ts";
import { config } from "#server/config.ts";
import { MailNotConfiguredError } from "#server/services/mail.ts";
import {
  LoginSchema,
  LogoutResultSchema,
  RegisterFinishSchema,
  RegisterSchema,
  RegistrationRequestedSchema,
  SessionSchema,
} from "#shared/contract/auth.ts";
import { clientIp, type ApiEnv } from "../context";
import { ApiError } from "../errors";
import { ErrorBodySchema, jsonBody, jsonResponse } from "../openapi";

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
    const attempt = await beginSignInAttempt(db, ip, normalizeEmail(email));
    if (attempt.refusedForSeconds !== null) {
      const seconds = attempt.refusedForSeconds;
      throw new ApiError(429, `Too many sign-in attempts. Try again in ${seconds} seconds.`, [], {
        "Retry-After": String(seconds),
      });
    }
    const user = await authenticate(db, email, password);
    if (!user) throw new ApiError(401, "Wrong email or password.");
    await attempt.succeeded();
    // A new token at every sign-in; the one the caller held stops working.
    if (c.var.sessionToken) await deleteSessionByToken(db, c.var.sessionToken);
    const session = await createSession(db, user.id, { ip, userAgent: c.req.header("user-agent") });
    await recordLogin(db, user.id, ip);
    return c.json(
      {
        user: userRowToSessionUser(user),
        expires: session.expires.toISOString(),
        sessionToken: session.token,
        did: session.did,
      },
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
    const { user, session, sessionToken, authMethod } = c.var;
    if (!user || !session) return c.json({ user: null, expires: null, sessionToken: null, did: null }, 200);
    const expires =
      session.idleExpiresAt < session.absoluteExpiresAt ? session.idleExpiresAt : session.absoluteExpiresAt;
    // The httpOnly cookie keeps the token from page scripts only if no answer hands it back: a bearer caller
    // already holds it, a cookie caller gets null.
    return c.json(
      {
        user,
        expires: expires.toISOString(),
        sessionToken: authMethod === "bearer" ? sessionToken : null,
        did: session.did,
      },
      200,
    );
  },
);

for (const method of ["get", "post"] as const) {
  authRoutes.openapi(
    createRoute({
      method,
      path: "/auth/logout",
      tags: ["auth"],
      responses: { 200: jsonResponse(LogoutResultSchema, "The session, if any, has ended on the server.") },
    }),
    async (c) => {
      if (c.var.sessionToken) await deleteSessionByToken(c.var.db, c.var.sessionToken);
      return c.json({ ok: true }, 200);
    },
  );
}

const REGISTRATION_WINDOW_MS = 3_600_000;

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/register",
    tags: ["auth"],
    request: { body: jsonBody(RegisterSchema) },
    responses: {
      202: jsonResponse(
        RegistrationRequestedSchema,
        "Whether or not the address has an account: a message is on its way to it.",
      ),
      400: jsonResponse(ErrorBodySchema, "Invalid input"),
      403: jsonResponse(ErrorBodySchema, "Registration is closed (REGISTRATION_OPEN)"),
      429: jsonResponse(ErrorBodySchema, "Too many sign-up requests from this address"),
      502: jsonResponse(ErrorBodySchema, "The message could not be sent"),
      503: jsonResponse(ErrorBodySchema, "Registration is open but mail or SITE_URL is not set up"),
    },
  }),
  async (c) => {
    const unavailable = registrationUnavailable();
    if (unavailable) throw new ApiError(unavailable.status, unavailable.message);
    const { email, password, name } = c.req.valid("json");
    if (isCommonPassword(password)) {
      throw new ApiError(400, "This password is too common.", [
        { field: "password", message: "This password is too common." },
      ]);
    }
    const db = c.var.db;
    const limit = await hitRateLimit(
      db,
      `register:ip:${clientIp(c)}`,
      config.registrationRateLimitPerHour,
      REGISTRATION_WINDOW_MS,
    );
    if (!limit.allowed) {
      throw new ApiError(
        429,
        `Too many sign-up requests from this address (at most ` +
          `${config.registrationRateLimitPerHour} an hour). Try again in ` +
          `${limit.retryAfterSeconds} seconds.`,
        [],
        {
          "Retry-After": String(limit.retryAfterSeconds),
        },
      );
    }
    try {
      await requestRegistration(db, { email, password, name });
    } catch (error) {
      if (error instanceof MailNotConfiguredError)
        throw new ApiError(503, "Registration needs mail to be set up (SMTP_URL and MAIL_FROM).");
      throw new ApiError(502, "The message to finish registration could not be sent. Try again later.");
    }
    return c.json({ detail: "Check your e-mail: a message to finish creating your account is on its way." }, 202);
  },
);

authRoutes.openapi(
  createRoute({
    method: "post",
    path: "/auth/register/finish",
    tags: ["auth"],
    request: { body: jsonBody(RegisterFinishSchema) },
    responses: {
      200: jsonResponse(SessionSchema, "The new user, signed in."),
      400: jsonResponse(ErrorBodySchema, "The link is not valid or has expired"),
      403: jsonResponse(ErrorBodySchema, "Registration is closed (REGISTRATION_OPEN)"),
      409: jsonResponse(ErrorBodySchema, "The address has an account already (the link was used)"),
    },
  }),
  async (c) => {
    const unavailable = registrationUnavailable();
    if (unavailable) throw new ApiError(unavailable.status, unavailable.message);
    const db = c.var.db;
    const result = await finishRegistration(db, c.req.valid("json").token);
    if (!result.ok) {
      if (result.reason === "exists") throw new ApiError(409, "This address has an account already: sign in.");
      throw new ApiError(
        400,
        result.reason === "expired"
          ? `This link has expired (links work for ${REGISTRATION_LINK_HOURS} hours): sign up again.`
          : "This link is not valid.",
      );
    }
    const ip = clientIp(c);
    if (c.var.sessionToken) await deleteSessionByToken(db, c.var.sessionToken);
    const session = await createSession(db, result.user.id, { ip, userAgent: c.req.header("user-agent") });
    await recordLogin(db, result.user.id, ip);
    return c.json(
      {
        user: userRowToSessionUser(result.user),
        expires: session.expires.toISOString(),
        sessionToken: session.token,
        did: session.did,
      },
      200,
    );
  },
);
