// /api/health and /api/version: what an operator or the site health page asks first.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describeDatabaseError } from "../../db/client";
import { appVersion, startedAt } from "../../lib/runtime-info";
import type { ApiEnv } from "../context";
import { jsonResponse } from "../openapi";

const HealthSchema = z.object({
  status: z.enum(["ok", "error"]),
  database: z.object({ ok: z.boolean(), latency_ms: z.number().nullable(), error: z.string().nullable() }),
  version: z.string(),
  uptime_s: z.number(),
  started_at: z.string(),
  /** Why the status is "error", readable by a person; null when everything answers. */
  detail: z.string().nullable(),
});

export const systemRoutes = new OpenAPIHono<ApiEnv>();

systemRoutes.openapi(
  createRoute({
    method: "get",
    path: "/health",
    tags: ["system"],
    responses: {
      200: jsonResponse(HealthSchema, "Everything answers"),
      503: jsonResponse(HealthSchema, "The database does not answer"),
    },
  }),
  async (c) => {
    let database: { ok: boolean; latency_ms: number | null; error: string | null };
    try {
      const started = performance.now();
      await c.var.db.execute("select 1");
      database = { ok: true, latency_ms: Math.round((performance.now() - started) * 100) / 100, error: null };
    } catch (error) {
      database = { ok: false, latency_ms: null, error: describeDatabaseError(error) };
    }
    const body = {
      status: database.ok ? ("ok" as const) : ("error" as const),
      database,
      version: appVersion,
      uptime_s: Math.round((Date.now() - startedAt.getTime()) / 1000),
      started_at: startedAt.toISOString(),
      detail: database.ok ? null : `The database does not answer: ${database.error}`,
    };
    return database.ok ? c.json(body, 200) : c.json(body, 503);
  },
);

systemRoutes.openapi(
  createRoute({
    method: "get",
    path: "/version",
    tags: ["system"],
    responses: { 200: jsonResponse(z.object({ version: z.string() }), "The running version") },
  }),
  (c) => c.json({ version: appVersion }, 200),
);
