// /api/health and /api/version: what an operator or the site health page asks first.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { HealthSchema, VersionSchema, type DatabaseHealth, type Health } from "#shared/contract/system.ts";
import { config } from "#server/config.ts";
import { describeDatabaseError } from "#server/db/client.ts";
import { startedAt } from "#server/lib/runtime-info.ts";
import type { ApiEnv } from "../context";
import { jsonResponse } from "../openapi";

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
    let database: DatabaseHealth;
    try {
      const started = performance.now();
      await c.var.db.execute("select 1");
      database = { ok: true, latency_ms: Math.round((performance.now() - started) * 100) / 100, error: null };
    } catch (error) {
      database = { ok: false, latency_ms: null, error: describeDatabaseError(error) };
    }
    const body: Health = {
      status: database.ok ? "ok" : "error",
      database,
      version: config.appVersion,
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
    responses: { 200: jsonResponse(VersionSchema, "The running version") },
  }),
  (c) => c.json({ version: config.appVersion }, 200),
);
