import { serve, type ServerType } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FLUX_FORM_NAME } from "../../../shared/contract/flux";
import { config } from "../../config";
import { accounts, apiKeys, mailConnections, sessions, siteVars, users } from "../../db/schema";
import { createImageHostApp } from "../../image-host/app";
import { decryptSecret, hmacDigest } from "../../lib/crypto";
import { createApiHarness, type ApiHarness } from "../../../tests/support/api-harness";
import { startOAuthServer, type LocalOAuthServer } from "../../../tests/support/oauth";
import { startTestSmtpServer } from "../../../tests/support/smtp";

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;
const servers: ServerType[] = [];
const envBefore = { ...process.env };

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await h.close();
});
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
});

async function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    servers.push(server);
  });
}

async function json(response: Response) {
  return (await response.json()) as Record<string, any>;
}

async function createUserAsAdmin(overrides: Record<string, unknown> = {}) {
  const email = `made-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await h.request("/v1/admin/auth/users", {
    method: "POST",
    token: admin.token,
    json: { email, password: "a fine passphrase", name: "Made User", ...overrides },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await json(response)).item;
}

/** Every row of every table as text: a secret must never appear in it. */
async function wholeDatabaseText(): Promise<string> {
  const tables = (await h.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  let text = "";
  for (const { table_name } of tables.rows) {
    const rows = (await h.database.db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`),
    )) as unknown as { rows: { row: string }[] };
    text += rows.rows.map((r) => r.row).join("\n");
  }
  return text;
}

describe("authorization", () => {
  const endpoints: [string, string][] = [
    ["GET", "/v1/admin/auth/user_list"],
    ["GET", "/v1/admin/auth/users/00000000-0000-4000-8000-000000000000"],
    ["POST", "/v1/admin/auth/users"],
    ["POST", "/v1/admin/auth/users/00000000-0000-4000-8000-000000000000/password"],
    ["POST", "/v1/admin/auth/users/00000000-0000-4000-8000-000000000000/superuser"],
    ["DELETE", "/v1/admin/auth/users/delete/00000000-0000-4000-8000-000000000000"],
    ["POST", "/v1/admin/auth/accounts/00000000-0000-4000-8000-000000000000"],
    ["POST", "/v1/auth/users/00000000-0000-4000-8000-000000000000/config_firebase"],
    ["GET", "/v1/admin/api_keys"],
    ["POST", "/v1/admin/api_keys"],
    ["DELETE", "/v1/admin/api_keys/00000000-0000-4000-8000-000000000000"],
    ["GET", "/v1/admin/site/email/config"],
    ["POST", "/v1/admin/site/email/test"],
    ["GET", "/v1/admin/gmail/connect/start?redirect_uri=http://localhost/auth/admin/gmail/connect"],
    ["POST", "/v1/admin/gmail/connect/callback"],
    ["DELETE", "/v1/admin/gmail/connect/00000000-0000-4000-8000-000000000000"],
    ["GET", "/v1/admin/img_gen/config"],
    ["POST", "/v1/admin/img_gen/flux"],
    ["GET", "/v1/admin/img_gen/history"],
    ["DELETE", "/v1/admin/img_gen/job/x"],
  ];

  it("answers 401 without a session and 403 for a signed-in non-admin, before validating anything", async () => {
    const user = await h.signIn();
    for (const [method, path] of endpoints) {
      const anonymous = await h.request(path, {
        method,
        json: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await json(anonymous)).toMatchObject({ status_code: 401, detail: "Sign-in required" });
      const forbidden = await h.request(path, {
        method,
        token: user.token,
        json: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
    }
  });

  it("lists every endpoint in the OpenAPI document", async () => {
    const doc = await json(await h.request("/openapi.json"));
    for (const path of [
      "/api/v1/admin/auth/user_list",
      "/api/v1/auth/users/{userId}/config_firebase",
      "/api/v1/admin/api_keys",
      "/api/v1/admin/img_gen/flux",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe("users", () => {
  it("lists users in the shape of spec §3 with count", async () => {
    const made = await createUserAsAdmin();
    const body = await json(await h.request("/v1/admin/auth/user_list", { token: admin.token }));
    expect(body.count).toBe(body.user_list.length);
    const item = body.user_list.find((entry: { id: string }) => entry.id === made.id);
    expect(Object.keys(item).sort()).toEqual(["accounts", "id", "spark_account_emails", "spark_user", "user"]);
    expect(Object.keys(item.user).sort()).toEqual(
      [
        "created_at",
        "email",
        "email_verified",
        "entitlements",
        "firebase_uid",
        "first_name",
        "id",
        "is_superuser",
        "last_login_ip",
        "last_login_time",
      ].sort(),
    );
    expect(item.user).toMatchObject({
      first_name: "Made User",
      is_superuser: false,
      email_verified: false,
      firebase_uid: null,
      entitlements: [],
    });
    expect(item.spark_user.num_id).toEqual(expect.any(Number));
    expect(item.spark_account_emails).toEqual([item.user.email]);
    expect(item.accounts).toEqual([
      {
        id: expect.any(String),
        provider: "spark",
        providerAccountId: String(item.spark_user.num_id),
        email: item.user.email,
        email_verified: false,
      },
    ]);
    const me = body.user_list.find((entry: { id: string }) => entry.id === admin.userId);
    expect(me.user.is_superuser).toBe(true);
    expect(me.user.last_login_ip).toEqual(expect.any(String));
  });

  it("validates a new user and refuses a registered e-mail", async () => {
    const bad = await h.request("/v1/admin/auth/users", {
      method: "POST",
      token: admin.token,
      json: { email: "nope", password: "short" },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "password"]);
    const made = await createUserAsAdmin();
    const dup = await h.request("/v1/admin/auth/users", {
      method: "POST",
      token: admin.token,
      json: { email: made.user.email.toUpperCase(), password: "a fine passphrase" },
    });
    expect(dup.status).toBe(409);
    expect((await json(dup)).errors).toEqual([{ field: "email", message: "This email is already registered." }]);
  });

  it("deletes a user with their sessions and accounts, answering number 1, then 0", async () => {
    const victim = await h.signIn();
    const db = h.database.db;
    await db.insert(accounts).values({
      userId: victim.userId,
      provider: "spark",
      providerAccountId: `v-${victim.userId}`,
      email: victim.email,
    });
    const first = await h.request(`/v1/admin/auth/users/delete/${victim.userId}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ number: 1 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, victim.userId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, victim.userId))).toEqual([]);
    expect((await json(await h.request("/auth/session", { token: victim.token }))).user).toBeNull();
    const again = await h.request(`/v1/admin/auth/users/delete/${victim.userId}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(await json(again)).toEqual({ number: 0 });
    const invalid = await h.request("/v1/admin/auth/users/delete/not-a-uuid", { method: "DELETE", token: admin.token });
    expect(invalid.status).toBe(400);
  });

  it("never lets an administrator delete or demote themselves", async () => {
    const del = await h.request(`/v1/admin/auth/users/delete/${admin.userId}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(del.status).toBe(409);
    expect((await json(del)).detail).toBe("You cannot delete your own account.");
    const demote = await h.request(`/v1/admin/auth/users/${admin.userId}/superuser`, {
      method: "POST",
      token: admin.token,
      json: { is_superuser: false },
    });
    expect(demote.status).toBe(409);
    const [me] = await h.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(me?.isSuperuser).toBe(true);
  });

  it("grants and revokes administrator rights, admin roles included", async () => {
    const other = await h.signIn();
    await h.database.db
      .update(users)
      .set({ roles: ["administrator", "editor"] })
      .where(eq(users.id, other.userId));
    const revoke = await h.request(`/v1/admin/auth/users/${other.userId}/superuser`, {
      method: "POST",
      token: admin.token,
      json: { is_superuser: false },
    });
    expect((await json(revoke)).item.user.is_superuser).toBe(false);
    expect((await h.request("/v1/admin/auth/user_list", { token: other.token })).status).toBe(403);
    const grant = await h.request(`/v1/admin/auth/users/${other.userId}/superuser`, {
      method: "POST",
      token: admin.token,
      json: { is_superuser: true },
    });
    expect((await json(grant)).item.user.is_superuser).toBe(true);
    expect((await h.request("/v1/admin/auth/user_list", { token: other.token })).status).toBe(200);
  });

  it("sets a new password and ends every session of the user", async () => {
    const target = await h.signIn();
    const response = await h.request(`/v1/admin/auth/users/${target.userId}/password`, {
      method: "POST",
      token: admin.token,
      json: { password: "brand new passphrase" },
    });
    expect(await json(response)).toEqual({ ended_sessions: 1 });
    expect((await json(await h.request("/auth/session", { token: target.token }))).user).toBeNull();
    const login = await h.request("/auth/login", {
      method: "POST",
      json: { email: target.email, password: "brand new passphrase" },
      clientIp: "203.0.113.9",
    });
    expect(login.status).toBe(200);
    const short = await h.request(`/v1/admin/auth/users/${target.userId}/password`, {
      method: "POST",
      token: admin.token,
      json: { password: "short" },
    });
    expect(short.status).toBe(400);
    const missing = await h.request(`/v1/admin/auth/users/00000000-0000-4000-8000-000000000000/password`, {
      method: "POST",
      token: admin.token,
      json: { password: "long enough pass" },
    });
    expect(missing.status).toBe(404);
  });

  it("shows one user with accounts and sessions", async () => {
    const made = await createUserAsAdmin();
    const detail = await json(await h.request(`/v1/admin/auth/users/${made.id}`, { token: admin.token }));
    expect(detail.item.id).toBe(made.id);
    expect(detail.sessions).toEqual([]);
    const mine = await json(await h.request(`/v1/admin/auth/users/${admin.userId}`, { token: admin.token }));
    expect(mine.sessions.length).toBeGreaterThan(0);
    expect(mine.sessions[0]).not.toHaveProperty("tokenHash");
  });

  it("toggles email_verified of a 'spark' account only", async () => {
    const made = await createUserAsAdmin();
    const accountId = made.accounts[0].id;
    const on = await h.request(`/v1/admin/auth/accounts/${accountId}`, {
      method: "POST",
      token: admin.token,
      json: { email_verified: true },
    });
    expect((await json(on)).account.email_verified).toBe(true);
    const [row] = await h.database.db.select().from(users).where(eq(users.id, made.id));
    expect(row?.emailVerified).toBe(true);
    const [google] = await h.database.db
      .insert(accounts)
      .values({ userId: made.id, provider: "google", providerAccountId: `g-${made.id}`, email: "g@example.com" })
      .returning();
    const refused = await h.request(`/v1/admin/auth/accounts/${google!.id}`, {
      method: "POST",
      token: admin.token,
      json: { email_verified: true },
    });
    expect(refused.status).toBe(409);
    const badBody = await h.request(`/v1/admin/auth/accounts/${accountId}`, {
      method: "POST",
      token: admin.token,
      json: { email_verified: "yes" },
    });
    expect(badBody.status).toBe(400);
  });
});

describe("Firebase users", () => {
  it("answers a clear 'Firebase is not configured' error without settings", async () => {
    delete process.env.FIREBASE_PROJECT_ID;
    const made = await createUserAsAdmin();
    const response = await h.request(`/v1/auth/users/${made.id}/config_firebase`, {
      method: "POST",
      token: admin.token,
    });
    expect(response.status).toBe(503);
    expect((await json(response)).detail).toMatch(/^Firebase is not configured: set FIREBASE_PROJECT_ID/);
  });

  it("creates the user through firebase-admin against the auth emulator and stores firebase_uid", async () => {
    const created: Record<string, { localId: string; email: string }> = {};
    const emulator = new Hono();
    emulator.post("*", async (c) => {
      const path = new URL(c.req.url).pathname;
      const body = (await c.req.json()) as { email?: string | string[]; localId?: string[] };
      expect(c.req.header("authorization")).toBe("Bearer owner");
      if (path.endsWith("/projects/demo-camera/accounts")) {
        const email = body.email as string;
        if (created[email]) return c.json({ error: { code: 400, message: "EMAIL_EXISTS" } }, 400);
        created[email] = { localId: `fb-${Object.keys(created).length + 1}`, email };
        return c.json({ localId: created[email].localId });
      }
      if (path.endsWith("/projects/demo-camera/accounts:lookup")) {
        const found = Object.values(created).filter(
          (u) => body.localId?.includes(u.localId) || (Array.isArray(body.email) && body.email.includes(u.email)),
        );
        return c.json({ users: found });
      }
      return c.json({ error: { message: "unexpected " + path } }, 404);
    });
    const url = await listen(emulator);
    process.env.FIREBASE_PROJECT_ID = "demo-camera";
    process.env.FIREBASE_AUTH_EMULATOR_HOST = url.replace("http://", "");
    const made = await createUserAsAdmin();
    const response = await h.request(`/v1/auth/users/${made.id}/config_firebase`, {
      method: "POST",
      token: admin.token,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await json(response)).toEqual({ id: "fb-1" });
    const [row] = await h.database.db.select().from(users).where(eq(users.id, made.id));
    expect(row?.firebaseUid).toBe("fb-1");
    // An e-mail Firebase already knows gives back that user's uid.
    const again = await h.request(`/v1/auth/users/${made.id}/config_firebase`, { method: "POST", token: admin.token });
    expect(await json(again)).toEqual({ id: "fb-1" });
  });

  it("gives up on a Firebase that does not answer, within the timeout", async () => {
    const silent = new Hono();
    silent.all("*", () => new Promise<Response>(() => {}));
    const url = await listen(silent);
    process.env.FIREBASE_PROJECT_ID = "demo-silent";
    process.env.FIREBASE_AUTH_EMULATOR_HOST = url.replace("http://", "");
    process.env.INTEGRATION_TIMEOUT_MS = "400";
    const made = await createUserAsAdmin();
    const started = Date.now();
    const response = await h.request(`/v1/auth/users/${made.id}/config_firebase`, {
      method: "POST",
      token: admin.token,
    });
    expect(response.status).toBe(504);
    expect((await json(response)).detail).toBe("Firebase did not answer within 0.4 s.");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("API keys", () => {
  it("stores keys encrypted: the database never holds a key in clear", async () => {
    const key = "clear-key-" + "Zq8".repeat(10);
    const response = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "PROBE_APP", api_key: key },
    });
    expect(response.status).toBe(200);
    const saved = (await json(response)).api_key;
    expect(saved).toMatchObject({ service_name: "PROBE_APP", api_key: `${key.slice(0, 6)}…`, user_id: admin.userId });
    expect(await wholeDatabaseText()).not.toContain(key);
    const [row] = await h.database.db.select().from(apiKeys).where(eq(apiKeys.id, saved.id));
    expect(row?.apiKeyDigest).toBe(hmacDigest(key));
    expect(decryptSecret(row!.apiKeyEncrypted)).toBe(key);
    const list = await json(await h.request("/v1/admin/api_keys", { token: admin.token }));
    expect(list.api_keys.find((k: { id: string }) => k.id === saved.id)).toEqual(saved);
  });

  it("validates per spec §5 with clear messages", async () => {
    const response = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "abc", api_key: "short" },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      { field: "service_name", message: "Service name must be at least 6 characters." },
      { field: "api_key", message: "API key must be at least 10 characters." },
    ]);
    const huge = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "BIG_ONE", api_key: "x".repeat(600) },
    });
    expect((await json(huge)).errors).toEqual([
      { field: "api_key", message: "API key must be at most 512 characters." },
    ]);
  });

  it("edits a key in place, refuses a key already in use, and keeps the creator", async () => {
    const first = (
      await json(
        await h.request("/v1/admin/api_keys", {
          method: "POST",
          token: admin.token,
          json: { service_name: "EDIT_ME", api_key: "edit-me-key-0001" },
        }),
      )
    ).api_key;
    await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "OTHER_KEY", api_key: "other-key-00001" },
    });
    const clash = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { edit_id: first.id, service_name: "EDIT_ME", api_key: "other-key-00001" },
    });
    expect(clash.status).toBe(409);
    expect((await json(clash)).errors).toEqual([{ field: "api_key", message: "This API key is already in use." }]);
    const other = await h.signIn({ admin: true });
    const edited = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: other.token,
      json: { edit_id: first.id, service_name: "EDITED", api_key: "edited-key-0001" },
    });
    expect((await json(edited)).api_key).toMatchObject({
      id: first.id,
      service_name: "EDITED",
      api_key: "edi…",
      user_id: admin.userId,
    });
    const gone = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { edit_id: "00000000-0000-4000-8000-000000000000", service_name: "EDITED", api_key: "edited-key-0002" },
    });
    expect(gone.status).toBe(404);
  });

  it("refuses to delete one's own SPARK_API key and deletes others, answering number", async () => {
    const own = (
      await json(
        await h.request("/v1/admin/api_keys", {
          method: "POST",
          token: admin.token,
          json: { service_name: "SPARK_API", api_key: "spark-own-key-01" },
        }),
      )
    ).api_key;
    const refused = await h.request(`/v1/admin/api_keys/${own.id}`, { method: "DELETE", token: admin.token });
    expect(refused.status).toBe(409);
    const other = await h.signIn({ admin: true });
    expect(
      await json(await h.request(`/v1/admin/api_keys/${own.id}`, { method: "DELETE", token: other.token })),
    ).toEqual({ number: 1 });
    expect(
      await json(await h.request(`/v1/admin/api_keys/${own.id}`, { method: "DELETE", token: other.token })),
    ).toEqual({ number: 0 });
  });
});

describe("mail sender: Gmail OAuth flow", () => {
  let oauth: LocalOAuthServer;
  beforeAll(async () => {
    oauth = await startOAuthServer({ email: "Sender@Example.com" });
  });
  afterAll(async () => {
    await oauth.stop();
  });

  async function start(token = admin.token) {
    const response = await h.request(
      `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("http://localhost:3000/auth/admin/gmail/connect")}`,
      { token },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return (await json(response)) as { authorization_url: string; flow_token: string };
  }

  /** What the browser does at Google: the mock signs in at once and redirects back with code and state. */
  async function authorize(url: string) {
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location")!);
    expect(back.pathname).toBe("/auth/admin/gmail/connect");
    return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
  }

  it("says clearly when Google is not configured", async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    const response = await h.request(
      `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("http://localhost/auth/admin/gmail/connect")}`,
      { token: admin.token },
    );
    expect(response.status).toBe(503);
    expect((await json(response)).detail).toBe(
      "Gmail connection is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.",
    );
  });

  it("connects an account with PKCE and stores its refresh token encrypted", async () => {
    Object.assign(process.env, oauth.env);
    const { authorization_url, flow_token } = await start();
    const url = new URL(authorization_url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "local-client-id",
      response_type: "code",
      code_challenge_method: "S256",
      access_type: "offline",
      scope: "openid email https://mail.google.com/",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const { code, state } = await authorize(authorization_url);
    const response = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { code, state, flow_token },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { session } = await json(response);
    expect(session).toMatchObject({ email: "sender@example.com", userId: admin.userId, last_login_ip: "127.0.0.1" });
    expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now());
    // The token request carried the PKCE verifier and the client secret; the mock checked the verifier.
    const tokenRequest = oauth.tokenRequests.at(-1)!;
    expect(tokenRequest).toMatchObject({
      grant_type: "authorization_code",
      client_secret: "local-client-secret",
      code,
    });
    expect(String(tokenRequest.code_verifier)).toMatch(/^[\w-]{64}$/);
    const [row] = await h.database.db.select().from(mailConnections).where(eq(mailConnections.id, session.id));
    const refreshToken = decryptSecret(row!.refreshTokenEncrypted);
    expect(refreshToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(await wholeDatabaseText()).not.toContain(refreshToken);

    const config = await json(await h.request("/v1/admin/site/email/config", { token: admin.token }));
    expect(config).toMatchObject({ email_sender: "sender@example.com", gmail_configured: true });
    expect(config.sessions_list).toEqual([session]);

    // Connecting the same account again replaces it.
    const second = await start();
    const again = await authorize(second.authorization_url);
    await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { ...again, flow_token: second.flow_token },
    });
    expect(
      (await json(await h.request("/v1/admin/site/email/config", { token: admin.token }))).sessions_list,
    ).toHaveLength(1);

    expect(
      await json(await h.request(`/v1/admin/gmail/connect/${session.id}`, { method: "DELETE", token: admin.token })),
    ).toEqual({ number: 1 });
    expect(await json(await h.request("/v1/admin/site/email/config", { token: admin.token }))).toMatchObject({
      sessions_list: [],
      email_sender: null,
    });
  });

  it("refuses a forged state, another administrator's flow, a tampered flow token and a foreign redirect URI", async () => {
    Object.assign(process.env, oauth.env);
    const { authorization_url, flow_token } = await start();
    const { code, state } = await authorize(authorization_url);
    const forged = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { code, state: state + "x", flow_token },
    });
    expect(forged.status).toBe(400);
    const other = await h.signIn({ admin: true });
    const stolen = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: other.token,
      json: { code, state, flow_token },
    });
    expect(stolen.status).toBe(400);
    const tampered = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { code, state, flow_token: flow_token.slice(0, -2) + "AA" },
    });
    expect(tampered.status).toBe(400);
    expect((await json(tampered)).detail).toMatch(/not valid or has expired/);
    const foreign = await h.request(
      `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("https://evil.example/steal")}`,
      { token: admin.token },
    );
    expect(foreign.status).toBe(400);
  });

  it("reports a refusal at the token endpoint and an account without e-mail", async () => {
    Object.assign(process.env, oauth.env);
    const first = await start();
    const firstCode = await authorize(first.authorization_url);
    oauth.server.service.once("beforeResponse", (response: { body: unknown; statusCode: number }) => {
      response.body = { error: "invalid_grant", error_description: "Bad code" };
      response.statusCode = 400;
    });
    const refused = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { ...firstCode, flow_token: first.flow_token },
    });
    expect(refused.status).toBe(502);
    expect((await json(refused)).detail).toBe("Google refused the token request (invalid_grant: Bad code).");
    oauth.setEmail(null);
    const second = await start();
    const secondCode = await authorize(second.authorization_url);
    const noEmail = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { ...secondCode, flow_token: second.flow_token },
    });
    expect(noEmail.status).toBe(502);
    expect((await json(noEmail)).detail).toMatch(/did not share the account's e-mail/);
    oauth.setEmail("sender@example.com");
  });
});

describe("image generation", () => {
  const hostKey = "host-key-for-tests-0001";
  let hostUrl: string;
  beforeAll(async () => {
    hostUrl = `${await listen(new Hono().route("/image-host", createImageHostApp({ db: h.database.db, apiKey: () => hostKey })))}/image-host`;
  });

  const flux = (body: Record<string, unknown>) =>
    h.request("/v1/admin/img_gen/flux", {
      method: "POST",
      token: admin.token,
      json: { host: hostUrl, api_key: hostKey, ...body },
    });

  it("defaults to the shipped host and follows the img_gen site vars", async () => {
    process.env.PORT = "3000";
    const defaults = await json(await h.request("/v1/admin/img_gen/config", { token: admin.token }));
    expect(defaults.host).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/image-host$/);
    expect(defaults.api_key).toMatch(/^[0-9a-f]{43}$/);
    await h.database.db.insert(siteVars).values([
      { namedKey: "img_gen_host", valType: "str", valObjectJson: { val: hostUrl } },
      { namedKey: "img_gen_api_key", valType: "str", valObjectJson: { val: hostKey } },
    ]);
    expect(await json(await h.request("/v1/admin/img_gen/config", { token: admin.token }))).toEqual({
      host: hostUrl,
      api_key: hostKey,
    });
  });

  it("generates one job per prompt line with echo data naming the form, deterministic images", async () => {
    const response = await flux({
      prompt: "a red fox\n\n  \na <b>blue</b> whale\n",
      steps: 40,
      width: 640,
      height: 480,
      echo_data: '{"note":"hi"}',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { result_list } = await json(response);
    expect(result_list).toHaveLength(2);
    expect(result_list.map((job: { prompt: string }) => job.prompt)).toEqual(["a red fox", "a <b>blue</b> whale"]);
    expect(result_list[0]).toMatchObject({
      width: 640,
      height: 480,
      echo_data: { note: "hi", requestor_id: FLUX_FORM_NAME, requestor_type: FLUX_FORM_NAME },
    });
    expect(result_list[0].image_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(result_list[1].image_url.split(",")[1], "base64").toString();
    expect(svg).toContain("a &lt;b&gt;blue&lt;/b&gt; whale");
    expect(svg).not.toContain("<b>");
    const same = await json(await flux({ prompt: "a red fox", steps: 40, width: 640, height: 480 }));
    expect(same.result_list[0].image_url).toBe(result_list[0].image_url);
  });

  it("validates the form per spec §5", async () => {
    const noPrompt = await flux({ prompt: "\n   \n\n" });
    expect((await json(noPrompt)).errors).toEqual([{ field: "prompt", message: "No prompt input found!" }]);
    const noKey = await flux({ prompt: "a cat", api_key: "" });
    expect((await json(noKey)).errors).toEqual([{ field: "api_key", message: "API Key not found!" }]);
    const bad = await flux({
      prompt: "a cat",
      steps: 5,
      width: 100,
      height: 20_000,
      echo_data: "{nope",
      host: "ftp://x",
    });
    expect(bad.status).toBe(400);
    expect(
      (await json(bad)).errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`).sort(),
    ).toEqual([
      "echo_data: Echo data must be valid JSON.",
      "height: Height must be from 256 to 10000.",
      "host: Host must be an http:// or https:// URL.",
      "steps: Steps must be from 10 to 1000.",
      "width: Width must be from 256 to 10000.",
    ]);
    const notObject = await flux({ prompt: "a cat", echo_data: "[1,2]" });
    expect((await json(notObject)).errors).toEqual([
      { field: "echo_data", message: "Echo data must be a JSON object." },
    ]);
  });

  it("lists history, recent and by requestor, and deletes a job", async () => {
    await h.database.db.delete(siteVars);
    await h.database.db.insert(siteVars).values([
      { namedKey: "img_gen_host", valType: "str", valObjectJson: { val: hostUrl } },
      { namedKey: "img_gen_api_key", valType: "str", valObjectJson: { val: hostKey } },
    ]);
    const made = (await json(await flux({ prompt: "history item" }))).result_list[0];
    const recent = await json(await h.request("/v1/admin/img_gen/history", { token: admin.token }));
    expect(recent.result_list[0].id).toBe(made.id);
    const mine = await json(
      await h.request(`/v1/admin/img_gen/history?requestor_id=${FLUX_FORM_NAME}`, { token: admin.token }),
    );
    expect(mine.result_list.map((job: { id: string }) => job.id)).toContain(made.id);
    const nobody = await json(await h.request("/v1/admin/img_gen/history?requestor_id=nobody", { token: admin.token }));
    expect(nobody.result_list).toEqual([]);
    expect(
      await json(await h.request(`/v1/admin/img_gen/job/${made.id}`, { method: "DELETE", token: admin.token })),
    ).toEqual({ ok: true });
    const missing = await h.request(`/v1/admin/img_gen/job/${made.id}`, { method: "DELETE", token: admin.token });
    expect(missing.status).toBe(404);
    expect((await json(missing)).detail).toBe("The image host has no such job.");
  });

  it("refuses an answer from the host nested past the JSON limits with 502, never a 500", async () => {
    const abyss = new Hono();
    abyss.post("/model/flux", (c) =>
      c.body(`{"result_list":${"[".repeat(10_000)}${"]".repeat(10_000)}}`, 200, { "content-type": "application/json" }),
    );
    const deep = await flux({ prompt: "a cat", host: await listen(abyss) });
    expect(deep.status).toBe(502);
    expect((await json(deep)).detail).toMatch(/^The image host's answer .*64/);
  });

  it("reports a wrong key, an unreachable host and a host that hangs, within the timeout", async () => {
    const wrongKey = await flux({ prompt: "a cat", api_key: "not-the-key" });
    expect(wrongKey.status).toBe(502);
    expect((await json(wrongKey)).detail).toBe("The image host refused the API key.");
    const unreachable = await flux({ prompt: "a cat", host: "http://127.0.0.1:9/image-host" });
    expect(unreachable.status).toBe(502);
    expect((await json(unreachable)).detail).toBe("The image host at http://127.0.0.1:9 could not be reached.");
    const hanging = new Hono();
    let sawCookie: string | undefined = "unset";
    let sawKey: string | undefined;
    hanging.all("*", (c) => {
      sawCookie = c.req.header("cookie");
      sawKey = c.req.header("x-api-key");
      return new Promise<Response>(() => {});
    });
    const slowUrl = await listen(hanging);
    process.env.IMAGE_HOST_TIMEOUT_MS = "500";
    const started = Date.now();
    const slow = await flux({ prompt: "a cat", host: slowUrl });
    expect(slow.status).toBe(504);
    expect((await json(slow)).detail).toBe("The image host did not answer within 0.5 s.");
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(sawCookie).toBeUndefined();
    expect(sawKey).toBe(hostKey);
  });

  it("keeps only images a page may show from a foreign host", async () => {
    const foreign = new Hono();
    foreign.post("/model/flux", (c) =>
      c.json({
        result_list: [
          { id: 7, prompt: "x", image_url: "javascript:alert(1)", width: 512, height: 512, echo_data: null },
          { id: "b", prompt: "y", image_url: "https://img.example/y.png", width: 512, height: 512 },
          "garbage",
        ],
      }),
    );
    const foreignUrl = await listen(foreign);
    const { result_list } = await json(await flux({ prompt: "xy", host: foreignUrl }));
    expect(result_list).toEqual([
      expect.objectContaining({ id: "7", image_url: "", echo_data: {} }),
      expect.objectContaining({ id: "b", image_url: "https://img.example/y.png" }),
    ]);
  });
});

describe("sending mail", () => {
  let oauth: LocalOAuthServer;
  beforeAll(async () => {
    oauth = await startOAuthServer({ email: "gmail-sender@example.com" });
  });
  afterAll(async () => {
    await oauth.stop();
  });

  it("sends the test mail through SMTP_URL to the administrator", async () => {
    const smtp = await startTestSmtpServer();
    const saved = { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom };
    Object.assign(config, { smtpUrl: smtp.url, mailFrom: "site@example.com" });
    try {
      await h.database.db.delete(mailConnections);
      const response = await h.request("/v1/admin/site/email/test", { method: "POST", token: admin.token, json: {} });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await json(response)).toEqual({ ok: true, to: admin.email, transport: `SMTP 127.0.0.1:${smtp.port}` });
      const mail = await smtp.waitForMail((m) => m.to.includes(admin.email));
      expect(mail.subject).toMatch(/test mail$/);
      expect(mail.from).toBe("site@example.com");
      smtp.rejectMail(true);
      const refused = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "x@example.com" },
      });
      expect(refused.status).toBe(502);
      expect((await json(refused)).detail).toMatch(/^Sending through SMTP 127\.0\.0\.1:\d+ failed/);
    } finally {
      Object.assign(config, saved);
      await smtp.stop();
    }
  });

  it("says clearly when no mail transport is configured", async () => {
    const saved = { smtpUrl: config.smtpUrl };
    Object.assign(config, { smtpUrl: undefined });
    try {
      await h.database.db.delete(mailConnections);
      const response = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "x@example.com" },
      });
      expect(response.status).toBe(503);
      expect((await json(response)).detail).toMatch(/^Mail is not configured/);
      const bad = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "not an address" },
      });
      expect(bad.status).toBe(400);
    } finally {
      Object.assign(config, saved);
    }
  });

  it("sends as the connected Gmail account with XOAUTH2, trading the refresh token for an access token", async () => {
    Object.assign(process.env, oauth.env);
    await h.database.db.delete(mailConnections);
    // Connect an account through the local OAuth server, as the browser flow does.
    const start = await json(
      await h.request(
        `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("http://localhost/auth/admin/gmail/connect")}`,
        { token: admin.token },
      ),
    );
    const back = new URL((await fetch(start.authorization_url, { redirect: "manual" })).headers.get("location")!);
    const connected = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: {
        code: back.searchParams.get("code"),
        state: back.searchParams.get("state"),
        flow_token: start.flow_token,
      },
    });
    expect(connected.status, await connected.clone().text()).toBe(200);

    const logins: { username: string; accessToken: string | undefined }[] = [];
    const received: { from: string | null; to: string[] }[] = [];
    const gmail = new SMTPServer({
      authMethods: ["XOAUTH2"],
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username ?? "", accessToken: auth.accessToken });
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => gmail.listen(0, "127.0.0.1", () => resolve()));
    process.env.GMAIL_SMTP_URL = `smtp://127.0.0.1:${(gmail.server.address() as AddressInfo).port}`;
    try {
      const refreshes = oauth.tokenRequests.length;
      const response = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "someone@example.com" },
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await json(response)).transport).toBe("Gmail as gmail-sender@example.com (connected account)");
      expect(received).toEqual([{ from: "gmail-sender@example.com", to: ["someone@example.com"] }]);
      expect(logins).toEqual([{ username: "gmail-sender@example.com", accessToken: expect.stringMatching(/^ey/) }]);
      expect(oauth.tokenRequests.slice(refreshes)).toEqual([
        expect.objectContaining({ grant_type: "refresh_token", client_id: "local-client-id" }),
      ]);
    } finally {
      await new Promise<void>((resolve) => gmail.close(() => resolve()));
    }
  });
});
