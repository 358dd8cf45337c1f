import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  apiKeys,
  cameraReports,
  contactMessages,
  deletedRecords,
  mailConnections,
} from "#server/db/schema.ts";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { encryptSecret, hmacDigest, randomToken } from "#server/lib/crypto.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { callJson } from "#tests/support/admin-api.ts";

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await h.close();
});

/** Every column of the row with this id, as the database stores it (types and all, via to_jsonb). */
async function storedRow(table: string, id: string): Promise<unknown> {
  const result = (await h.database.db.execute(
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where t.id = ${id}`,
  )) as unknown as { rows: { row: unknown }[] };
  return result.rows[0]?.row ?? null;
}

const restore = (holdId: string, token = admin.token) =>
  callJson(h, "POST", `/v1/admin/deleted/${holdId}/restore`, token);

async function issueKey(userId: string | null = null): Promise<{ key: string; id: string }> {
  const value = randomToken();
  const [row] = await h.database.db
    .insert(apiKeys)
    .values({
      serviceName: "restore-test",
      apiKeyEncrypted: encryptSecret(value),
      apiKeyDigest: hmacDigest(value),
      userId,
    })
    .returning({ id: apiKeys.id });
  return { key: value, id: row!.id };
}

/** 404 for a missing entry with a valid key, 401 with an unknown one. */
async function keyAuthenticates(key: string): Promise<boolean> {
  const response = await h.request("/v1/kv/no-such-entry", { headers: { "x-api-key": key } });
  return response.status !== 401;
}

describe("undoing a delete", () => {
  it("restores a user with the same id, number, password hash and accounts; their keys are theirs again", async () => {
    const victim = await h.signIn();
    const db = h.database.db;
    await db.insert(accounts).values({
      userId: victim.userId,
      provider: "google",
      providerAccountId: `g-${victim.userId}`,
      email: victim.email,
    });
    const key = await issueKey(victim.userId);
    const before = await storedRow("users", victim.userId);
    const accountsBefore = await db.select().from(accounts).where(eq(accounts.userId, victim.userId));

    const deleted = await callJson(h, "DELETE", `/v1/admin/auth/users/delete/${victim.userId}`, admin.token);
    expect(deleted).toEqual({ status: 200, body: { number: 1, hold_id: expect.any(String) } });
    expect(await storedRow("users", victim.userId)).toBeNull();
    const [orphanKey] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(orphanKey?.userId).toBeNull();

    const restored = await restore(deleted.body.hold_id);
    expect(restored).toEqual({ status: 200, body: { resource: "user", id: victim.userId } });
    expect(await storedRow("users", victim.userId)).toEqual(before);
    expect(await db.select().from(accounts).where(eq(accounts.userId, victim.userId))).toEqual(accountsBefore);
    const [relinked] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(relinked?.userId).toBe(victim.userId);
    // Sessions are not kept: the old token stays dead, and the old password signs in.
    expect((await callJson(h, "GET", "/auth/session", victim.token)).body.user).toBeNull();
    const signIn = await callJson(h, "POST", "/auth/login", null, { email: victim.email, password: victim.password });
    expect(signIn.status).toBe(200);
  });

  it("restores an API key with its digest and sealed key: it authenticates and its reports are its own", async () => {
    const key = await issueKey();
    const upload = await h.request("/camera/reports", {
      method: "POST",
      json: uploadOf(DEVICES[0]!),
      headers: { "x-api-key": key.key },
    });
    expect(upload.ok, await upload.clone().text()).toBe(true);
    const db = h.database.db;
    const reportsOfKey = async () =>
      (await db.select({ id: cameraReports.id }).from(cameraReports).where(eq(cameraReports.apiKeyId, key.id))).length;
    expect(await reportsOfKey()).toBe(1);
    const before = await storedRow("api_keys", key.id);

    const deleted = await callJson(h, "DELETE", `/v1/admin/api_keys/${key.id}`, admin.token);
    expect(deleted.body).toEqual({ number: 1, hold_id: expect.any(String) });
    expect(await keyAuthenticates(key.key)).toBe(false);
    expect(await reportsOfKey()).toBe(0);

    expect((await restore(deleted.body.hold_id)).body).toEqual({ resource: "api_key", id: key.id });
    expect(await storedRow("api_keys", key.id)).toEqual(before);
    expect(await keyAuthenticates(key.key)).toBe(true);
    expect(await reportsOfKey()).toBe(1);
  });

  it("restores a mail connection with its sealed token", async () => {
    const [connection] = await h.database.db
      .insert(mailConnections)
      .values({
        email: "sender@example.com",
        refreshTokenEncrypted: encryptSecret("refresh-token"),
        userId: admin.userId,
        lastLoginIp: "10.1.2.3",
      })
      .returning();
    const before = await storedRow("mail_connections", connection!.id);
    const deleted = await callJson(h, "DELETE", `/v1/admin/gmail/connect/${connection!.id}`, admin.token);
    expect(deleted.body).toEqual({ number: 1, hold_id: expect.any(String) });
    expect(await storedRow("mail_connections", connection!.id)).toBeNull();
    expect((await restore(deleted.body.hold_id)).body).toEqual({ resource: "mail_connection", id: connection!.id });
    expect(await storedRow("mail_connections", connection!.id)).toEqual(before);
  });

  it("restores a contact message with its sender, date and handled state", async () => {
    const [message] = await h.database.db
      .insert(contactMessages)
      .values({
        name: "Ada",
        email: "ada@example.com",
        message: "Hello",
        clientIp: "10.9.9.9",
        handled: true,
        createdAt: new Date("2026-01-02T03:04:05.678Z"),
        notifiedAt: new Date("2026-01-02T03:05:00.000Z"),
        notifyAttempts: 2,
      })
      .returning();
    const before = await storedRow("contact_messages", message!.id);
    const deleted = await callJson(h, "DELETE", `/v1/admin/site/contact/messages/${message!.id}`, admin.token);
    expect(deleted.body).toEqual({ ok: true, hold_id: expect.any(String) });
    expect((await restore(deleted.body.hold_id)).body).toEqual({ resource: "contact_message", id: message!.id });
    expect(await storedRow("contact_messages", message!.id)).toEqual(before);
  });

  it("restores a site data entry with its version and current flag, and announces it", async () => {
    const created = await callJson(h, "POST", "/v1/admin/site/data/new", admin.token);
    expect(created.status).toBe(200);
    const entryId: string = created.body.id;
    const before = await storedRow("site_data", entryId);
    const deleted = await callJson(h, "DELETE", `/v1/admin/site/data/entry/${entryId}`, admin.token);
    expect(deleted.body).toEqual({ ok: true, hold_id: expect.any(String) });
    const announced: string[][] = [];
    const stop = h.onContentChange((topics) => announced.push([...topics]));
    try {
      expect((await restore(deleted.body.hold_id)).body).toEqual({ resource: "site_data", id: entryId });
    } finally {
      stop();
    }
    expect(await storedRow("site_data", entryId)).toEqual(before);
    expect(announced).toContainEqual(["site-data"]);
  });

  it("answers a restore done already or too late 410, an unknown hold 404, a taken e-mail 409", async () => {
    const first = await issueKey();
    const deleted = await callJson(h, "DELETE", `/v1/admin/api_keys/${first.id}`, admin.token);
    expect((await restore(deleted.body.hold_id)).status).toBe(200);
    expect(await restore(deleted.body.hold_id)).toEqual({
      status: 410,
      body: expect.objectContaining({ detail: "This delete was undone already." }),
    });

    const second = await issueKey();
    const late = await callJson(h, "DELETE", `/v1/admin/api_keys/${second.id}`, admin.token);
    await h.database.db
      .update(deletedRecords)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deletedRecords.id, late.body.hold_id));
    expect(await restore(late.body.hold_id)).toEqual({
      status: 410,
      body: expect.objectContaining({ detail: "This delete can no longer be undone: Undo lasts 10 minutes." }),
    });
    expect(await storedRow("api_keys", second.id)).toBeNull();

    const unknown = await restore("00000000-0000-4000-8000-000000000000");
    expect(unknown).toEqual({
      status: 404,
      body: expect.objectContaining({ detail: "There is no such deleted record to restore." }),
    });
    expect((await restore("not-a-uuid")).status).toBe(400);

    const victim = await h.signIn();
    const gone = await callJson(h, "DELETE", `/v1/admin/auth/users/delete/${victim.userId}`, admin.token);
    await h.signIn({ email: victim.email });
    const taken = await restore(gone.body.hold_id);
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/cannot be restored/);
  });

  it("is for administrators only, and neither answer carries the deleted record's secrets", async () => {
    const key = await issueKey();
    const deleted = await h.request(`/v1/admin/api_keys/${key.id}`, { method: "DELETE", token: admin.token });
    const text = await deleted.text();
    expect(text).not.toContain(hmacDigest(key.key));
    const holdId = (JSON.parse(text) as { hold_id: string }).hold_id;
    const visitor = await h.signIn();
    expect((await restore(holdId, visitor.token)).status).toBe(403);
    expect((await restore(holdId, "")).status).toBe(401);
    const restored = await h.request(`/v1/admin/deleted/${holdId}/restore`, { method: "POST", token: admin.token });
    expect(await restored.text()).not.toMatch(/digest|encrypted/i);
  });

  it("restores once when two Undos race, and keeps no snapshot after it", async () => {
    const key = await issueKey();
    const deleted = await callJson(h, "DELETE", `/v1/admin/api_keys/${key.id}`, admin.token);
    const both = await Promise.all([restore(deleted.body.hold_id), restore(deleted.body.hold_id)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 410]);
    const [hold] = await h.database.db.select().from(deletedRecords).where(eq(deletedRecords.id, deleted.body.hold_id));
    expect(hold?.snapshot).toBeNull();
    expect(hold?.restoredAt).toBeInstanceOf(Date);
  });

  it("purges expired holds as new deletes are made", async () => {
    const old = await issueKey();
    const deleted = await callJson(h, "DELETE", `/v1/admin/api_keys/${old.id}`, admin.token);
    await h.database.db
      .update(deletedRecords)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deletedRecords.id, deleted.body.hold_id));
    const next = await issueKey();
    await callJson(h, "DELETE", `/v1/admin/api_keys/${next.id}`, admin.token);
    expect(
      await h.database.db.select().from(deletedRecords).where(eq(deletedRecords.id, deleted.body.hold_id)),
    ).toEqual([]);
  });
});
