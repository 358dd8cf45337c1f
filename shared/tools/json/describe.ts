// Sentences about a parse report, which the engine adds to its result for the page to show.
import type { ParseReport, RemovalKind } from "./parse.ts";

const REMOVAL_NAMES: Record<RemovalKind, [string, string]> = {
  "line comment": ["line comment", "line comments"],
  "block comment": ["block comment", "block comments"],
  "trailing comma": ["trailing comma", "trailing commas"],
};

/** "Removed 2 line comments (lines 1, 4) and 1 trailing comma (line 9)." or null when nothing was removed. */
export function describeRemovals(report: ParseReport): string | null {
  const parts: string[] = [];
  for (const kind of Object.keys(REMOVAL_NAMES) as RemovalKind[]) {
    const count = report.removalCounts[kind];
    if (count === 0) continue;
    const lines = report.removals.filter((removal) => removal.kind === kind).map((removal) => removal.line);
    const listed = [...new Set(lines)].slice(0, 12);
    const more = count > lines.length || new Set(lines).size > listed.length ? ", …" : "";
    const [one, many] = REMOVAL_NAMES[kind];
    parts.push(
      `${count} ${count === 1 ? one : many} ` +
        `(line${listed.length === 1 && !more ? "" : "s"} ` +
        `${listed.join(", ")}${more})`,
    );
  }
  if (parts.length === 0) return null;
  const last = parts.pop()!;
  return `Removed ${parts.length ? `${parts.join(", ")} and ${last}` : last}.`;
}
