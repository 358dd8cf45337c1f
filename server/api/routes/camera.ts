// Camera reports: upload from the probe app (x-api-key), the list with search and filters, one report,
// and its download. Reads are served from an in-memory cache with ETag/304 (list 10 s, detail about 24 minutes).
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  CameraManufacturerCountsSchema,
  CameraReportCreatedSchema,
  CameraReportDataSchema,
  CameraReportDetailSchema,
  CameraReportDownloadQuerySchema,
  CameraReportIdParamsSchema,
  CameraReportPageSchema,
  CameraReportQuerySchema,
  CameraReportUploadHeadersSchema,
  CameraReportUploadSchema,
  cameraReportSearchParams,
  type CameraReportDetail,
  isReportId,
  normalizeCameraReportQuery,
} from "#shared/contract/camera.ts";
import { cacheControl } from "#shared/http/cache-headers.ts";
import type { ApiKeyIdentity } from "#server/services/api-key-auth.ts";
import {
  getCameraReport,
  listCameraReports,
  probeAppStoreUrl,
  reportFileName,
} from "#server/services/camera-reports/reports.ts";
import { createCameraReport } from "#server/services/camera-reports/storing.ts";
import {
  answerWeight,
  cachedAnswer,
  cameraReportCaches,
  DETAIL_TTL_MS,
  etagOf,
  LIST_MAX_AGE_S,
  LIST_TTL_MS,
  MISSING_TTL_MS,
  type CachedAnswer,
} from "#server/services/camera-reports/caches.ts";
import { manufacturerCounts } from "#server/services/camera-reports/models.ts";
import { etagMatches } from "#shared/http/cache-headers.ts";
import { CameraStatsSchema } from "#shared/contract/camera-stats.ts";
import { cameraReportStats } from "#server/services/camera-reports/stats.ts";
import { config } from "#server/config.ts";
import { stringifyWithJsonText } from "#server/lib/json-text.ts";
import { hitRateLimit } from "#server/lib/rate-limit.ts";
import { authenticateApiKey, requireScope } from "../api-key-guard";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";
import { ErrorBodySchema, jsonBody, jsonResponse } from "../openapi";

type CameraEnv = ApiEnv & { Variables: { apiKey: ApiKeyIdentity } };

/** The limit for one report, whatever MAX_BODY_BYTES allows elsewhere. */
const MAX_REPORT_BYTES = 1024 * 1024;
const DETAIL_MAX_AGE_S = DETAIL_TTL_MS / 1000;
const NOT_FOUND = "No report data available";

/** A known key with the reports:upload scope (server/api/api-key-guard.ts). */
const requireApiKey: MiddlewareHandler<CameraEnv> = async (c, next) => {
  const identity = await authenticateApiKey(c, c.req.header("x-api-key"));
  requireScope(identity, "reports:upload");
  c.set("apiKey", identity);
  await next();
};

/** A leaked key cannot fill the database: uploads per API key and hour (the probe app's key is shared by its users). */
const UPLOAD_WINDOW_MS = 60 * 60 * 1000;
const uploadRateLimit: MiddlewareHandler<CameraEnv> = async (c, next) => {
  const limit = await hitRateLimit(
    c.var.db,
    `upload:key:${c.var.apiKey.id}`,
    config.uploadRateLimitPerHour,
    UPLOAD_WINDOW_MS,
  );
  if (!limit.allowed) {
    throw new ApiError(
      429,
      `Too many uploads with this API key: the limit is ` +
        `${config.uploadRateLimitPerHour.toLocaleString("en")} an hour. Try again in ` +
        `${limit.retryAfterSeconds} seconds.`,
      [],
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  await next();
};

const reportBodyLimit = bodyLimit({
  maxSize: MAX_REPORT_BYTES,
  onError: () => {
    throw new ApiError(413, "The report is too large: the limit is 1 MiB.");
  },
});

/**
 * A cached answer as a response: 304 when the client holds it already, else the JSON with its validators. Its Age
 * (rounded up) says how long ago it was read, so a cache after this one keeps it only for the rest of its max-age.
 */
function sendCached(
  c: Context,
  answer: CachedAnswer,
  maxAgeSeconds: number,
  extraHeaders: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = { "Cache-Control": cacheControl(maxAgeSeconds, false), ...extraHeaders };
  const ageMs = Date.now() - answer.loadedAt;
  if (ageMs > 0) headers.Age = String(Math.ceil(ageMs / 1000));
  if (answer.etag) headers.ETag = answer.etag;
  if (etagMatches(c.req.header("if-none-match"), answer.etag)) return c.body(null, 304, headers);
  return c.body(answer.json ?? "null", 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
}

/**
 * The cached answer of one report (its JSON text in `json`). The report's body is in it as uploaded: the answer is
 * printed around the stored text, never parsed and printed again.
 */
async function cachedDetail(c: Context<CameraEnv>, id: string): Promise<CachedAnswer & { json: string }> {
  // Ids that cannot exist never reach the database or the cache.
  if (!isReportId(id)) throw new ApiError(404, NOT_FOUND);
  const db = c.var.db;
  const answer = await cameraReportCaches(db).detail.getOrLoad(
    id.toLowerCase(),
    async () => {
      const report = await getCameraReport(db, id);
      if (!report) return cachedAnswer(null);
      const json = stringifyWithJsonText(report);
      return { json, etag: etagOf(json), loadedAt: Date.now() };
    },
    (value) => (value.json === null ? MISSING_TTL_MS : DETAIL_TTL_MS),
    answerWeight,
  );
  if (answer.json === null) throw new ApiError(404, NOT_FOUND);
  return { ...answer, json: answer.json };
}

const REPORT_DATA_MEMBER = '"report_data":';

/**
 * The uploaded text in a report's answer, whitespace around it included: cachedDetail prints it last, after the key,
 * and the fields before it cannot hold the key's text (a quote inside a string is escaped there).
 */
function uploadedText(detailJson: string): string {
  return detailJson.slice(detailJson.indexOf(REPORT_DATA_MEMBER) + REPORT_DATA_MEMBER.length, -1);
}

export const cameraRoutes = new OpenAPIHono<CameraEnv>();

cameraRoutes.openapi(
  createRoute({
    method: "post",
    path: "/camera/reports",
    tags: ["camera"],
    summary: "Upload one camera report (probe app)",
    security: [{ ApiKey: [] }],
    description:
      "The envelope of docs/camera-report.md. Unknown keys are kept as " +
      "uploaded. At most 1 MiB. Authenticated with an x-api-key header.",
    middleware: [reportBodyLimit, requireApiKey, uploadRateLimit] as const,
    request: { headers: CameraReportUploadHeadersSchema, body: jsonBody(CameraReportUploadSchema) },
    responses: {
      201: jsonResponse(
        CameraReportCreatedSchema,
        "Stored (or, for a repeated Idempotency-Key, the report stored first).",
      ),
      400: jsonResponse(ErrorBodySchema, "A malformed report, with one error per field"),
      401: jsonResponse(ErrorBodySchema, "Missing, unknown or revoked API key"),
      403: jsonResponse(ErrorBodySchema, "The key lacks the reports:upload scope"),
      413: jsonResponse(ErrorBodySchema, "Larger than 1 MiB"),
      415: jsonResponse(ErrorBodySchema, "Not application/json"),
      422: jsonResponse(ErrorBodySchema, "The Idempotency-Key was used with another body"),
      429: jsonResponse(
        ErrorBodySchema,
        "Too many uploads with this API key this hour, or unknown keys from this address; see Retry-After",
      ),
    },
  }),
  async (c) => {
    const upload = c.req.valid("json");
    const { "idempotency-key": idempotencyKey } = c.req.valid("header");
    const db = c.var.db;
    // The body's text is stored as it is: the parsed upload only feeds the checks and the list's columns.
    const text = await c.req.text();
    const created = await createCameraReport(db, upload, { text, apiKeyId: c.var.apiKey.id, idempotencyKey });
    return c.json({ id: created.id }, 201, created.replayed ? { "Idempotent-Replayed": "true" } : {});
  },
);

cameraRoutes.openapi(
  createRoute({
    method: "get",
    path: "/camera/reports",
    tags: ["camera"],
    summary: "Camera reports, newest first or sorted by a column, with search, filters, paging and grouping",
    description: "Every parameter narrows, orders or pages the list; an empty one means any. May be 10 s old.",
    request: { query: CameraReportQuerySchema },
    responses: {
      200: jsonResponse(CameraReportPageSchema, "One page of summaries and the number of matching reports"),
      304: { description: "Not modified (If-None-Match)" },
      400: jsonResponse(ErrorBodySchema, "Invalid parameters"),
    },
  }),
  async (c) => {
    const query = normalizeCameraReportQuery(c.req.valid("query"));
    const db = c.var.db;
    const caches = cameraReportCaches(db);
    // Read with the list, as long as a list answer is kept: each new search would otherwise read it again.
    const storeUrl = () =>
      caches.probeAppStoreUrl.getOrLoad(
        "",
        () => probeAppStoreUrl(db),
        () => LIST_TTL_MS,
        (url) => url.length,
      );
    const answer = await caches.list.getOrLoad(
      cameraReportSearchParams(query).toString(),
      async () => cachedAnswer({ ...(await listCameraReports(db, query)), probe_app_store_url: await storeUrl() }),
      () => LIST_TTL_MS,
      answerWeight,
    );
    return sendCached(c, answer, LIST_MAX_AGE_S);
  },
);

cameraRoutes.openapi(
  createRoute({
    method: "get",
    path: "/camera/manufacturers",
    tags: ["camera"],
    summary: "Manufacturers with their report counts, most reports first (the list's manufacturer filter)",
    responses: {
      200: jsonResponse(CameraManufacturerCountsSchema, "Up to 200 manufacturers"),
      304: { description: "Not modified (If-None-Match)" },
    },
  }),
  async (c) => {
    const db = c.var.db;
    const answer = await cameraReportCaches(db).manufacturers.getOrLoad(
      "all",
      async () => cachedAnswer({ manufacturers: await manufacturerCounts(db) }),
      () => LIST_TTL_MS,
      answerWeight,
    );
    return sendCached(c, answer, LIST_MAX_AGE_S);
  },
);

cameraRoutes.openapi(
  createRoute({
    method: "get",
    path: "/camera/reports/{id}",
    tags: ["camera"],
    summary: "One camera report",
    request: { params: CameraReportIdParamsSchema },
    responses: {
      200: jsonResponse(
        CameraReportDetailSchema,
        "The report as uploaded, with its id, time and OS version: report_data is the uploaded JSON text as it was " +
          "sent (digits, key order, whitespace)",
      ),
      304: { description: "Not modified (If-None-Match)" },
      404: jsonResponse(ErrorBodySchema, "No such report"),
    },
  }),
  async (c) => {
    return sendCached(c, await cachedDetail(c, c.req.valid("param").id), DETAIL_MAX_AGE_S);
  },
);

cameraRoutes.openapi(
  createRoute({
    method: "get",
    path: "/camera2/report/download",
    tags: ["camera"],
    summary: "One camera report as a JSON file download",
    request: { query: CameraReportDownloadQuerySchema },
    responses: {
      200: {
        description: "The report as an attachment: the uploaded JSON text byte for byte",
        content: { "application/json": { schema: CameraReportDataSchema } },
      },
      304: { description: "Not modified (If-None-Match)" },
      400: jsonResponse(ErrorBodySchema, "No report id"),
      404: jsonResponse(ErrorBodySchema, "No such report"),
    },
  }),
  async (c) => {
    const answer = await cachedDetail(c, c.req.valid("query").rid);
    // The file never changes once stored: its tag follows the report's.
    const etag = answer.etag ? `"dl-${answer.etag.slice(1)}` : null;
    // The file's name comes from the parsed answer; the file itself is the uploaded text, as the answer holds it.
    const report = JSON.parse(answer.json) as CameraReportDetail;
    const headers = { "Content-Disposition": `attachment; filename="${reportFileName(report)}"` };
    if (etagMatches(c.req.header("if-none-match"), etag))
      return sendCached(c, { json: null, etag, loadedAt: answer.loadedAt }, DETAIL_MAX_AGE_S, headers);
    return sendCached(
      c,
      { json: uploadedText(answer.json), etag, loadedAt: answer.loadedAt },
      DETAIL_MAX_AGE_S,
      headers,
    );
  },
);

cameraRoutes.openapi(
  createRoute({
    method: "get",
    path: "/camera/stats",
    tags: ["camera"],
    summary: "Statistics of all camera reports",
    description:
      "Reports by best hardware level, share of reports per capability overall, by Android version and by " +
      "manufacturer (the most reported), and megapixel and sensor size distributions. Counts are kept as reports " +
      "arrive; the answer may be 10 s old.",
    responses: {
      200: jsonResponse(CameraStatsSchema, "The counts"),
      304: { description: "Not modified (If-None-Match)" },
    },
  }),
  async (c) => {
    const db = c.var.db;
    const answer = await cameraReportCaches(db).stats.getOrLoad(
      "all",
      async () => cachedAnswer(await cameraReportStats(db)),
      () => LIST_TTL_MS,
      answerWeight,
    );
    return sendCached(c, answer, LIST_MAX_AGE_S);
  },
);
