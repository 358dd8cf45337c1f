// What an administrator does to users, and the admin user list's items.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import {
  SPARK_PROVIDER,
  type AdminAccount,
  type AdminUserListItem,
  type EndedSessionsResponse,
  type UserDetailResponse,
  type UserListQuery,
  type UserListResponse,
} from "#shared/contract/users.ts";
import { ConflictError, isUniqueViolation, NotFoundError } from "./errors";
import { hashPassword } from "../auth/password";
import { deleteUserSessions, sessionExpiry } from "../auth/sessions";
import { normalizeEmail } from "../auth/users";
import type { Database } from "../db/client";
import { accounts, sessions, users } from "../db/schema";
import { deleteAndHold, type HeldDelete } from "./deleted-records";

const ADMIN_ROLES = ["admin", "administrator"];

type UserRow = typeof users.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/** The administrator flag is the column or an admin role (the same rule as the session user's isAdmin). */
function isSuperuser(row: UserRow): boolean {
  return row.isSuperuser || row.roles.some((role) => ADMIN_ROLES.includes(role));
}

function toAccountItem(row: AccountRow): AdminAccount {
  return {
    id: row.id,
    provider: row.provider,
    providerAccountId: row.providerAccountId,
    email: row.email,
    email_verified: row.emailVerified,
  };
}

function toListItem(row: UserRow, userAccounts: AccountRow[]): AdminUserListItem {
  return {
    id: row.id,
    user: {
      id: row.id,
      first_name: row.name,
      email: row.email,
      email_verified: row.emailVerified,
      created_at: row.createdAt.toISOString(),
      is_superuser: isSuperuser(row),
      entitlements: row.entitlements,
      firebase_uid: row.firebaseUid,
      last_login_time: row.lastLoginTime?.toISOString() ?? null,
      last_login_ip: row.lastLoginIp,
    },
    spark_user: { num_id: row.numId },
    spark_account_emails: userAccounts
      .filter((a) => a.provider === SPARK_PROVIDER && a.email)
      .map((a) => a.email as string),
    accounts: userAccounts.map(toAccountItem),
  };
}

async function accountsByUser(db: Database, userIds: string[]): Promise<Map<string, AccountRow[]>> {
  const byUser = new Map<string, AccountRow[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.userId, userIds))
    .orderBy(asc(accounts.createdAt));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}

/** LIKE's wildcards and its escape character taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** One page of the users, oldest first; `q` keeps those whose e-mail or name contains it, in any case. */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserListResponse> {
  const pattern = `%${likeLiteral(query.q)}%`;
  const where: SQL | undefined = query.q ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.numId))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const byUser = await accountsByUser(
    db,
    rows.map((row) => row.id),
  );
  return {
    user_list: rows.map((row) => toListItem(row, byUser.get(row.id) ?? [])),
    count: totals?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

async function findUserRow(db: Database, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError("This user does not exist.");
  return row;
}

export async function getUserDetail(db: Database, userId: string): Promise<UserDetailResponse> {
  const row = await findUserRow(db, userId);
  const byUser = await accountsByUser(db, [row.id]);
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, row.id))
    .orderBy(desc(sessions.lastSeenAt));
  return {
    item: toListItem(row, byUser.get(row.id) ?? []),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      did: s.did,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      expires: sessionExpiry(s).toISOString(),
      ip: s.ip,
      user_agent: s.userAgent,
    })),
  };
}

/**
 * A user made by an administrator signs in with e-mail and password; that e-mail is their 'spark' account
 * (the product's own provider), whose verified flag the administrator can toggle.
 */
export async function createUserByAdmin(
  db: Database,
  input: { email: string; name?: string; password: string; is_superuser: boolean },
): Promise<AdminUserListItem> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const taken = "This email is already registered.";
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ email, name: input.name?.trim() || null, passwordHash, isSuperuser: input.is_superuser })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ConflictError(taken, [{ field: "email", message: taken }]);
      const [account] = await tx
        .insert(accounts)
        .values({ userId: row.id, provider: SPARK_PROVIDER, providerAccountId: String(row.numId), email })
        .returning();
      return toListItem(row, account ? [account] : []);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(taken, [{ field: "email", message: taken }]);
    throw error;
  }
}

/** Sets a new password and ends every session of the user, so the old password stops working everywhere. */
export async function setUserPassword(db: Database, userId: string, password: string): Promise<EndedSessionsResponse> {
  await findUserRow(db, userId);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  return { ended_sessions: await deleteUserSessions(db, userId) };
}

export async function setSuperuser(
  db: Database,
  actorId: string,
  userId: string,
  value: boolean,
): Promise<AdminUserListItem> {
  if (!value && actorId === userId) throw new ConflictError("You cannot remove your own administrator rights.");
  const row = await findUserRow(db, userId);
  // Revoking also drops admin roles, or the user would stay an administrator through them.
  const roles = value ? row.roles : row.roles.filter((role) => !ADMIN_ROLES.includes(role));
  const [updated] = await db.update(users).set({ isSuperuser: value, roles }).where(eq(users.id, userId)).returning();
  if (!updated) throw new NotFoundError("This user does not exist.");
  const byUser = await accountsByUser(db, [userId]);
  return toListItem(updated, byUser.get(userId) ?? []);
}

/** Deletes a user with their sessions and accounts (foreign-key cascade); answers how many were deleted. */
/** Deletes a user with their sessions and accounts, kept for undo (server/services/deleted-records.ts). */
export async function deleteUser(db: Database, actorId: string, userId: string): Promise<HeldDelete> {
  if (actorId === userId) throw new ConflictError("You cannot delete your own account.");
  return db.transaction((tx) => deleteAndHold(tx, "user", userId, actorId));
}

/** Toggles the verified flag of a 'spark' account; it is the user's own e-mail, so the user's flag follows. */
export async function setAccountEmailVerified(db: Database, accountId: string, value: boolean): Promise<AdminAccount> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw new NotFoundError("This account does not exist.");
  if (row.provider !== SPARK_PROVIDER) {
    throw new ConflictError(
      `Only accounts with provider '${SPARK_PROVIDER}' are verified here; ${row.provider} verifies its own.`,
    );
  }
  const [updated] = await db
    .update(accounts)
    .set({ emailVerified: value })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!updated) throw new NotFoundError("This account does not exist.");
  if (row.email) {
    await db
      .update(users)
      .set({ emailVerified: value })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email)));
  }
  return toAccountItem(updated);
}

export async function setFirebaseUid(db: Database, userId: string, uid: string): Promise<void> {
  await db.update(users).set({ firebaseUid: uid }).where(eq(users.id, userId));
}

export async function findUserForFirebase(db: Database, userId: string) {
  const row = await findUserRow(db, userId);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified,
    firebaseUid: row.firebaseUid,
  };
}
