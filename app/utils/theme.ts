// Theme choice: system (default), light or dark, kept in local storage under the spec's key.
import { isTheme, THEMES, type Theme } from "../../shared/theme";

export const THEME_STORAGE_KEY = "vite-ui-theme";
export { isTheme, THEMES, type Theme };

/**
 * Runs in <head> before the first paint so the page never flashes the wrong theme. A value in local storage
 * (system included) wins over the class the server rendered from the theme cookie.
 */
export const themeBootScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});var c=document.documentElement.classList;if(t==="light"||t==="dark"||t==="system"){c.remove("light","dark");if(t!=="system")c.add(t);}}catch(e){}})();`;

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
