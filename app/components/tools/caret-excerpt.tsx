// An error's line with a caret under the spot, as a terminal would print it.
import type { CaretExcerpt } from "#shared/tools/text-position.ts";

export function CaretExcerptView({ excerpt, label }: { excerpt: CaretExcerpt; label?: string }) {
  return (
    <pre
      aria-label={label ?? `Line ${excerpt.line}, column ${excerpt.column}`}
      className={
        "mt-2 overflow-x-auto rounded border border-red-200 bg-white p-2 font-mono text-sm text-zinc-900 " +
        "[tab-size:4] dark:border-red-900 dark:bg-zinc-950 dark:text-zinc-100"
      }
    >
      <span className="mr-2 text-zinc-500 select-none">{excerpt.line} |</span>
      {excerpt.text}
      {"\n"}
      <span className="mr-2 text-zinc-500 select-none">{" ".repeat(String(excerpt.line).length)} |</span>
      <span className="font-bold text-red-700 dark:text-red-400">{excerpt.caret}</span>
    </pre>
  );
}
