// Why the URL tool cannot encode or decode its input: each malformed sequence with where it is, what is wrong and a
// hint, up to the listed number.
import type { Direction } from "#shared/tools/url/options.ts";
import type { UrlToolResult } from "#shared/tools/url/engine.ts";

const SEQUENCE_CLASS = "rounded bg-white px-1 font-bold dark:bg-zinc-950";

export function UrlProblemsView({ result, direction }: { result: UrlToolResult; direction: Direction }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950/40"
    >
      <p className="font-semibold text-red-800 dark:text-red-300">
        Cannot {direction}: {result.errorCount === 1 ? "1 problem" : `${result.errorCount} problems`}.
      </p>
      <ul className="mt-2 space-y-2">
        {result.errors.map((error, index) => (
          <li key={index}>
            <code className={SEQUENCE_CLASS}>{error.sequence}</code> at {error.where}: {error.message}
            {error.hint ? <span className="block text-zinc-700 dark:text-zinc-300">Hint: {error.hint}</span> : null}
          </li>
        ))}
      </ul>
      {result.errorCount > result.errors.length ? (
        <p className="mt-2">… and {result.errorCount - result.errors.length} more.</p>
      ) : null}
    </div>
  );
}
