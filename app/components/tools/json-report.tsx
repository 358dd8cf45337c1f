// What the JSON tool found besides the formatted text: the document's size, what JSONC removed, a skipped byte
// order mark, keys written twice, and numbers JavaScript would read differently.
import { DataTable } from "#app/components/data-table.tsx";
import type { JsonToolResult } from "#shared/tools/json/engine.ts";
import { formatByteSize } from "#shared/tools/text-size.ts";

export function JsonReportView({ result, jsoncAccepted }: { result: JsonToolResult | null; jsoncAccepted: boolean }) {
  const removals = result?.removalSummary;
  const report = result?.report;
  return (
    <>
      <div className="mt-4 space-y-3">
        {result?.ok && report ? (
          <p role="status" className="text-sm text-green-800 dark:text-green-300">
            Valid JSON{jsoncAccepted ? " (JSONC accepted)" : ""}: {report.valueCount.toLocaleString("en")} value
            {report.valueCount === 1 ? "" : "s"}, nested {report.maxDepth} level
            {report.maxDepth === 1 ? "" : "s"} deep, {formatByteSize(result.inputBytes)}.
          </p>
        ) : null}
        {removals ? <p className="text-sm">{removals}</p> : null}
        {report?.bomIgnored ? (
          <p className="text-sm">A byte order mark (U+FEFF) at the start was ignored, as RFC 8259 allows.</p>
        ) : null}
      </div>

      {report && report.duplicateCount > 0 ? (
        <section aria-labelledby="duplicates-title" className="mt-4">
          <h2 id="duplicates-title" className="mb-2 text-lg font-semibold">
            Duplicate keys ({report.duplicateCount.toLocaleString("en")})
          </h2>
          <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
            RFC 8259 says keys should be unique. JSON.parse and most parsers keep the last value; the formatted text
            keeps every one, as written.
          </p>
          <DataTable
            label="Duplicate keys"
            columns={["Object", "Key", "On lines", "A parser keeps"]}
            rows={report.duplicates}
            empty={null}
          >
            {(duplicate, index) => (
              <tr key={index}>
                <td className="font-mono">{duplicate.path}</td>
                <td className="font-mono">&quot;{duplicate.key}&quot;</td>
                <td>{duplicate.lines.join(", ")}</td>
                <td>the value on line {duplicate.keptLine} (the last)</td>
              </tr>
            )}
          </DataTable>
        </section>
      ) : null}

      {report && report.impreciseNumberCount > 0 ? (
        <section aria-labelledby="numbers-title" className="mt-4">
          <h2 id="numbers-title" className="mb-2 text-lg font-semibold">
            Numbers JavaScript would change ({report.impreciseNumberCount.toLocaleString("en")})
          </h2>
          <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
            The formatted text keeps them as written; a program using JSON.parse would read them differently.
          </p>
          <ul className="space-y-1 text-sm">
            {report.impreciseNumbers.map((number, index) => (
              <li key={index}>
                Line {number.line}: <code className="break-all">{number.text}</code> becomes{" "}
                <code className="break-all">{number.parsed}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
