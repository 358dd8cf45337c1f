// Key/value store: text or JSON values with an optional expiry, after which the key reads as absent and is purged.
// A JSON value is stored and answered as the text it was given (JsonText): digits, key order and whitespace kept.
import { and, asc, count, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { kvEntries } from "../db/schema";
import { JsonText } from "../lib/json-text";
import { config } from "../config";
import { ConflictError, InvalidInputError, NotFoundError, QuotaExceededError } from "./errors";
import {
  checkKvValue,
  parseExpiry,
  type KvEntry,
  type KvEntryInput,
  type KvPage,
  type KvValueType,
} from "#shared/contract/kv.ts";

type KvRow = typeof kvEntries.$inferSelect;

/** An entry as answers show it; send it with jsonWithStoredText. */
function toKvEntry(row: KvRow): KvEntry {
  return {
    key: row.key,
    value_type: row.valueType as KvValueType,
    value: row.valueType === "json" ? new JsonText(row.value) : row.value,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const live = () => or(isNull(kvEntries.expiresAt), gt(kvEntries.expiresAt, sql`now()`));

/** LIKE treats % and _ as wildcards; a prefix search must match them literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Expired rows are invisible to every read; writes sweep them so the table does not grow without bound. */
async function purgeExpiredKv(db: Database): Promise<number> {
  const removed = await db
    .delete(kvEntries)
    .where(lte(kvEntries.expiresAt, sql`now()`))
    .returning({ key: kvEntries.key });
  return removed.length;
}

export async function listKv(
  db: Database,
  query: { prefix?: string; page: number; page_size: number },
): Promise<KvPage> {
  const where = query.prefix ? and(live(), sql`${kvEntries.key} like ${likePrefix(query.prefix)}`) : live();
  const [totals] = await db.select({ total: count() }).from(kvEntries).where(where);
  const rows = await db
    .select()
    .from(kvEntries)
    .where(where)
    .orderBy(asc(kvEntries.key))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { items: rows.map(toKvEntry), total: totals?.total ?? 0, page: query.page, page_size: query.page_size };
}

export async function getKv(db: Database, key: string): Promise<KvEntry | null> {
  const [row] = await db
    .select()
    .from(kvEntries)
    .where(and(eq(kvEntries.key, key), live()))
    .limit(1);
  return row ? toKvEntry(row) : null;
}

const notFound = () => new NotFoundError("Key not found.");

function expiryFrom(input: KvEntryInput, now = new Date()): Date | null {
  if (!input.expires_at) return null;
  const expiresAt = parseExpiry(input.expires_at);
  if (!expiresAt)
    throw new InvalidInputError("Enter a date and time, e.g. 2030-01-31T12:00.", [
      { field: "expires_at", message: "Enter a date and time, e.g. 2030-01-31T12:00." },
    ]);
  if (expiresAt <= now)
    throw new InvalidInputError("The expiry must be in the future.", [
      { field: "expires_at", message: "The expiry must be in the future." },
    ]);
  return expiresAt;
}

/** The text to store: checked against the type, and kept as it is. */
function valueFrom(input: KvEntryInput): string {
  const checked = checkKvValue(input.value_type, input.value);
  if (!checked.ok) throw new InvalidInputError(checked.message, [{ field: "value", message: checked.message }]);
  return input.value;
}

/**
 * Refuses a write that would take the live store past KV_QUOTA_BYTES (keys and values, in UTF-8 bytes), counting
 * the entry it replaces as freed. Writes that shrink the store always pass. Writes at the same moment may each see
 * the other's absence, so the store can pass its quota by at most one value per concurrent writer.
 */
async function ensureWithinQuota(db: Database, key: string, value: string): Promise<void> {
  const quota = config.kvQuotaBytes;
  const size = sql<number>`octet_length(${kvEntries.key}) + octet_length(${kvEntries.value})`;
  const [totals] = await db
    .select({
      total: sql<string>`coalesce(sum(${size}), 0)`,
      replaced: sql<string>`coalesce(sum(${size}) filter (where ${kvEntries.key} = ${key}), 0)`,
    })
    .from(kvEntries)
    .where(live());
  const adding = Buffer.byteLength(key) + Buffer.byteLength(value);
  const replaced = Number(totals?.replaced ?? 0);
  const after = Number(totals?.total ?? 0) - replaced + adding;
  if (adding <= replaced || after <= quota) return;
  throw new QuotaExceededError(
    `The key/value store is full: its quota is ${quota.toLocaleString("en")} bytes of keys and values, and this ` +
      `write would take it to ${after.toLocaleString("en")}. Delete entries or let them expire.`,
    [{ field: "value", message: "The store is full." }],
  );
}

/** Admin create: refuses a key that is live already (an expired one is replaced). */
export async function createKv(db: Database, input: KvEntryInput): Promise<KvEntry> {
  const values = {
    key: input.key,
    valueType: input.value_type,
    value: valueFrom(input),
    expiresAt: expiryFrom(input),
  };
  await purgeExpiredKv(db);
  await ensureWithinQuota(db, values.key, values.value);
  const [row] = await db.insert(kvEntries).values(values).onConflictDoNothing().returning();
  if (!row)
    throw new ConflictError("This key already exists.", [{ field: "key", message: "This key already exists." }]);
  return toKvEntry(row);
}

/** Admin edit of a live key: value, type and expiry. */
export async function updateKv(db: Database, key: string, input: KvEntryInput): Promise<KvEntry> {
  if (input.key !== key)
    throw new InvalidInputError("The key cannot be renamed; create a new one instead.", [
      { field: "key", message: "The key cannot be renamed." },
    ]);
  await ensureWithinQuota(db, key, valueFrom(input));
  const [row] = await db
    .update(kvEntries)
    .set({
      valueType: input.value_type,
      value: valueFrom(input),
      expiresAt: expiryFrom(input),
      updatedAt: new Date(),
    })
    .where(and(eq(kvEntries.key, key), live()))
    .returning();
  if (!row) throw notFound();
  return toKvEntry(row);
}

/**
 * Service write (create or replace): a text entry's text, or a json entry's JSON text as the caller wrote it
 * (checked here, so no caller stores what an admin could not).
 */
export async function putKv(
  db: Database,
  key: string,
  entry: { value_type: KvValueType; value: string },
  ttlSeconds?: number,
): Promise<KvEntry> {
  const { value_type: valueType } = entry;
  const value = valueFrom({ key, ...entry });
  const expiresAt = ttlSeconds ? new Date(Date.now() + ttlSeconds * 1000) : null;
  await purgeExpiredKv(db);
  await ensureWithinQuota(db, key, value);
  const [row] = await db
    .insert(kvEntries)
    .values({ key, valueType, value, expiresAt })
    .onConflictDoUpdate({
      target: kvEntries.key,
      set: { valueType, value, expiresAt, updatedAt: new Date() },
    })
    .returning();
  return toKvEntry(row!);
}

export async function deleteKv(db: Database, key: string): Promise<void> {
  const deleted = await db
    .delete(kvEntries)
    .where(and(eq(kvEntries.key, key), live()))
    .returning({ key: kvEntries.key });
  if (deleted.length === 0) throw notFound();
}
