// The key/value store's limits and value types: no zod here, so the admin page that shows them does not load the
// validation library with the page (the schemas in ./kv.ts build on these).

export const KV_KEY_MAX = 200;
export const KV_VALUE_MAX = 100_000;
export const KV_PAGE_SIZE = 20;
export const KV_PAGE_SIZE_MAX = 100;
/** Ten years: longer than that is "no expiry". */
export const KV_TTL_MAX_SECONDS = 10 * 365 * 24 * 3600;
export const KV_VALUE_TYPES = ["text", "json"] as const;
export type KvValueType = (typeof KV_VALUE_TYPES)[number];
