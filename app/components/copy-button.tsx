// Copies a value to the clipboard and shows a checked state for 2 seconds.
// Without JavaScript it is not rendered: the value is always shown next to it.
import { useEffect, useState } from "react";
import { useHydrated } from "~/utils/hydrated";
import CheckIcon from "lucide-react/icons/check";
import CopyIcon from "lucide-react/icons/copy";
import { inlineIconClass } from "./icons";

export const COPY_FEEDBACK_MS = 2_000;

/**
 * `load` fetches the value when the button is pressed, for a secret the page does not hold (it shows only a prefix).
 */
export function CopyButton({
  value = "",
  label = "Copy",
  load,
}: {
  value?: string;
  label?: string;
  load?: () => Promise<string>;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn min-h-8 px-2 py-1 text-xs"
      aria-label={copied ? `${label}: copied` : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(load ? await load() : value);
          setCopied(true);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? (
        <CheckIcon aria-hidden="true" className={inlineIconClass} />
      ) : (
        <CopyIcon aria-hidden="true" className={inlineIconClass} />
      )}
      <span>{copied ? "Copied" : label}</span>
    </button>
  );
}
