// The JSON tool's two views of a valid input: the formatted text (the start of a long one, with a note of what is
// left out) and the tree, which renders after the rest of the page.
import { useDeferredValue, useMemo } from "react";
import { CopyButton } from "#app/components/copy-button.tsx";
import { JsonTreeView } from "#app/components/tools/json-tree.tsx";
import type { JsonResultInPage } from "#app/tools/json/worker-client.ts";
import type { JsonToolResult } from "#shared/tools/json/engine.ts";
import { outputPreview, previewNote } from "#shared/tools/json/output-preview.ts";
import { utf8ByteLength } from "#shared/tools/text-size.ts";

/** Tree views with more values than this are laid out by the browser only when they scroll into view. */
const LAZY_LAYOUT_TREE_VALUES = 200;

export function JsonOutputBox({ result }: { result: JsonResultInPage | null }) {
  const preview = useMemo(
    () => (result?.ok ? (result.outputCut ? { text: result.output, cut: true } : outputPreview(result.output)) : null),
    [result],
  );
  return (
    <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <div className="mb-1 flex min-h-8 items-end justify-between gap-2">
        <label htmlFor="json-output" className="label mb-0">
          Formatted
        </label>
        {!result?.ok ? null : result.wholeOutput ? (
          <CopyButton load={result.wholeOutput.text} label="Copy" />
        ) : result.outputCut ? null : (
          <CopyButton value={result.output} label="Copy" />
        )}
      </div>
      <textarea
        id="json-output"
        readOnly
        value={preview?.text ?? ""}
        aria-describedby={preview?.cut ? "json-output-note" : undefined}
        rows={18}
        spellCheck={false}
        className="input bg-zinc-50 font-mono text-sm [tab-size:4] dark:bg-zinc-950"
        placeholder="The formatted JSON appears here."
      />
      {preview?.cut && result?.ok ? (
        <p id="json-output-note" className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          {previewNote(
            preview.text,
            result.outputBytes ?? utf8ByteLength(result.output),
            !result.outputCut || Boolean(result.wholeOutput),
          )}
        </p>
      ) : null}
    </div>
  );
}

export function JsonTreeDetails({ result }: { result: JsonToolResult | null }) {
  // The tree (up to 2,000 rows) renders after the rest, in slices between which the page keeps answering input.
  const treeResult = useDeferredValue(result);
  return treeResult?.ok && treeResult.tree ? (
    <details open className="card mt-4">
      <summary className="cursor-pointer font-semibold">Tree view</summary>
      {/* Up to 2,000 rows, mostly below the fold: a large tree is laid out when it scrolls into view (a small one
          at once, so its box is never the size guessed for it before). */}
      <div
        className={
          treeResult.tree.shown > LAZY_LAYOUT_TREE_VALUES
            ? "mt-3 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
            : "mt-3"
        }
      >
        <JsonTreeView tree={treeResult.tree} valueCount={treeResult.report?.valueCount ?? 0} />
      </div>
    </details>
  ) : null;
}
