// Users: sign-in by e-mail and password, registration and the first administrator.
import { eq, sql } from "drizzle-orm";
import { config } from "../config";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { randomToken } from "../lib/crypto";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/** The user when the password matches; null otherwise, taking as long for an unknown e-mail. */
export async function authenticate(db: Database, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    await verifyPassword(password, await dummyPasswordHash());
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  return user;
}

export async function recordLogin(db: Database, userId: string, ip: string | null) {
  await db.update(users).set({ lastLoginTime: new Date(), lastLoginIp: ip }).where(eq(users.id, userId));
}

export async function createUser(
  db: Database,
  input: { email: string; password: string; name?: string | null; isSuperuser?: boolean },
) {
  const { password, ...rest } = input;
  return createUserWithHash(db, { ...rest, passwordHash: await hashPassword(password) });
}

/** Null when the address already has an account. */
export async function createUserWithHash(
  db: Database,
  input: { email: string; passwordHash: string; name?: string | null; isSuperuser?: boolean },
) {
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      name: input.name?.trim() || null,
      passwordHash: input.passwordHash,
      isSuperuser: input.isSuperuser ?? false,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD create or update the administrator at start-up. Without them, and with no
 * administrator yet, admin@localhost gets a random password that is printed once.
 */
export async function ensureAdministrator(db: Database, log: (line: string) => void = console.log) {
  if (config.adminEmail && config.adminPassword) {
    const email = normalizeEmail(config.adminEmail);
    const passwordHash = await hashPassword(config.adminPassword);
    await db
      .insert(users)
      .values({ email, passwordHash, isSuperuser: true, emailVerified: true, name: "Administrator" })
      .onConflictDoUpdate({ target: users.email, set: { passwordHash, isSuperuser: true } });
    return;
  }
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.isSuperuser} or ${users.roles} && array['admin','administrator']::text[]`)
    .limit(1);
  if (existing) return;
  const password = randomToken(12);
  const created = await createUser(db, {
    email: "admin@localhost",
    password,
    name: "Administrator",
    isSuperuser: true,
  });
  // An admin@localhost that exists without administrator rights keeps its own password: print none that would not work.
  if (!created) return;
  log(
    `[setup] Created administrator admin@localhost with password: ${password}  ` +
      `(shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
}
