// The signed-in user's own profile, settings, password and sessions (/user/profile and /user/update).
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  ChangePasswordSchema,
  DisplayNameSchema,
  ProfileSchema,
  SessionsEndedSchema,
} from "#shared/contract/profile.ts";
import { hitRateLimit } from "#server/lib/rate-limit.ts";
import { changePassword, getProfile, signOutOtherSessions, updateDisplayName } from "#server/services/profile.ts";
import { requireUser, type ApiContext, type ApiEnv } from "../context";
import { ApiError } from "../errors";
import { ErrorBodySchema, jsonBody, jsonResponse } from "../openapi";

export const accountRoutes = new OpenAPIHono<ApiEnv>();

const signedInErrors = { 401: jsonResponse(ErrorBodySchema, "Sign-in required") } as const;

// Checking the current password is a password oracle for whoever holds a stolen session: keep it slow.
const PASSWORD_CHANGE_LIMIT = 10;
const PASSWORD_CHANGE_WINDOW_MS = 15 * 60_000;

/** The caller, after requireUser. */
function caller(c: ApiContext): { userId: string; sessionId: string } {
  const { user, session } = c.var;
  if (!user || !session) throw new ApiError(401, "Sign-in required");
  return { userId: user.id, sessionId: session.id };
}

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user/profile",
    tags: ["account"],
    middleware: [requireUser],
    responses: { 200: jsonResponse(ProfileSchema, "The caller's profile"), ...signedInErrors },
  }),
  async (c) => {
    const { userId, sessionId } = caller(c);
    return c.json(await getProfile(c.var.db, userId, sessionId), 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/update",
    tags: ["account"],
    summary: "Change the display name (empty clears it)",
    middleware: [requireUser],
    request: { body: jsonBody(DisplayNameSchema) },
    responses: {
      200: jsonResponse(ProfileSchema, "The updated profile"),
      400: jsonResponse(ErrorBodySchema, "Invalid input"),
      ...signedInErrors,
    },
  }),
  async (c) => {
    const { userId, sessionId } = caller(c);
    const { name } = c.req.valid("json");
    await updateDisplayName(c.var.db, userId, name);
    return c.json(await getProfile(c.var.db, userId, sessionId), 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/password",
    tags: ["account"],
    summary: "Change the password; every other session of the user ends",
    middleware: [requireUser],
    request: { body: jsonBody(ChangePasswordSchema) },
    responses: {
      200: jsonResponse(SessionsEndedSchema, "Changed; signed_out_sessions is how many other sessions ended"),
      400: jsonResponse(ErrorBodySchema, "Wrong current password, or an unacceptable new one"),
      429: jsonResponse(ErrorBodySchema, "Too many attempts"),
      ...signedInErrors,
    },
  }),
  async (c) => {
    const { userId, sessionId } = caller(c);
    const db = c.var.db;
    const limit = await hitRateLimit(
      db,
      `password-change:user:${userId}`,
      PASSWORD_CHANGE_LIMIT,
      PASSWORD_CHANGE_WINDOW_MS,
    );
    if (!limit.allowed) {
      throw new ApiError(429, `Too many password changes. Try again in ${limit.retryAfterSeconds} seconds.`, [], {
        "Retry-After": String(limit.retryAfterSeconds),
      });
    }
    const ended = await changePassword(db, userId, c.req.valid("json"), sessionId);
    return c.json({ ok: true as const, signed_out_sessions: ended }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/sessions/sign-out-others",
    tags: ["account"],
    summary: "End every session of the caller except this one",
    middleware: [requireUser],
    responses: { 200: jsonResponse(SessionsEndedSchema, "signed_out_sessions is how many ended"), ...signedInErrors },
  }),
  async (c) => {
    const { userId, sessionId } = caller(c);
    const ended = await signOutOtherSessions(c.var.db, userId, sessionId);
    return c.json({ ok: true as const, signed_out_sessions: ended }, 200);
  },
);
