// The exports of a search, GET /api/camera/reports/export.csv and export.json: the list's search parameters (page
// and size are ignored, every match is exported) and what each format answers.
import { z } from "zod";
import { CameraReportQuerySchema, CameraReportSummarySchema } from "./camera";

const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The list's own query schema, so an export takes exactly what the list takes and refuses what it refuses. */
export const CameraReportExportQuerySchema = CameraReportQuerySchema;

/** export.json: the summaries the list shows, not the uploaded bodies (one report's body is its download). */
export const CameraReportExportJsonSchema = z.array(CameraReportSummarySchema);

export const CameraReportExportCsvSchema = z
  .string()
  .describe(
    "UTF-8 with a byte order mark, CRLF line ends, a header row " +
      "(id,manufacturer,device_model,os,os_ver,created_at,camera_count,best_level,sdk,best_megapixels); " +
      "every text field quoted as RFC 4180 says (numbers bare, null empty), " +
      "text starting with =, +, -, @, tab or carriage return prefixed with an apostrophe.",
  );
