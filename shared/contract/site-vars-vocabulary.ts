// Site vars' types, limits and which names are secret: no zod here, so the admin page that uses them does not load
// the validation library with the page (the schemas in ./site-vars.ts build on these).

export const SITE_VAR_TYPES = ["str", "int", "float", "bool", "json"] as const;
export type SiteVarType = (typeof SITE_VAR_TYPES)[number];
export const SITE_VAR_KEY_MAX = 100;
export const SITE_VAR_VALUE_MAX = 100_000;

/** Vars that hold a credential, by name: stored encrypted, masked in lists, never sent to a page. */
export const SECRET_SITE_VAR_KEYS: readonly string[] = ["img_gen_api_key"];
/** An administrator makes any var secret by its name: this prefix, or one of the suffixes below. */
export const SECRET_SITE_VAR_PREFIX = "secret_";
export const SECRET_SITE_VAR_SUFFIXES: readonly string[] = ["_api_key", "_secret", "_password", "_token"];

export function isSecretSiteVarKey(key: string): boolean {
  const lowered = key.trim().toLowerCase();
  return (
    SECRET_SITE_VAR_KEYS.includes(lowered) ||
    lowered.startsWith(SECRET_SITE_VAR_PREFIX) ||
    SECRET_SITE_VAR_SUFFIXES.some((suffix) => lowered.endsWith(suffix))
  );
}
