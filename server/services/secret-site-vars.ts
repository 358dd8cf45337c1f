// Secret site vars (isSecretSiteVarKey: img_gen_api_key, secret_*, *_api_key, *_secret, *_password, *_token) are
// stored as val_object_json: {sealed: "v1.…"}, the value's JSON sealed with AES-256-GCM like API keys, so neither
// the table nor the database's write-ahead log holds them in clear. Values saved in clear before are sealed at
// start-up (sealSecretSiteVars) and read either way meanwhile.
import { eq } from "drizzle-orm";
import { isSecretSiteVarKey } from "../../shared/contract/site-vars";
import type { Database } from "../db/client";
import { siteVars } from "../db/schema";
import { decryptSecret, encryptSecret } from "../lib/crypto";

export type StoredSiteVarValue = { val?: unknown; sealed?: unknown } | null | undefined;

export function isSealed(stored: StoredSiteVarValue): stored is { sealed: string } {
  return Boolean(stored && typeof stored === "object" && typeof stored.sealed === "string");
}

/** What a var's row stores for this value: sealed when the key is a secret one. */
export function storedSiteVarValue(key: string, value: unknown): { val: unknown } | { sealed: string } {
  return isSecretSiteVarKey(key) ? { sealed: encryptSecret(JSON.stringify({ val: value })) } : { val: value };
}

/** The value a row holds, opened when sealed; null when it cannot be (ENCRYPTION_KEY changed). */
export function siteVarValue(stored: StoredSiteVarValue): unknown {
  if (!stored || typeof stored !== "object") return null;
  if (!isSealed(stored)) return stored.val ?? null;
  try {
    return (JSON.parse(decryptSecret(stored.sealed)) as { val?: unknown }).val ?? null;
  } catch {
    return null;
  }
}

/** Seals every secret var still stored in clear. Idempotent: runs at every start. */
export async function sealSecretSiteVars(db: Database): Promise<number> {
  const rows = await db
    .select({ id: siteVars.id, key: siteVars.namedKey, value: siteVars.valObjectJson })
    .from(siteVars);
  let sealed = 0;
  for (const row of rows) {
    if (!isSecretSiteVarKey(row.key) || isSealed(row.value)) continue;
    await db
      .update(siteVars)
      .set({ valObjectJson: storedSiteVarValue(row.key, siteVarValue(row.value)) })
      .where(eq(siteVars.id, row.id));
    sealed += 1;
  }
  return sealed;
}
