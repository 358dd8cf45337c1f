// Cycles the theme in the browser. Without JavaScript the system theme (or the settings page's choice) applies
// and this is not shown; a page without React gets it from app/enhance/enhance.ts, which shows the same button.
import { useEffect, useState, type ComponentType, type SVGProps } from "react";
import { useHydrated } from "#app/utils/hydrated.ts";
import {
  applyTheme,
  NEXT_THEME,
  readStoredTheme,
  THEME_SWITCH_ICON,
  THEME_SWITCH_LABEL,
  THEME_SWITCH_MARKER,
  THEMES,
  themeSwitchLabel,
} from "#app/utils/theme.ts";
import type { Theme } from "#app/utils/theme.ts";
import MoonIcon from "lucide-react/icons/moon";
import SunIcon from "lucide-react/icons/sun";
import SunMoonIcon from "lucide-react/icons/sun-moon";

const buttonClass =
  "inline-flex min-h-9 min-w-9 items-center justify-center rounded px-2 text-base hover:bg-zinc-100 " +
  "dark:hover:bg-zinc-800";

const THEME_ICONS: Record<Theme, ComponentType<SVGProps<SVGSVGElement>>> = {
  system: SunMoonIcon,
  light: SunIcon,
  dark: MoonIcon,
};

function ThemeIcon({ theme }: { theme: Theme }) {
  const Icon = THEME_ICONS[theme];
  return <Icon aria-hidden="true" className="size-5" />;
}

export function ThemeSwitch() {
  const hydrated = useHydrated();
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => setTheme(readStoredTheme()), []);
  if (!hydrated) {
    // Every theme's icon, for the enhancement script to show the one that applies.
    return (
      <button
        type="button"
        className={buttonClass}
        hidden
        {...{ [THEME_SWITCH_MARKER]: "" }}
        aria-label={themeSwitchLabel(theme)}
      >
        {THEMES.map((each) => (
          <span key={each} {...{ [THEME_SWITCH_ICON]: each }} hidden={each !== theme} className="inline-flex">
            <ThemeIcon theme={each} />
          </span>
        ))}
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
      <ThemeIcon theme={theme} />
    </button>
  );
}
