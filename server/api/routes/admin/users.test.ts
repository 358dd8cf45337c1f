import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, sessions, users } from "#server/db/schema.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { loopbackServers, readJson, restoreEnvironmentAfterEach } from "#tests/support/admin-api.ts";

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await h.close();
});
const { listen } = loopbackServers();
restoreEnvironmentAfterEach();

async function createUserAsAdmin(overrides: Record<string, unknown> = {}) {
  const email = `made-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await h.request("/v1/admin/auth/users", {
    method: "POST",
    token: admin.token,
    json: { email, password: "a fine passphrase", name: "Made User", ...overrides },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await readJson(response)).item;
}

describe("users", () => {
  it("lists users as admin user list items, with the count", async () => {
    const made = await createUserAsAdmin();
    const body = await readJson(await h.request("/v1/admin/auth/user_list", { token: admin.token }));
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

  it("searches e-mail and name in any case, and pages the matches oldest first", async () => {
    const marker = `Find${Math.random().toString(36).slice(2, 8)}`;
    const byEmail = await createUserAsAdmin({ email: `${marker.toLowerCase()}-a@example.com` });
    const byName = await createUserAsAdmin({ name: `Someone ${marker.toUpperCase()}` });
    const third = await createUserAsAdmin({ email: `${marker.toLowerCase()}-c@example.com` });
    const list = async (query: string) =>
      readJson(await h.request(`/v1/admin/auth/user_list?${query}`, { token: admin.token }));

    const all = await list(`q=${marker}`);
    expect(all).toMatchObject({ count: 3, page: 1, page_size: 50 });
    expect(all.user_list.map((entry: { id: string }) => entry.id)).toEqual([byEmail.id, byName.id, third.id]);

    const second = await list(`q=${marker}&page=2&page_size=2`);
    expect(second).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(second.user_list.map((entry: { id: string }) => entry.id)).toEqual([third.id]);
    expect((await list(`q=${marker}&page=3&page_size=2`)).user_list).toEqual([]);

    // LIKE's wildcards are taken as written.
    expect(await list("q=%25")).toMatchObject({ count: 0, user_list: [] });
    expect(await list("q=_")).toMatchObject({ count: 0 });
    const everyone = await list("");
    expect(everyone.count).toBeGreaterThanOrEqual(4);
  });

  it("refuses a search or page out of bounds with the limit in the message", async () => {
    for (const [query, message] of [
      ["page=0", "page must be a whole number from 1."],
      ["page=two", "page must be a whole number from 1."],
      ["page_size=101", "page_size must be at most 100."],
      ["page_size=0", "page_size must be a whole number from 1 to 100."],
      [`q=${"x".repeat(101)}`, "q must be at most 100 characters."],
    ]) {
      const response = await h.request(`/v1/admin/auth/user_list?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(await readJson(response)), query).toContain(message);
    }
  });

  it("validates a new user and refuses a registered e-mail", async () => {
    const bad = await h.request("/v1/admin/auth/users", {
      method: "POST",
      token: admin.token,
      json: { email: "nope", password: "short" },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "password"]);
    const made = await createUserAsAdmin();
    const dup = await h.request("/v1/admin/auth/users", {
      method: "POST",
      token: admin.token,
      json: { email: made.user.email.toUpperCase(), password: "a fine passphrase" },
    });
    expect(dup.status).toBe(409);
    expect((await readJson(dup)).errors).toEqual([{ field: "email", message: "This email is already registered." }]);
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
    expect(await readJson(first)).toEqual({ number: 1, hold_id: expect.any(String) });
    expect(await db.select().from(sessions).where(eq(sessions.userId, victim.userId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, victim.userId))).toEqual([]);
    expect((await readJson(await h.request("/auth/session", { token: victim.token }))).user).toBeNull();
    const again = await h.request(`/v1/admin/auth/users/delete/${victim.userId}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(await readJson(again)).toEqual({ number: 0, hold_id: null });
    const invalid = await h.request("/v1/admin/auth/users/delete/not-a-uuid", { method: "DELETE", token: admin.token });
    expect(invalid.status).toBe(400);
  });

  it("never lets an administrator delete or demote themselves", async () => {
    const del = await h.request(`/v1/admin/auth/users/delete/${admin.userId}`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(del.status).toBe(409);
    expect((await readJson(del)).detail).toBe("You cannot delete your own account.");
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
    expect((await readJson(revoke)).item.user.is_superuser).toBe(false);
    expect((await h.request("/v1/admin/auth/user_list", { token: other.token })).status).toBe(403);
    const grant = await h.request(`/v1/admin/auth/users/${other.userId}/superuser`, {
      method: "POST",
      token: admin.token,
      json: { is_superuser: true },
    });
    expect((await readJson(grant)).item.user.is_superuser).toBe(true);
    expect((await h.request("/v1/admin/auth/user_list", { token: other.token })).status).toBe(200);
  });

  it("sets a new password and ends every session of the user", async () => {
    const target = await h.signIn();
    const response = await h.request(`/v1/admin/auth/users/${target.userId}/password`, {
      method: "POST",
      token: admin.token,
      json: { password: "brand new passphrase" },
    });
    expect(await readJson(response)).toEqual({ ended_sessions: 1 });
    expect((await readJson(await h.request("/auth/session", { token: target.token }))).user).toBeNull();
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
    const detail = await readJson(await h.request(`/v1/admin/auth/users/${made.id}`, { token: admin.token }));
    expect(detail.item.id).toBe(made.id);
    expect(detail.sessions).toEqual([]);
    const mine = await readJson(await h.request(`/v1/admin/auth/users/${admin.userId}`, { token: admin.token }));
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
    expect((await readJson(on)).account.email_verified).toBe(true);
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
    expect((await readJson(response)).detail).toMatch(/^Firebase is not configured: set FIREBASE_PROJECT_ID/);
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
    expect(await readJson(response)).toEqual({ id: "fb-1" });
    const [row] = await h.database.db.select().from(users).where(eq(users.id, made.id));
    expect(row?.firebaseUid).toBe("fb-1");
    // An e-mail Firebase already knows gives back that user's uid.
    const again = await h.request(`/v1/auth/users/${made.id}/config_firebase`, { method: "POST", token: admin.token });
    expect(await readJson(again)).toEqual({ id: "fb-1" });
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
    expect((await readJson(response)).detail).toBe("Firebase did not answer within 0.4 s.");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
