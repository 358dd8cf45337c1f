// Theme choice: system (default), light or dark, kept in local storage under vite-ui-theme.
import { isTheme, THEMES, type Theme } from "#shared/theme.ts";

export const THEME_STORAGE_KEY = "vite-ui-theme";
export { isTheme, THEMES, type Theme };

/** Marks the header's theme switch for app/enhance/enhance.ts on a page without React. */
export const THEME_SWITCH_MARKER = "data-theme-switch";
/** The header's theme switch cycles through the themes in this order. */
export const NEXT_THEME: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
export const THEME_SWITCH_LABEL: Record<Theme, string> = {
  system: "System theme",
  light: "Light theme",
  dark: "Dark theme",
};
/** Marks the theme switch's icon of each theme (its value is the theme); the one of the current theme shows. */
export const THEME_SWITCH_ICON = "data-theme-icon";

/** The theme switch's accessible name: what applies now and what a press changes it to. */
export function themeSwitchLabel(theme: Theme): string {
  return `${THEME_SWITCH_LABEL[theme]} (switch to ${THEME_SWITCH_LABEL[NEXT_THEME[theme]].toLowerCase()})`;
}

/**
 * Runs in <head> before the first paint so the page never flashes the wrong theme. A value in local storage
 * (system included) wins over the class the server rendered from the theme cookie.
 */
export const themeBootScript =
  `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `var c=document.documentElement.classList;` +
  `if(t==="light"||t==="dark"||t==="system"){c.remove("light","dark");if(t!=="system")c.add(t);}}catch(e){}})();`;

export function applyTheme(theme: Theme): void {
  const classes = document.documentElement.classList;
  classes.remove("light", "dark");
  if (theme !== "system") classes.add(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : "system";
  } catch {
    return "system";
  }
}
