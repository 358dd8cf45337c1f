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
