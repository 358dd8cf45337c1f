import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { createSession, deleteUserSessions, findSession } from "./sessions";

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  await h.close();
});

describe("session lifecycle", () => {
  it("stores only the token's hash and finds the session by the token", async () => {
    const { userId } = await h.signIn();
    const created = await createSession(h.database.db, userId, { ip: "127.0.0.1" });
    const [row] = await h.database.db.select().from(sessions).where(eq(sessions.id, created.sessionId));
    expect(row?.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect((await findSession(h.database.db, created.token))?.user.id).toBe(userId);
    expect(await findSession(h.database.db, created.token + "x")).toBeNull();
  });

  it("refuses a session past its idle expiry and deletes it", async () => {
    const { userId } = await h.signIn();
    const created = await createSession(h.database.db, userId);
    await h.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, created.sessionId));
    expect(await findSession(h.database.db, created.token)).toBeNull();
    expect(await h.database.db.select().from(sessions).where(eq(sessions.id, created.sessionId))).toHaveLength(0);
  });

  it("refuses a session past its absolute expiry even when recently used", async () => {
    const { userId } = await h.signIn();
    const created = await createSession(h.database.db, userId);
    await h.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, created.sessionId));
    expect(await findSession(h.database.db, created.token)).toBeNull();
  });

  it("slides the idle expiry when the session is used after a while", async () => {
    const { userId } = await h.signIn();
    const created = await createSession(h.database.db, userId);
    const soon = new Date(Date.now() + 60_000);
    await h.database.db
      .update(sessions)
      .set({ idleExpiresAt: soon, lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.id, created.sessionId));
    const found = await findSession(h.database.db, created.token);
    expect(found!.session.idleExpiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60_000);
  });

  it("ends all other sessions of a user, keeping one", async () => {
    const { userId } = await h.signIn();
    const keep = await createSession(h.database.db, userId);
    const other = await createSession(h.database.db, userId);
    expect(await deleteUserSessions(h.database.db, userId, keep.sessionId)).toBeGreaterThanOrEqual(2);
    expect(await findSession(h.database.db, keep.token)).not.toBeNull();
    expect(await findSession(h.database.db, other.token)).toBeNull();
  });
});
