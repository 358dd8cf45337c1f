// The preview beside a markdown field. It renders on the server too: without JavaScript a Preview button posts
// the form and the page comes back rendered from the posted text; with JavaScript it follows every keystroke.
import { useDeferredValue, useMemo } from "react";
import { MarkdownView } from "~/components/markdown-view";
import { useHydrated } from "~/utils/hydrated";
import { renderMarkdown } from "~/utils/markdown";

export function MarkdownPreview({ markdown, label = "Preview" }: { markdown: string; label?: string }) {
  // Typing stays smooth on long documents: React renders the preview when it has time.
  const deferred = useDeferredValue(markdown);
  const html = useMemo(() => renderMarkdown(deferred, { headingOffset: 1, idPrefix: "preview-" }).html, [deferred]);
  return (
    <section
      aria-label={label}
      className="min-h-24 rounded-md border border-dashed border-zinc-300 p-3 dark:border-zinc-700"
    >
      <p className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{label}</p>
      {deferred.trim() ? (
        <MarkdownView html={html} />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing to preview.</p>
      )}
    </section>
  );
}

/** The form's Preview button (intent "preview"), shown only without JavaScript: with it the preview is live. */
export function PreviewButton() {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <button type="submit" name="intent" value="preview" className="btn" formNoValidate>
      Preview
    </button>
  );
}
