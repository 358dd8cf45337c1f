// The preview beside a markdown field. It renders on the server too: without JavaScript a Preview button posts
// the form and the page comes back rendered from the posted text; with JavaScript it follows every keystroke once
// the markdown renderer (marked, about 13 kB gzipped) has loaded, which the page does on demand rather than with it.
import { Suspense, use, useDeferredValue, useMemo } from "react";
import { MarkdownView } from "#app/components/markdown-view.tsx";
import { deferredModule } from "#app/utils/deferred-module.ts";
import { useHydrated } from "#app/utils/hydrated.ts";

const loadMarkdownRenderer = deferredModule(() => import("#shared/markdown.ts"));
const hintClass = "text-sm text-zinc-600 dark:text-zinc-400";

export function MarkdownPreview({ markdown, label = "Preview" }: { markdown: string; label?: string }) {
  // Typing stays smooth on long documents: React renders the preview when it has time.
  const deferred = useDeferredValue(markdown);
  return (
    <section
      aria-label={label}
      className="min-h-24 rounded-md border border-dashed border-zinc-300 p-3 dark:border-zinc-700"
    >
      <p className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{label}</p>
      {deferred.trim() ? (
        // Until the renderer arrives the server's preview stays (or, after a client-side navigation, this note).
        <Suspense fallback={<p className={hintClass}>Loading the preview...</p>}>
          <RenderedMarkdown markdown={deferred} />
        </Suspense>
      ) : (
        <p className={hintClass}>Nothing to preview.</p>
      )}
    </section>
  );
}

function RenderedMarkdown({ markdown }: { markdown: string }) {
  const { renderMarkdown } = use(loadMarkdownRenderer());
  const html = useMemo(
    () => renderMarkdown(markdown, { headingOffset: 1, idPrefix: "preview-" }).html,
    [renderMarkdown, markdown],
  );
  return <MarkdownView html={html} />;
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
