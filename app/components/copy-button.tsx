// Copies a value to the clipboard and says for 2 seconds whether it did (a browser may refuse the clipboard).
// Without JavaScript it is not rendered: the page offers the value another way (shown, Reveal, Download).
import { useEffect, useState } from "react";
import { COPY_FEEDBACK_MS, COPY_OUTCOME_TEXT, type CopyOutcome } from "#app/enhance/markup.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import CheckIcon from "lucide-react/icons/check";
import CopyIcon from "lucide-react/icons/copy";
import { inlineIconClass } from "./icons";

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
  const [outcome, setOutcome] = useState<{ of: CopyOutcome }>();
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(undefined), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn min-h-8 px-2 py-1 text-xs"
      aria-label={outcome ? `${label}: ${outcome.of}` : label}
      onClick={async () => {
        let of: CopyOutcome = "copied";
        try {
          await navigator.clipboard.writeText(load ? await load() : value);
        } catch {
          of = "failed";
        }
        // A new object on every press, so a second press in a row shows its outcome for the full time again.
        setOutcome({ of });
      }}
    >
      {outcome?.of === "copied" ? (
        <CheckIcon aria-hidden="true" className={inlineIconClass} />
      ) : (
        <CopyIcon aria-hidden="true" className={inlineIconClass} />
      )}
      <span>{outcome ? COPY_OUTCOME_TEXT[outcome.of] : label}</span>
    </button>
  );
}
