// The data attributes by which server-rendered markup asks app/enhance/enhance.ts for a touch. Components render
// these while React is not running in the page (useHydrated() is false), hidden where the touch needs the script.
// The header's theme switch is marked by THEME_SWITCH_MARKER of app/utils/theme.ts, which the page loads anyway, and
// holds an icon per theme marked by THEME_SWITCH_ICON there.

/** A button that copies its value: `data-copy` holds the value, `data-copy-link` makes a path absolute first. */
export const COPY_VALUE = "data-copy";
export const COPY_LINK = "data-copy-link";
/** A copy button's two icons, "copy" and "copied": the script shows the one that applies. */
export const COPY_ICON = "data-copy-icon";
/** How long a copy button shows what became of a press. */
export const COPY_FEEDBACK_MS = 2_000;
/**
 * What a copy button says after a press. The browser may refuse the clipboard (no permission, the page not focused):
 * the button says so. Each page also offers the value another way, to copy by hand: shown beside the button, behind
 * a Reveal button (an API key) or as a download (the JSON tool's whole output).
 */
export const COPY_OUTCOME_TEXT = { copied: "Copied", failed: "Copy failed" } as const;
export type CopyOutcome = keyof typeof COPY_OUTCOME_TEXT;
/** The settings page's theme form: a choice applies at once and is saved in the background. */
export const THEME_FORM = "data-theme-form";
export const THEME_FORM_SAVE = "data-theme-save";
export const THEME_FORM_STATUS = "data-theme-status";
/** The report list's compare form: its submit button and the count of ticked reports. */
export const COMPARE_FORM = "data-compare-form";
export const COMPARE_STATUS = "data-compare-status";
