// Every match of a search as a file: GET /api/camera/reports/export.csv and export.json, streamed as the rows are
// read (server/services/camera-report-export.ts). Mounted before the camera routes, whose /camera/reports/{id}
// would otherwise take "export.csv" for a report id.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  CameraReportExportCsvSchema,
  CameraReportExportJsonSchema,
  CameraReportExportQuerySchema,
  type ExportFormat,
} from "../../../shared/contract/camera-export";
import { normalizeCameraReportQuery, type CameraReportSummary } from "../../../shared/contract/camera";
import {
  exportCameraReports,
  exportFileName,
  withFirstBatchRead,
  exportStream,
  MAX_EXPORT_ROWS,
} from "../../services/camera-report-export";
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
  "Streamed as it is read: a broken connection is a cut file, so a reader checks the end (the JSON's closing bracket).";

async function exportAnswer(
  c: Context<ApiEnv>,
  format: ExportFormat,
  input: Parameters<typeof normalizeCameraReportQuery>[0],
) {
  const query = normalizeCameraReportQuery(input);
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
      400: jsonResponse(ErrorBodySchema, "Invalid parameters"),
    },
  }),
  // Streamed text, not c.json(): typed as c.json's answer so the route's declared schema still checks.
  async (c) =>
    (await exportAnswer(c, "json", c.req.valid("query"))) as unknown as ReturnType<
      typeof c.json<CameraReportSummary[], 200>
    >,
);
