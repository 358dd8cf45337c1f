// API keys of the services that call /api with x-api-key (the probe app among them). A key is stored only
// as AES-256-GCM ciphertext plus a keyed digest (HMAC-SHA-256) for lookups, and is never logged.
import { asc, eq } from "drizzle-orm";
import {
  API_KEY_REQUIRED as KEY_REQUIRED,
  API_KEY_SCOPES,
  DEFAULT_API_KEY_SCOPES,
  isProtectedKey,
  type ApiKeyScope,
  SPARK_API_SERVICE,
  type ApiKeyInput,
  type ApiKeyRecord,
} from "#shared/contract/api-keys.ts";
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from "./errors";
import type { Database } from "../db/client";
import { apiKeys } from "../db/schema";
import { deleteAndHold, type HeldDelete } from "./deleted-records";
import { decryptSecret, encryptSecret, hmacDigest } from "../lib/crypto";

type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Enough of a secret to tell it apart, too little to use: a quarter of it, at most 6 characters, then "…"
 * (a generated 43-character key shows 6).
 */
function secretPrefix(secret: string): string {
  return `${secret.slice(0, Math.min(6, Math.floor(secret.length / 4)))}…`;
}

function decryptedKey(row: ApiKeyRow): string | null {
  try {
    return decryptSecret(row.apiKeyEncrypted);
  } catch {
    return null;
  }
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  const key = decryptedKey(row);
  return {
    id: row.id,
    service_name: row.serviceName,
    api_key: key === null ? null : secretPrefix(key),
    created_at: row.createdAt.toISOString(),
    user_id: row.userId,
    scopes: knownScopes(row.scopes),
  };
}

/** The column's scopes that this version knows, in the declared order; a name it does not know grants nothing. */
export function knownScopes(stored: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => stored.includes(scope));
}

/** One key in full, for the administrator who asked for it (a copy or reveal action). */
export async function revealApiKey(db: Database, id: string): Promise<string> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!row) throw new NotFoundError("This API key no longer exists.");
  const key = decryptedKey(row);
  if (key === null)
    throw new ConflictError(
      "This API key cannot be decrypted: ENCRYPTION_KEY changed since it was saved. Save a new key in its place.",
    );
  return key;
}

export async function listApiKeys(db: Database): Promise<ApiKeyRecord[]> {
  const rows = await db.select().from(apiKeys).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(toRecord);
}

const KEY_IN_USE = "This API key is already in use.";

/**
 * Creates a key (no edit_id) or replaces the name, key and scopes of an existing one; the creator stays. An edit
 * without api_key keeps the saved key, one without scopes its scopes; a new key without scopes may only upload.
 */
export async function saveApiKey(db: Database, input: ApiKeyInput, userId: string): Promise<ApiKeyRecord> {
  let values: { serviceName: string; apiKeyEncrypted?: string; apiKeyDigest?: string; scopes?: ApiKeyScope[] } = {
    serviceName: input.service_name,
    ...(input.scopes ? { scopes: input.scopes } : {}),
  };
  if (input.api_key !== undefined) {
    const digest = hmacDigest(input.api_key);
    const [holder] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.apiKeyDigest, digest)).limit(1);
    if (holder && holder.id !== input.edit_id) {
      throw new ConflictError(KEY_IN_USE, [{ field: "api_key", message: KEY_IN_USE }]);
    }
    values = { ...values, apiKeyEncrypted: encryptSecret(input.api_key), apiKeyDigest: digest };
  }
  try {
    if (input.edit_id) {
      const [row] = await db.update(apiKeys).set(values).where(eq(apiKeys.id, input.edit_id)).returning();
      if (!row)
        throw new NotFoundError("This API key no longer exists.", [
          { field: "edit_id", message: "This API key no longer exists." },
        ]);
      return toRecord(row);
    }
    if (!values.apiKeyEncrypted || !values.apiKeyDigest)
      throw new InvalidInputError(KEY_REQUIRED, [{ field: "api_key", message: KEY_REQUIRED }]);
    const [row] = await db
      .insert(apiKeys)
      .values({
        serviceName: values.serviceName,
        apiKeyEncrypted: values.apiKeyEncrypted,
        apiKeyDigest: values.apiKeyDigest,
        scopes: values.scopes ?? [...DEFAULT_API_KEY_SCOPES],
        userId,
      })
      .returning();
    if (!row) throw new Error("API key insert returned nothing");
    return toRecord(row);
  } catch (error) {
    // Two saves of the same key at once: the unique digest index decides.
    if (isUniqueViolation(error)) throw new ConflictError(KEY_IN_USE, [{ field: "api_key", message: KEY_IN_USE }]);
    throw error;
  }
}

/** Deletes a key; answers how many were deleted (0 when it was already gone). */
/** Deletes a key, kept for undo (server/services/deleted-records.ts): its reports get it back on restore. */
export async function deleteApiKey(db: Database, id: string, currentUserId: string): Promise<HeldDelete> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!row) return { deleted: 0, holdId: null };
  if (isProtectedKey({ service_name: row.serviceName, user_id: row.userId }, currentUserId)) {
    throw new ConflictError(`Your own ${SPARK_API_SERVICE} key cannot be deleted; edit it to replace the key.`);
  }
  return db.transaction((tx) => deleteAndHold(tx, "api_key", id, currentUserId));
}
