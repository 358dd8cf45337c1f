// "Copy link" for a tool's input and options. With JavaScript the link is built from what is on screen when the
// button is pressed; without it the server renders a plain link, when the input is small enough for a query string.
import { useEffect, useState } from "react";
import { COPY_FEEDBACK_MS } from "~/components/copy-button";
import type { ShareLink } from "~/tools/share-link";
import { formatByteSize } from "../../../shared/tools/text-size";
import { useHydrated } from "~/utils/hydrated";

export function ShareLinkControl({ serverLink, build }: { serverLink: string | null; build: () => ShareLink | null }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<{ copied: boolean; note: string | null }>({ copied: false, note: null });
  useEffect(() => {
    if (!state.copied) return;
    const timer = setTimeout(() => setState((current) => ({ ...current, copied: false })), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state.copied]);

  if (!hydrated) {
    return serverLink ? (
      <a href={serverLink} className="text-sm">
        Link to this result
      </a>
    ) : null;
  }
  async function copy() {
    const link = build();
    if (!link) return setState({ copied: false, note: "Type or paste an input first." });
    if ("tooLarge" in link)
      return setState({
        copied: false,
        note:
          `The link would be ${formatByteSize(link.chars)}, longer than browsers open: ` +
          "download the result instead.",
      });
    try {
      await navigator.clipboard.writeText(new URL(link.href, window.location.href).href);
      setState({
        copied: true,
        note: link.inQuery
          ? "The input is in the link's address: whoever opens it sends it to this site."
          : "The input is after the link's #, which browsers never send: the page reads it when it opens.",
      });
    } catch {
      setState({ copied: false, note: "The clipboard is not available." });
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn"
        aria-label={state.copied ? "Copy link: copied" : undefined}
        aria-describedby={state.note ? "share-link-note" : undefined}
        onClick={() => void copy()}
      >
        <span aria-hidden="true">{state.copied ? "✓" : "🔗"}</span>
        <span>{state.copied ? "Link copied" : "Copy link"}</span>
      </button>
      {state.note ? (
        <span id="share-link-note" role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {state.note}
        </span>
      ) : null}
    </span>
  );
}
