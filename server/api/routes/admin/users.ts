// Users as administrators manage them: the list, one user with their sessions, new users, passwords,
// administrator rights, deletion, the e-mail flag of 'spark' accounts and Firebase users.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { HeldDeletedCountSchema } from "#shared/contract/deleted.ts";
import {
  AccountResponseSchema,
  AccountVerifiedSchema,
  CreateUserSchema,
  EndedSessionsResponseSchema,
  FirebaseUserResponseSchema,
  SetAdminSchema,
  SetPasswordSchema,
  UserDetailResponseSchema,
  UserItemResponseSchema,
  UserListQuerySchema,
  UserListResponseSchema,
} from "#shared/contract/users.ts";
import { createFirebaseUser } from "#server/services/firebase.ts";
import {
  createUserByAdmin,
  deleteUser,
  findUserForFirebase,
  getUserDetail,
  listUsers,
  setAccountEmailVerified,
  setFirebaseUid,
  setSuperuser,
  setUserPassword,
} from "#server/services/users-admin.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, badInput, currentUserId, notFound, upstream, uuidIn } from "./common";

export const adminUserRoutes = new OpenAPIHono<ApiEnv>();

const UserIdParam = z.object({ userId: uuidIn("userId") });
const AccountIdParam = z.object({ accountId: uuidIn("accountId") });

adminUserRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/auth/user_list",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { query: UserListQuerySchema },
    responses: {
      200: jsonResponse(
        UserListResponseSchema,
        "A page of the users, oldest first: those whose e-mail or name contains q, or every user.",
      ),
      ...badInput,
      ...adminErrors,
    },
  }),
  async (c) => c.json(await listUsers(c.var.db, c.req.valid("query")), 200),
);

adminUserRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/auth/users/{userId}",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam },
    responses: {
      200: jsonResponse(UserDetailResponseSchema, "One user with accounts and live sessions."),
      ...badInput,
      ...adminErrors,
      ...notFound,
    },
  }),
  async (c) => c.json(await getUserDetail(c.var.db, c.req.valid("param").userId), 200),
);

adminUserRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/users",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(CreateUserSchema) },
    responses: {
      200: jsonResponse(UserItemResponseSchema, "The new user, with its 'spark' account."),
      ...badInput,
      ...adminErrors,
      409: jsonResponse(ErrorBodySchema, "E-mail already registered"),
    },
  }),
  async (c) => c.json({ item: await createUserByAdmin(c.var.db, c.req.valid("json")) }, 200),
);

adminUserRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/users/{userId}/password",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam, body: jsonBody(SetPasswordSchema) },
    responses: {
      200: jsonResponse(EndedSessionsResponseSchema, "Password set; every session of the user has ended."),
      ...badInput,
      ...adminErrors,
      ...notFound,
    },
  }),
  async (c) => c.json(await setUserPassword(c.var.db, c.req.valid("param").userId, c.req.valid("json").password), 200),
);

adminUserRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/users/{userId}/superuser",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam, body: jsonBody(SetAdminSchema) },
    responses: {
      200: jsonResponse(UserItemResponseSchema, "Administrator rights granted or revoked."),
      ...badInput,
      ...adminErrors,
      ...notFound,
      409: jsonResponse(ErrorBodySchema, "An administrator cannot demote themselves"),
    },
  }),
  async (c) => {
    const item = await setSuperuser(
      c.var.db,
      currentUserId(c),
      c.req.valid("param").userId,
      c.req.valid("json").is_superuser,
    );
    return c.json({ item }, 200);
  },
);

adminUserRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/auth/users/delete/{userId}",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam },
    responses: {
      200: jsonResponse(
        HeldDeletedCountSchema,
        "How many users were deleted (1, or 0 when already gone); sessions and accounts go too. The hold undoes it " +
          "without the sessions: the restored user signs in again.",
      ),
      ...badInput,
      ...adminErrors,
      409: jsonResponse(ErrorBodySchema, "An administrator cannot delete themselves"),
    },
  }),
  async (c) => {
    const { deleted, holdId } = await deleteUser(c.var.db, currentUserId(c), c.req.valid("param").userId);
    return c.json({ number: deleted, hold_id: holdId }, 200);
  },
);

adminUserRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/accounts/{accountId}",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: AccountIdParam, body: jsonBody(AccountVerifiedSchema) },
    responses: {
      200: jsonResponse(AccountResponseSchema, "The account with its new email_verified."),
      ...badInput,
      ...adminErrors,
      ...notFound,
      409: jsonResponse(ErrorBodySchema, "Not a 'spark' account"),
    },
  }),
  async (c) => {
    const account = await setAccountEmailVerified(
      c.var.db,
      c.req.valid("param").accountId,
      c.req.valid("json").email_verified,
    );
    return c.json({ account }, 200);
  },
);

adminUserRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/auth/users/{userId}/config_firebase",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam },
    responses: {
      200: jsonResponse(FirebaseUserResponseSchema, "The Firebase uid, now stored as the user's firebase_uid."),
      ...badInput,
      ...adminErrors,
      ...notFound,
      ...upstream,
    },
  }),
  async (c) => {
    const db = c.var.db;
    const user = await findUserForFirebase(db, c.req.valid("param").userId);
    const uid = await createFirebaseUser(user);
    await setFirebaseUid(db, user.id, uid);
    return c.json({ id: uid }, 200);
  },
);
