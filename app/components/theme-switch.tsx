// Cycles the theme in the browser. Without JavaScript the system theme (or the settings page's choice) applies
// and this is not shown; a page without React gets it from app/enhance/enhance.ts, which shows the same button.
import { useEffect, useState } from "react";
import { useHydrated } from "~/utils/hydrated";
import {
  applyTheme,
  NEXT_THEME,
  readStoredTheme,
  THEME_SWITCH_ICON,
  THEME_SWITCH_LABEL,
  THEME_SWITCH_MARKER,
  themeSwitchLabel,
} from "~/utils/theme";
import type { Theme } from "~/utils/theme";

const buttonClass =
  "inline-flex min-h-9 min-w-9 items-center justify-center rounded px-2 text-base hover:bg-zinc-100 " +
  "dark:hover:bg-zinc-800";

export function ThemeSwitch() {
  const hydrated = useHydrated();
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => setTheme(readStoredTheme()), []);
  if (!hydrated) {
    return (
      <button
        type="button"
        className={buttonClass}
        hidden
        {...{ [THEME_SWITCH_MARKER]: "" }}
        aria-label={themeSwitchLabel(theme)}
      >
        <span aria-hidden="true">{THEME_SWITCH_ICON[theme]}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass}
      aria-label={themeSwitchLabel(theme)}
      title={THEME_SWITCH_LABEL[theme]}
      onClick={() => {
        const next = NEXT_THEME[theme];
        applyTheme(next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{THEME_SWITCH_ICON[theme]}</span>
    </button>
  );
}
