// The API key form's limits, the key generator and the protected-key rule: no zod here, so the admin page that uses
// them does not load the validation library with the page (the schemas in ./api-keys.ts build on these).

export const SERVICE_NAME_MIN = 6;
export const SERVICE_NAME_MAX = 100;
export const API_KEY_MIN = 10;
export const API_KEY_MAX = 512;
/** A suggested generated secret (the help text's) has 32 random bytes. */
export const GENERATED_KEY_BYTES = 32;
/** The key our own services use; its creator cannot delete it from the table. */
export const SPARK_API_SERVICE = "SPARK_API";

export const API_KEY_REQUIRED = "API key is required.";

/**
 * The least a saved key must be worth, in estimated bits (shared/key-strength.ts): online guessing at a thousand
 * keys a second would need hundreds of millions of years. A generated key is worth about 280.
 */
export const API_KEY_MIN_ENTROPY_BITS = 64;

/**
 * What a key may do, each granted when the key is saved. Declared once: the zod enum (./api-keys.ts), the table
 * column, the checks in /api and the page's checkboxes all read this list.
 */
export const API_KEY_SCOPES = ["reports:upload", "kv:read", "kv:write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** A new key may only upload reports unless the administrator grants more: least privilege by default. */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ["reports:upload"];
/** How the page names each scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "reports:upload": "Upload camera reports",
  "kv:read": "Read key/value entries",
  "kv:write": "Write and delete key/value entries",
};

/** A random url-safe secret of 32 bytes, in the browser or on the server. */
export function generateApiKey(): string {
  const bytes = new Uint8Array(GENERATED_KEY_BYTES);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Whether this key is one the current user may not delete: their own SPARK_API key. */
export function isProtectedKey(
  record: { service_name: string; user_id: string | null },
  currentUserId: string,
): boolean {
  return record.service_name === SPARK_API_SERVICE && record.user_id === currentUserId;
}
