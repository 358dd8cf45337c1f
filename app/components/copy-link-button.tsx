// "Copy link" for a page's own address. The address to share is absolute, and the server may not know the public
// origin (a proxy), the browser does. A page without React renders the button hidden for app/enhance/enhance.ts,
// which shows it and copies; once React runs, CopyButton does the same.
import { COPY_ICON, COPY_LINK, COPY_VALUE } from "#app/enhance/markup.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { CopyButton } from "./copy-button";
import CheckIcon from "lucide-react/icons/check";
import CopyIcon from "lucide-react/icons/copy";
import { inlineIconClass } from "./icons";

export function CopyLinkButton({ path, label = "Copy link" }: { path: string; label?: string }) {
  const hydrated = useHydrated();
  if (hydrated) return <CopyButton value={new URL(path, window.location.href).href} label={label} />;
  const markers = { [COPY_VALUE]: path, [COPY_LINK]: "" };
  return (
    <button type="button" className="btn min-h-8 px-2 py-1 text-xs" aria-label={label} hidden {...markers}>
      <span {...{ [COPY_ICON]: "copy" }}>
        <CopyIcon aria-hidden="true" className={inlineIconClass} />
      </span>
      <span {...{ [COPY_ICON]: "copied" }} hidden>
        <CheckIcon aria-hidden="true" className={inlineIconClass} />
      </span>
      <span>{label}</span>
    </button>
  );
}
