// Expired sessions are deleted on a schedule even when nobody presents them again, once per interval across every
// instance that shares the database.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, sessions } from "../db/schema";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { SESSION_PURGE_BUCKET, purgeExpiredSessionsOnce, startExpiredSessionPurge } from "./session-purge";
import { createSession } from "./sessions";

let h: ApiHarness;
let userId: string;
beforeAll(async () => {
  h = await createApiHarness();
  ({ userId } = await h.signIn());
});
afterAll(() => h.close());

/** Three sessions: one past its idle expiry, one past its absolute expiry, one alive. */
async function threeSessions() {
  const db = h.database.db;
  const [idle, absolute, alive] = await Promise.all([1, 2, 3].map(() => createSession(db, userId)));
  await db
    .update(sessions)
    .set({ idleExpiresAt: new Date(Date.now() - 1_000) })
    .where(eq(sessions.id, idle!.sessionId));
  await db
    .update(sessions)
    .set({ absoluteExpiresAt: new Date(Date.now() - 1_000) })
    .where(eq(sessions.id, absolute!.sessionId));
  return { expired: [idle!.sessionId, absolute!.sessionId], alive: alive!.sessionId };
}

async function remaining(ids: string[]): Promise<string[]> {
  const rows = await h.database.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids));
  return rows.map((row) => row.id).sort();
}

const forgetClaims = () => h.database.db.delete(rateLimits).where(eq(rateLimits.bucket, SESSION_PURGE_BUCKET));

describe("the expired-session purge", () => {
  it("deletes the sessions past their idle or absolute expiry, and only those", async () => {
    await forgetClaims();
    const { expired, alive } = await threeSessions();
    expect(await purgeExpiredSessionsOnce(h.database.db, 60_000)).toBeGreaterThanOrEqual(2);
    expect(await remaining([...expired, alive])).toEqual([alive]);
  });

  it("runs once per interval across instances: of many at the same moment one purges, the rest skip", async () => {
    await forgetClaims();
    const now = Date.now();
    const interval = 60 * 60_000;
    // Eight instances (or workers) whose timers fire together, all on the one database.
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => purgeExpiredSessionsOnce(h.database.db, interval, now)),
    );
    expect(runs.filter((deleted) => deleted !== null)).toHaveLength(1);
    // Later in the same interval: still claimed, whichever instance asks.
    const { expired } = await threeSessions();
    expect(await purgeExpiredSessionsOnce(h.database.db, interval, now + interval / 2)).toBeNull();
    expect(await remaining(expired)).toEqual([...expired].sort());
    // The next interval is claimed again, by the first to ask.
    expect(await purgeExpiredSessionsOnce(h.database.db, interval, now + interval + 1)).toBeGreaterThanOrEqual(2);
    expect(await purgeExpiredSessionsOnce(h.database.db, interval, now + interval + 2)).toBeNull();
    expect(await remaining(expired)).toEqual([]);
  });

  it("is scheduled: an expired session nobody presents again is deleted, and stop() ends the schedule", async () => {
    await forgetClaims();
    const { expired, alive } = await threeSessions();
    const stop = startExpiredSessionPurge(h.database.db, { intervalMs: 200, firstDelayMs: 50 });
    try {
      const deadline = Date.now() + 5_000;
      while ((await remaining(expired)).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await remaining([...expired, alive])).toEqual([alive]);
    } finally {
      stop();
    }
    await forgetClaims();
    const later = await threeSessions();
    await new Promise((r) => setTimeout(r, 600));
    expect(await remaining(later.expired)).toEqual([...later.expired].sort());
  });
});
