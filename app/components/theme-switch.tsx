// Cycles the theme in the browser. Without JavaScript the system theme applies and this is not shown.
import { useEffect, useState } from "react";
import { useHydrated } from "~/utils/hydrated";
import { applyTheme, readStoredTheme, type Theme } from "~/utils/theme";

const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const LABEL: Record<Theme, string> = { system: "System theme", light: "Light theme", dark: "Dark theme" };
const ICON: Record<Theme, string> = { system: "◐", light: "☀", dark: "☾" };

export function ThemeSwitch() {
  const hydrated = useHydrated();
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => setTheme(readStoredTheme()), []);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={
        "inline-flex min-h-9 min-w-9 items-center justify-center rounded px-2 " +
        "text-base hover:bg-zinc-100 dark:hover:bg-zinc-800"
      }
      aria-label={`${LABEL[theme]} (switch to ${LABEL[NEXT[theme]].toLowerCase()})`}
      title={LABEL[theme]}
      onClick={() => {
        const next = NEXT[theme];
        applyTheme(next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  );
}
