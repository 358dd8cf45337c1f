// Server-side sessions: the bearer token is 256 random bits, only its SHA-256 is stored.
import { and, eq, ne, sql } from "drizzle-orm";
import { config } from "../config";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { randomToken, sha256 } from "../lib/crypto";
import type { SessionUser } from "#shared/user.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
// Sliding the idle expiry costs a write; doing it at most once a minute per session is plenty.
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionRecord {
  id: string;
  userId: string;
  did: string;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export interface CreatedSession {
  token: string;
  did: string;
  expires: Date;
  sessionId: string;
}

export function userRowToSessionUser(row: typeof users.$inferSelect): SessionUser {
  const roles = new Set(row.roles);
  if (row.isSuperuser) roles.add("admin");
  return { id: row.id, email: row.email, name: row.name, roles: [...roles], avatar: row.avatar };
}

export function sessionExpiry(session: Pick<SessionRecord, "idleExpiresAt" | "absoluteExpiresAt">): Date {
  return session.idleExpiresAt < session.absoluteExpiresAt ? session.idleExpiresAt : session.absoluteExpiresAt;
}

export async function createSession(
  db: Database,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null; did?: string | null } = {},
): Promise<CreatedSession> {
  const token = randomToken(32);
  const now = Date.now();
  const did = meta.did && /^[\w-]{8,64}$/.test(meta.did) ? meta.did : randomToken(12);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256(token),
      did,
      idleExpiresAt: new Date(now + config.sessionIdleDays * DAY_MS),
      absoluteExpiresAt: new Date(now + config.sessionAbsoluteDays * DAY_MS),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .returning();
  if (!row) throw new Error("session insert returned nothing");
  return { token, did, expires: sessionExpiry(row), sessionId: row.id };
}

/** The live session and user for a token, sliding its idle expiry; null when unknown or expired. */
export async function findSession(
  db: Database,
  token: string,
): Promise<{ session: SessionRecord; user: typeof users.$inferSelect } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  if (row.session.idleExpiresAt.getTime() <= now || row.session.absoluteExpiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const idleExpiresAt = new Date(now + config.sessionIdleDays * DAY_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), idleExpiresAt })
      .where(eq(sessions.id, row.session.id));
    row.session.idleExpiresAt = idleExpiresAt;
  }
  return { session: row.session, user: row.user };
}

export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Ends every session of a user, or every one but `keepSessionId`. Returns how many ended. */
export async function deleteUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<number> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  const deleted = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return deleted.length;
}

/** Deletes every session past its idle or absolute expiry; how many. Scheduled by ./session-purge.ts. */
export async function deleteExpiredSessions(db: Database): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(sql`${sessions.idleExpiresAt} <= now() or ${sessions.absoluteExpiresAt} <= now()`)
    .returning({ id: sessions.id });
  return deleted.length;
}
