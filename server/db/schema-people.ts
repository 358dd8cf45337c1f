// The people who sign in, their sessions and the upload keys: part of the one schema (schema.ts exports it all).
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- people and sign-in

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    numId: integer("num_id").generatedAlwaysAsIdentity().notNull(),
    email: text("email").notNull(),
    name: text("name"),
    avatar: text("avatar"),
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSuperuser: boolean("is_superuser").notNull().default(false),
    emailVerified: boolean("email_verified").notNull().default(false),
    passwordHash: text("password_hash"),
    firebaseUid: text("firebase_uid"),
    entitlements: jsonb("entitlements").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastLoginTime: timestamp("last_login_time", { withTimezone: true }),
    lastLoginIp: text("last_login_ip"),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_provider_key").on(t.provider, t.providerAccountId),
    index("accounts_user_idx").on(t.userId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 of the bearer token: a stolen database cannot be replayed as sessions.
    tokenHash: text("token_hash").notNull(),
    did: text("did").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceName: text("service_name").notNull(),
    // AES-256-GCM ciphertext; the key is never stored in clear.
    apiKeyEncrypted: text("api_key_encrypted").notNull(),
    // HMAC-SHA-256 of the key, for constant-time lookups by the x-api-key header.
    apiKeyDigest: text("api_key_digest").notNull(),
    createdAt: createdAt(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    // What the key may do (API_KEY_SCOPES of shared/contract/api-keys-vocabulary.ts); a new row may only upload.
    // Migration 0016 gave the keys saved before it every scope, which is what they could do then.
    scopes: text("scopes")
      .array()
      .notNull()
      .default(sql`'{reports:upload}'::text[]`),
  },
  (t) => [uniqueIndex("api_keys_digest_key").on(t.apiKeyDigest)],
);
