// Administrator people and integrations (spec §7): users, API keys, the mail sender and image generation.
// Every endpoint here is for administrators only; requireAdmin answers 401 without a session, 403 otherwise.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ApiKeySchema } from "../../../shared/contract/api-keys";
import { FluxHistoryQuerySchema, FluxSchema } from "../../../shared/contract/flux";
import { TestMailSchema } from "../../../shared/contract/mail-sender";
import {
  AccountVerifiedSchema,
  CreateUserSchema,
  SetAdminSchema,
  SetPasswordSchema,
} from "../../../shared/contract/users";
import { deleteApiKey, listApiKeys, revealApiKey, saveApiKey } from "../../services/api-keys";
import { createFirebaseUser } from "../../services/firebase";
import { deleteJob, generateImages, imageGenConfig, jobHistory } from "../../services/image-host";
import { describeMailSetup, sendTestMail } from "../../services/mail";
import {
  deleteMailConnection,
  finishGmailConnect,
  isGmailConfigured,
  listMailConnections,
  startGmailConnect,
} from "../../services/mail-connections";
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
} from "../../services/users-admin";
import { clientIp, requireAdmin, type ApiEnv } from "../context";
import { ApiError } from "../errors";
import { ErrorBodySchema, jsonBody, jsonResponse } from "../openapi";

export const adminPeopleRoutes = new OpenAPIHono<ApiEnv>();

const uuidIn = (name: string) => z.uuid(`${name} must be a UUID.`).openapi({ param: { name, in: "path" } });
const UserIdParam = z.object({ userId: uuidIn("userId") });
const AccountIdParam = z.object({ accountId: uuidIn("accountId") });
const IdParam = z.object({ id: uuidIn("id") });

const adminErrors = {
  401: jsonResponse(ErrorBodySchema, "Sign-in required"),
  403: jsonResponse(ErrorBodySchema, "Administrator only"),
} as const;
const badInput = { 400: jsonResponse(ErrorBodySchema, "Invalid input") } as const;
const notFound = { 404: jsonResponse(ErrorBodySchema, "Not found") } as const;
const upstream = {
  502: jsonResponse(ErrorBodySchema, "The outside service failed"),
  503: jsonResponse(ErrorBodySchema, "The outside service is not configured"),
  504: jsonResponse(ErrorBodySchema, "The outside service did not answer in time"),
} as const;

function currentUserId(c: { var: ApiEnv["Variables"] }): string {
  const user = c.var.user;
  if (!user) throw new ApiError(401, "Sign-in required");
  return user.id;
}

// ---------------------------------------------------------------- users

const AccountSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerAccountId: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
});

const UserListItemSchema = z
  .object({
    id: z.string(),
    user: z.object({
      id: z.string(),
      first_name: z.string().nullable(),
      email: z.string(),
      email_verified: z.boolean(),
      created_at: z.string(),
      is_superuser: z.boolean(),
      entitlements: z.array(z.string()),
      firebase_uid: z.string().nullable(),
      last_login_time: z.string().nullable(),
      last_login_ip: z.string().nullable(),
    }),
    spark_user: z.object({ num_id: z.number().int() }),
    spark_account_emails: z.array(z.string()),
    accounts: z.array(AccountSchema),
  })
  .openapi("AdminUserListItem");

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/auth/user_list",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(
        z.object({ user_list: z.array(UserListItemSchema), count: z.number().int() }),
        "Every user, oldest first.",
      ),
      ...adminErrors,
    },
  }),
  async (c) => c.json(await listUsers(c.var.db), 200),
);

const SessionItemSchema = z.object({
  id: z.string(),
  did: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/auth/users/{userId}",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam },
    responses: {
      200: jsonResponse(
        z.object({ item: UserListItemSchema, sessions: z.array(SessionItemSchema) }),
        "One user with accounts and live sessions.",
      ),
      ...badInput,
      ...adminErrors,
      ...notFound,
    },
  }),
  async (c) => c.json(await getUserDetail(c.var.db, c.req.valid("param").userId), 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/users",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(CreateUserSchema) },
    responses: {
      200: jsonResponse(z.object({ item: UserListItemSchema }), "The new user, with its 'spark' account."),
      ...badInput,
      ...adminErrors,
      409: jsonResponse(ErrorBodySchema, "E-mail already registered"),
    },
  }),
  async (c) => c.json({ item: await createUserByAdmin(c.var.db, c.req.valid("json")) }, 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/users/{userId}/password",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam, body: jsonBody(SetPasswordSchema) },
    responses: {
      200: jsonResponse(
        z.object({ ended_sessions: z.number().int() }),
        "Password set; every session of the user has ended.",
      ),
      ...badInput,
      ...adminErrors,
      ...notFound,
    },
  }),
  async (c) => c.json(await setUserPassword(c.var.db, c.req.valid("param").userId, c.req.valid("json").password), 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/users/{userId}/superuser",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam, body: jsonBody(SetAdminSchema) },
    responses: {
      200: jsonResponse(z.object({ item: UserListItemSchema }), "Administrator rights granted or revoked."),
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

adminPeopleRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/auth/users/delete/{userId}",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam },
    responses: {
      200: jsonResponse(
        z.object({ number: z.number().int() }),
        "How many users were deleted (1, or 0 when already gone); sessions and accounts go too.",
      ),
      ...badInput,
      ...adminErrors,
      409: jsonResponse(ErrorBodySchema, "An administrator cannot delete themselves"),
    },
  }),
  async (c) => c.json({ number: await deleteUser(c.var.db, currentUserId(c), c.req.valid("param").userId) }, 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/auth/accounts/{accountId}",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: AccountIdParam, body: jsonBody(AccountVerifiedSchema) },
    responses: {
      200: jsonResponse(z.object({ account: AccountSchema }), "The account with its new email_verified."),
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

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/auth/users/{userId}/config_firebase",
    tags: ["admin: users"],
    middleware: [requireAdmin] as const,
    request: { params: UserIdParam },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), "The Firebase uid, now stored as the user's firebase_uid."),
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

// ---------------------------------------------------------------- API keys

const ApiKeyRecordSchema = z
  .object({
    id: z.string(),
    service_name: z.string(),
    api_key: z.string().nullable(),
    created_at: z.string(),
    user_id: z.string().nullable(),
  })
  .openapi("ApiKeyRecord");

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/api_keys",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(
        z.object({ api_keys: z.array(ApiKeyRecordSchema) }),
        'Every key, oldest first; api_key is its first characters and "…".',
      ),
      ...adminErrors,
    },
  }),
  async (c) => c.json({ api_keys: await listApiKeys(c.var.db) }, 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/api_keys/{id}/secret",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(
        z.object({ api_key: z.string() }),
        "One key in full, for a copy or reveal action (never cached).",
      ),
      ...badInput,
      ...adminErrors,
      ...notFound,
      409: jsonResponse(ErrorBodySchema, "The key cannot be decrypted (ENCRYPTION_KEY changed)"),
    },
  }),
  async (c) => c.json({ api_key: await revealApiKey(c.var.db, c.req.valid("param").id) }, 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/session_token",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(
        z.object({ session_token: z.string() }),
        "The caller's own session token, for the copy button of the My session block (never cached).",
      ),
      ...adminErrors,
    },
  }),
  async (c) => {
    const token = c.var.sessionToken;
    if (!token) throw new ApiError(401, "Sign-in required");
    return c.json({ session_token: token }, 200);
  },
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/api_keys",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(ApiKeySchema) },
    responses: {
      200: jsonResponse(z.object({ api_key: ApiKeyRecordSchema }), "Created (no edit_id) or updated."),
      ...badInput,
      ...adminErrors,
      ...notFound,
      409: jsonResponse(ErrorBodySchema, "The key is already in use"),
    },
  }),
  async (c) => c.json({ api_key: await saveApiKey(c.var.db, c.req.valid("json"), currentUserId(c)) }, 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/api_keys/{id}",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(z.object({ number: z.number().int() }), "How many keys were deleted."),
      ...badInput,
      ...adminErrors,
      409: jsonResponse(ErrorBodySchema, "One's own SPARK_API key cannot be deleted"),
    },
  }),
  async (c) => c.json({ number: await deleteApiKey(c.var.db, c.req.valid("param").id, currentUserId(c)) }, 200),
);

// ---------------------------------------------------------------- mail sender

const MailConnectionSchema = z.object({
  id: z.string(),
  email: z.string(),
  last_login_ip: z.string().nullable(),
  userId: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/site/email/config",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(
        z.object({
          sessions_list: z.array(MailConnectionSchema),
          email_sender: z.string().nullable(),
          gmail_configured: z.boolean(),
          mail_transport: z.string().nullable(),
          mail_problem: z.string().nullable(),
        }),
        "Connected accounts (newest first) and the address mail is sent as; null when none is connected.",
      ),
      ...adminErrors,
    },
  }),
  async (c) => {
    const db = c.var.db;
    const [sessionsList, setup] = await Promise.all([listMailConnections(db), describeMailSetup(db)]);
    return c.json(
      {
        sessions_list: sessionsList,
        email_sender: sessionsList[0]?.email ?? null,
        gmail_configured: isGmailConfigured(),
        mail_transport: setup.transport,
        mail_problem: setup.problem,
      },
      200,
    );
  },
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/email/test",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(TestMailSchema) },
    responses: {
      200: jsonResponse(
        z.object({ ok: z.boolean(), to: z.string(), transport: z.string() }),
        "Sent; `to` defaults to the administrator.",
      ),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const to = c.req.valid("json").to ?? c.var.user?.email ?? "";
    const { transport } = await sendTestMail(c.var.db, to);
    return c.json({ ok: true, to, transport }, 200);
  },
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/gmail/connect/start",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: {
      query: z.object({
        redirect_uri: z.string().max(2000),
        login_hint: z.string().trim().max(254).pipe(z.email("login_hint must be an e-mail address.")).optional(),
      }),
    },
    responses: {
      200: jsonResponse(
        z.object({ authorization_url: z.string(), flow_token: z.string() }),
        "Where to send the administrator, and the sealed flow state to bring back to the callback.",
      ),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  (c) => {
    const query = c.req.valid("query");
    return c.json(
      startGmailConnect({ userId: currentUserId(c), redirectUri: query.redirect_uri, loginHint: query.login_hint }),
      200,
    );
  },
);

const GmailCallbackSchema = z.object({
  code: z.string().min(1, "code is required.").max(4096),
  state: z.string().min(1, "state is required.").max(512),
  flow_token: z.string().min(1, "The connection attempt has expired; start again.").max(8192),
});

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/gmail/connect/callback",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(GmailCallbackSchema) },
    responses: {
      200: jsonResponse(z.object({ session: MailConnectionSchema }), "The connected account."),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const { code, state, flow_token: flowToken } = c.req.valid("json");
    const session = await finishGmailConnect(c.var.db, {
      code,
      state,
      flowToken,
      userId: currentUserId(c),
      ip: clientIp(c),
    });
    return c.json({ session }, 200);
  },
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/gmail/connect/{id}",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(z.object({ number: z.number().int() }), "How many connections were removed."),
      ...badInput,
      ...adminErrors,
    },
  }),
  async (c) => c.json({ number: await deleteMailConnection(c.var.db, c.req.valid("param").id) }, 200),
);

// ---------------------------------------------------------------- image generation

const ImageJobSchema = z
  .object({
    id: z.string(),
    prompt: z.string(),
    image_url: z.string(),
    width: z.number(),
    height: z.number(),
    echo_data: z.record(z.string(), z.unknown()),
    created_at: z.string().nullish(),
    ai_model_id: z.string().nullish(),
  })
  .openapi("ImageJob");

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/img_gen/config",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(
        z.object({ host: z.string(), api_key: z.string() }),
        "Site vars img_gen_host and img_gen_api_key, else the shipped host.",
      ),
      ...adminErrors,
    },
  }),
  async (c) => c.json(await imageGenConfig(c.var.db), 200),
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/img_gen/flux",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(FluxSchema) },
    responses: {
      200: jsonResponse(z.object({ result_list: z.array(ImageJobSchema) }), "The host's jobs, one per prompt line."),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const request = c.req.valid("json");
    return c.json({ result_list: await generateImages({ host: request.host, apiKey: request.api_key }, request) }, 200);
  },
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/img_gen/history",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    request: { query: FluxHistoryQuerySchema },
    responses: {
      200: jsonResponse(
        z.object({ result_list: z.array(ImageJobSchema) }),
        "Recent jobs of the configured host, or one requestor's.",
      ),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const config = await imageGenConfig(c.var.db);
    const requestorId = c.req.valid("query").requestor_id || undefined;
    return c.json({ result_list: await jobHistory({ host: config.host, apiKey: config.api_key }, requestorId) }, 200);
  },
);

adminPeopleRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/img_gen/job/{id}",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    request: {
      params: z.object({
        id: z
          .string()
          .min(1)
          .max(200)
          .openapi({ param: { name: "id", in: "path" } }),
      }),
    },
    responses: {
      200: jsonResponse(z.object({ ok: z.boolean() }), "The host deleted the job."),
      404: jsonResponse(ErrorBodySchema, "The host has no such job."),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const config = await imageGenConfig(c.var.db);
    await deleteJob({ host: config.host, apiKey: config.api_key }, c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  },
);
