// Secret site vars (isSecretSiteVarKey: img_gen_api_key, secret_*, *_api_key, *_secret, *_password, *_token) are
// stored as val_object_json {"sealed": "v1.…"}, the text {"val": …} sealed with AES-256-GCM like API keys, so
// neither the table nor the database's write-ahead log holds them in clear. Values saved in clear before are
// sealed at start-up (sealSecretSiteVars) and read either way meanwhile. The stored text is read with the lossless
// parser: a value comes back as the text it was saved as (shared/stored-json.ts).
import { eq } from "drizzle-orm";
import { isSecretSiteVarKey } from "#shared/contract/site-vars.ts";
import { memberNode, nodeText } from "#shared/stored-json.ts";
import { parseJson, scalarKind } from "#shared/tools/json/parse.ts";
import type { Database } from "../db/client";
import { siteVars } from "../db/schema";
import { decryptSecret, encryptSecret } from "../lib/crypto";

/** A site var row's val_object_json: JSON text, {"val": …} or {"sealed": "…"}. */
export type StoredSiteVarValue = string;

/** The sealed string of a stored value, or null when it is stored in clear. */
function sealedText(stored: StoredSiteVarValue): string | null {
  const parsed = parseJson(stored);
  const sealed = parsed.ok ? memberNode(parsed.root, "sealed") : undefined;
  // A JSON string of base64 and dots: JSON.parse reads it exactly.
  return typeof sealed === "string" && scalarKind(sealed) === "string" ? (JSON.parse(sealed) as string) : null;
}

export function isSealed(stored: StoredSiteVarValue): boolean {
  return sealedText(stored) !== null;
}

/** What a var's row stores for the value's JSON text: sealed when the key is a secret one. */
export function storedSiteVarValue(key: string, valueText: string): StoredSiteVarValue {
  const clear = `{"val":${valueText}}`;
  return isSecretSiteVarKey(key) ? JSON.stringify({ sealed: encryptSecret(clear) }) : clear;
}

/** The value's JSON text as saved, opened when sealed; null when there is none or it cannot be opened. */
export function siteVarValueText(stored: StoredSiteVarValue): string | null {
  const sealed = sealedText(stored);
  let clear = stored;
  if (sealed !== null) {
    try {
      clear = decryptSecret(sealed);
    } catch {
      // ENCRYPTION_KEY changed since it was sealed.
      return null;
    }
  }
  const parsed = parseJson(clear);
  const value = parsed.ok ? memberNode(parsed.root, "val") : undefined;
  return value === undefined ? null : nodeText(clear, value);
}

/** The value as JavaScript sees it, for server code that uses it (a host name, a key): null when there is none. */
export function siteVarValue(stored: StoredSiteVarValue): unknown {
  const text = siteVarValueText(stored);
  return text === null ? null : (JSON.parse(text) as unknown);
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
      .set({ valObjectJson: storedSiteVarValue(row.key, siteVarValueText(row.value) ?? "null") })
      .where(eq(siteVars.id, row.id));
    sealed += 1;
  }
  return sealed;
}
