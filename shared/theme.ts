// The themes a visitor can choose: the settings form's schema (shared/contract/profile.ts) and the web tier's
// theme switch both use them.
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}
