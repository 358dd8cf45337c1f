// The signed-in user's own account: profile, display name, password and sessions.
import { and, count, eq, gt, ne } from "drizzle-orm";
import type { Profile } from "#shared/contract/profile.ts";
import { InvalidInputError, NotFoundError } from "./errors";
import { isCommonPassword } from "../auth/common-passwords";
import { hashPassword, verifyPassword } from "../auth/password";
import { deleteUserSessions, userRowToSessionUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";

export async function getProfile(db: Database, userId: string, currentSessionId: string): Promise<Profile> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError("User not found.");
  const [others] = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, currentSessionId),
        gt(sessions.idleExpiresAt, new Date()),
        gt(sessions.absoluteExpiresAt, new Date()),
      ),
    );
  const { roles } = userRowToSessionUser(row);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles,
    avatar: row.avatar,
    email_verified: row.emailVerified,
    created_at: row.createdAt.toISOString(),
    last_login_time: row.lastLoginTime?.toISOString() ?? null,
    last_login_ip: row.lastLoginIp,
    other_sessions: others?.n ?? 0,
  };
}

export async function updateDisplayName(db: Database, userId: string, name: string | undefined): Promise<void> {
  await db
    .update(users)
    .set({ name: name?.trim() || null })
    .where(eq(users.id, userId));
}

/**
 * Changes the password after checking the current one, then ends every other session of the user: whoever
 * else held one (perhaps the reason for the change) is out. Returns how many sessions ended.
 */
export async function changePassword(
  db: Database,
  userId: string,
  input: { current_password: string; new_password: string },
  keepSessionId: string,
): Promise<number> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError("User not found.");
  if (!row.passwordHash || !(await verifyPassword(input.current_password, row.passwordHash))) {
    const message = "The current password is not correct.";
    throw new InvalidInputError(message, [{ field: "current_password", message }]);
  }
  if (input.new_password === input.current_password) {
    const message = "The new password must differ from the current one.";
    throw new InvalidInputError(message, [{ field: "new_password", message }]);
  }
  if (isCommonPassword(input.new_password)) {
    const message = "This password is too common.";
    throw new InvalidInputError(message, [{ field: "new_password", message }]);
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.new_password) })
    .where(eq(users.id, userId));
  return deleteUserSessions(db, userId, keepSessionId);
}

export function signOutOtherSessions(db: Database, userId: string, keepSessionId: string): Promise<number> {
  return deleteUserSessions(db, userId, keepSessionId);
}
