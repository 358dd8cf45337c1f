// Where and why the JSON tool's input is not valid JSON: the message, the line with a caret under the spot, a hint,
// and another spot that explains it (such as where an unclosed bracket opened).
import { CaretExcerptView } from "#app/components/tools/caret-excerpt.tsx";
import type { JsonSyntaxError } from "#shared/tools/json/parse.ts";

export function JsonSyntaxErrorView({ error }: { error: JsonSyntaxError }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950/40"
    >
      <p className="font-semibold text-red-800 dark:text-red-300">
        Invalid JSON at line {error.line}, column {error.column}: {error.message}
      </p>
      <CaretExcerptView excerpt={error} />
      {error.hint ? <p className="mt-2 text-zinc-900 dark:text-zinc-100">Hint: {error.hint}</p> : null}
      {error.related ? (
        <p className="mt-1 text-zinc-700 dark:text-zinc-300">
          See line {error.related.line}, column {error.related.column}: {error.related.label}.
        </p>
      ) : null}
    </div>
  );
}
