// Every match of a search, for the CSV and JSON exports: read in the list's order in keyset batches and written as
// they come, so an export of any size holds one batch in memory and its first bytes leave before the last row is read.
import { and, sql, type SQL } from "drizzle-orm";
import type { CameraReportQuery, CameraReportSummary } from "#shared/contract/camera.ts";
import type { Database } from "#server/db/client.ts";
import { cameraReports } from "#server/db/schema.ts";
import { cameraReportSearchSql, SORT_KEYS } from "./query";
import { LIST_COLUMNS, summaryOf, type ListRow } from "./reports";

/** Most reports one export holds; a larger search is cut here (in its order) and says so in X-Export-Limit. */
export const MAX_EXPORT_ROWS = 50_000;
/**
 * Rows read per query: large enough that the round trips cost little, small enough to keep memory flat and the
 * process free for other requests, as PGlite runs a query on the process's one thread. A smaller batch also brings
 * the first byte sooner, as the headers leave once the second batch is read (docs/performance.md).
 */
const EXPORT_BATCH_SIZE = 250;

export interface ExportOptions {
  maxRows?: number;
  batchSize?: number;
}

interface Cursor {
  /** The sort key of the last row sent, as PostgreSQL's own text: a time keeps the microseconds a Date drops. */
  key: string | null;
  id: string;
}

/**
 * Rows after the cursor in the search's order: (key, id) past the last row's, which the sort's (key, id) index
 * serves as a range, so no batch reads the rows before it again. The Android version is the one key that may be
 * null: its nulls come last going down and first going up, as the list orders them.
 */
function afterCursor(query: CameraReportQuery, cursor: Cursor): SQL {
  const key = SORT_KEYS[query.sort];
  const id = cameraReports.id;
  const descending = query.dir === "desc";
  if (cursor.key === null)
    return descending
      ? sql`(${key} is null and ${id} < ${cursor.id})`
      : sql`((${key} is null and ${id} > ${cursor.id}) or ${key} is not null)`;
  const past = descending
    ? sql`(${key}, ${id}) < (${cursor.key}, ${cursor.id})`
    : sql`(${key}, ${id}) > (${cursor.key}, ${cursor.id})`;
  return descending && query.sort === "android" ? sql`(${past} or ${key} is null)` : past;
}

/** The summaries of every report the search matches, in the list's order, a batch at a time. */
export async function* exportCameraReports(
  db: Database,
  query: CameraReportQuery,
  { maxRows = MAX_EXPORT_ROWS, batchSize = EXPORT_BATCH_SIZE }: ExportOptions = {},
): AsyncGenerator<CameraReportSummary[]> {
  const { where, orderBy } = cameraReportSearchSql(query);
  let cursor: Cursor | null = null;
  let sent = 0;
  while (sent < maxRows) {
    const rows: (ListRow & { cursorKey: string | null })[] = await db
      .select({ ...LIST_COLUMNS, cursorKey: sql<string | null>`(${SORT_KEYS[query.sort]})::text` })
      .from(cameraReports)
      .where(and(where, cursor ? afterCursor(query, cursor) : undefined))
      .orderBy(...orderBy)
      .limit(Math.min(batchSize, maxRows - sent));
    if (!rows.length) return;
    sent += rows.length;
    yield rows.map(summaryOf);
    const last = rows[rows.length - 1]!;
    cursor = { key: last.cursorKey, id: last.id };
    if (rows.length < batchSize) return;
  }
}

/**
 * Reads the first batch now, so that a query the database refuses (or a database that is down) is answered with its
 * error status before the file starts, instead of as a cut file; answers the batches with that one put back.
 */
export async function withFirstBatchRead<T>(batches: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await batches.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      yield* batches;
    } finally {
      await batches.return(undefined);
    }
  })();
}

// ---------------------------------------------------------------- the two formats

const CSV_COLUMNS = [
  "id",
  "manufacturer",
  "device_model",
  "os",
  "os_ver",
  "created_at",
  "camera_count",
  "best_level",
  "sdk",
  "best_megapixels",
] as const satisfies readonly (keyof CameraReportSummary)[];

/** What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field. Every text field is quoted (RFC 4180: wrapped in double quotes, inner quotes doubled), so a reader
 * that splits on ";" instead of "," (a spreadsheet in many European locales) still sees each value inside quotes and
 * never a cell that starts in the middle of one. Text that a spreadsheet would run as a formula (a leading =, +, -, @,
 * tab or carriage return) also gets a leading apostrophe, because Excel runs a formula from a quoted field too; the
 * JSON export carries every value exactly. Numbers are bare; null is an empty unquoted field, "" an empty string.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvRow(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * The export's text, piece by piece: its opening, each batch, its end. The streamed answer and the file of the
 * whole export (camera-report-export-file.ts) are both written by it, so their bytes are the same.
 */
export function exportText(format: "csv" | "json") {
  let first = true;
  return {
    /** The CSV starts with a byte order mark, so spreadsheets read its names as UTF-8. */
    start: () => (format === "csv" ? `\uFEFF${csvRow(CSV_COLUMNS)}` : "["),
    batch(reports: readonly CameraReportSummary[]): string {
      let text = "";
      for (const report of reports) {
        if (format === "csv") text += csvRow(CSV_COLUMNS.map((column) => report[column]));
        else text += `${first ? "\n" : ",\n"}${JSON.stringify(report)}`;
        first = false;
      }
      return text;
    },
    end: () => (format === "json" ? (first ? "]\n" : "\n]\n") : ""),
  };
}

/** The export as a byte stream. A reader that goes away stops the reading at the next batch. */
export function exportStream(batches: AsyncGenerator<CameraReportSummary[]>, format: "csv" | "json") {
  const encoder = new TextEncoder();
  const text = exportText(format);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(text.start()));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        const end = text.end();
        if (end) controller.enqueue(encoder.encode(end));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(text.batch(next.value)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** "camera-reports-pixel-7-2026-11-25.csv": what was searched for and when, for a downloads folder. */
export function exportFileName(query: CameraReportQuery, format: "csv" | "json", now = new Date()): string {
  const words = [query.q, ...query.manufacturers, query.model, query.facing, query.minLevel, ...query.caps]
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-")
    .slice(0, 60)
    .replace(/-+$/, "");
  return ["camera-reports", words || "all", now.toISOString().slice(0, 10)].join("-") + `.${format}`;
}
