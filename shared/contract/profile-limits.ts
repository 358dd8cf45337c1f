/** Longest display name; kept apart from the schemas so the settings page can show it without loading zod. */
export const DISPLAY_NAME_MAX = 100;
