// Verifies the x-api-key header of machine clients (the probe app). Keys are looked up by their keyed digest
// (HMAC-SHA-256 with the server's secret), so the lookup compares digests, never the key itself: an index probe
// on a digest tells a timing attacker nothing about the key. A revoked key is a deleted row.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { apiKeys } from "../db/schema";
import { hmacDigest } from "../lib/crypto";
import type { ApiKeyScope } from "#shared/contract/api-keys-vocabulary.ts";
import { knownScopes } from "./api-keys";

export interface ApiKeyIdentity {
  id: string;
  serviceName: string;
  /** What the key may do; a route checks its scope before anything else (server/api/api-key-guard.ts). */
  scopes: readonly ApiKeyScope[];
}

/** Longer values are not keys we issued; refusing them early keeps hashing cheap. */
const MAX_API_KEY_LENGTH = 512;

export async function verifyApiKey(db: Database, presented: string | null | undefined): Promise<ApiKeyIdentity | null> {
  const value = presented?.trim();
  if (!value || value.length > MAX_API_KEY_LENGTH) return null;
  const [row] = await db
    .select({ id: apiKeys.id, serviceName: apiKeys.serviceName, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(eq(apiKeys.apiKeyDigest, hmacDigest(value)))
    .limit(1);
  return row ? { ...row, scopes: knownScopes(row.scopes) } : null;
}
