// Every match of a search as a file: GET /api/camera/reports/export.csv and export.json, streamed as the rows are
// read (server/services/camera-reports/export.ts). Mounted before the camera routes, whose /camera/reports/{id}
// would otherwise take "export.csv" for a report id.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  CameraReportExportCsvSchema,
  CameraReportExportJsonSchema,
  CameraReportExportQuerySchema,
  type ExportFormat,
} from "#shared/contract/camera-export.ts";
import { normalizeCameraReportQuery, type CameraReportSummary } from "#shared/contract/camera.ts";
import {
  exportCameraReports,
  exportFileName,
  withFirstBatchRead,
  exportStream,
  MAX_EXPORT_ROWS,
} from "#server/services/camera-reports/export.ts";
import {
  cameraExportFiles,
  fileStream,
  isWholeExport,
  type ExportFile,
} from "#server/services/camera-reports/export-file.ts";
import type { ApiEnv } from "../context";
import { ErrorBodySchema, jsonResponse } from "../openapi";

export const cameraExportRoutes = new OpenAPIHono<ApiEnv>();

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8; header=present",
  json: "application/json; charset=utf-8",
};

const DESCRIPTION =
  "Takes the parameters of GET /api/camera/reports (page, size and group are ignored) and answers every " +
  `matching report in the list's order, at most ${MAX_EXPORT_ROWS.toLocaleString("en-US")} (X-Export-Limit says so). ` +
  "Streamed as it is read: a broken connection is a cut file, so a reader checks the end " +
  "(the JSON's closing bracket). " +
  "Without a search (and in the default order) the export of every report is answered from a file rewritten when " +
  "reports change, with a strong ETag and Last-Modified; If-None-Match or If-Modified-Since then answers 304.";

async function exportAnswer(
  c: Context<ApiEnv>,
  format: ExportFormat,
  input: Parameters<typeof normalizeCameraReportQuery>[0],
) {
  const query = normalizeCameraReportQuery(input);
  if (isWholeExport(query)) return wholeExportAnswer(c, format, query);
  const stream = exportStream(await withFirstBatchRead(exportCameraReports(c.var.db, query)), format);
  return new Response(stream, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${exportFileName(query, format)}"`,
      "Cache-Control": "no-store",
      "X-Export-Limit": String(MAX_EXPORT_ROWS),
    },
  });
}

/**
 * Every report: the same bytes for everyone, from the file this process keeps (no query per request), streamed
 * from disk; 304 when the caller already holds it.
 */
async function wholeExportAnswer(
  c: Context<ApiEnv>,
  format: ExportFormat,
  query: ReturnType<typeof normalizeCameraReportQuery>,
) {
  const { file, handle } = await cameraExportFiles(c.var.db).open(format);
  const headers: Record<string, string> = {
    "Content-Type": CONTENT_TYPES[format],
    "Content-Disposition": `attachment; filename="${exportFileName(query, format)}"`,
    // The same bytes for everyone: any cache may keep them, asking each time whether they changed.
    "Cache-Control": "public, no-cache",
    ETag: file.etag,
    "Last-Modified": file.lastModified.toUTCString(),
    "X-Export-Limit": String(MAX_EXPORT_ROWS),
  };
  if (notModified(c.req.raw.headers, file)) {
    await handle.close();
    return new Response(null, { status: 304, headers });
  }
  return new Response(fileStream(handle), { headers: { ...headers, "Content-Length": String(file.size) } });
}

/** If-None-Match (weak comparison, RFC 9110 13.1.2), else If-Modified-Since. */
function notModified(request: Headers, file: ExportFile): boolean {
  const ifNoneMatch = request.get("if-none-match");
  if (ifNoneMatch !== null) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(file.etag));
  }
  const since = Date.parse(request.get("if-modified-since") ?? "");
  return Number.isFinite(since) && file.lastModified.getTime() <= since;
}

cameraExportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/camera/reports/export.csv",
    tags: ["camera"],
    summary: "Every report a search matches, as a CSV file",
    description: DESCRIPTION,
    request: { query: CameraReportExportQuerySchema },
    responses: {
      200: {
        description: "The matching reports' summaries, one row each, as an attachment",
        content: { "text/csv": { schema: CameraReportExportCsvSchema } },
      },
      304: { description: "The export of every report has not changed since the validator sent" },
      400: jsonResponse(ErrorBodySchema, "Invalid parameters"),
    },
  }),
  (c) => exportAnswer(c, "csv", c.req.valid("query")),
);

cameraExportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/camera/reports/export.json",
    tags: ["camera"],
    summary: "Every report a search matches, as a JSON file",
    description: DESCRIPTION,
    request: { query: CameraReportExportQuerySchema },
    responses: {
      200: {
        description: "An array of the matching reports' summaries (as the list answers them), as an attachment",
        content: { "application/json": { schema: CameraReportExportJsonSchema } },
      },
      304: { description: "The export of every report has not changed since the validator sent" },
      400: jsonResponse(ErrorBodySchema, "Invalid parameters"),
    },
  }),
  // Streamed text, not c.json(): typed as c.json's answer so the route's declared schema still checks.
  async (c) =>
    (await exportAnswer(c, "json", c.req.valid("query"))) as unknown as ReturnType<
      typeof c.json<CameraReportSummary[], 200>
    >,
);
