// The key/value store for other services: GET, PUT and DELETE /api/v1/kv/{key} with an x-api-key header holding a
// key from the API keys page (reading needs its kv:read scope, writing and deleting kv:write, and its writes are
// rate-limited), or an administrator's session.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { KvKeyParamsSchema, KvPutSchema, KvRecordSchema, KV_VALUE_MAX } from "#shared/contract/kv.ts";
import { OkSchema } from "#shared/contract/ok.ts";
import { jsonTextsAt } from "#shared/stored-json.ts";
import { isAdmin } from "#shared/user.ts";
import type { ApiKeyScope } from "#shared/contract/api-keys-vocabulary.ts";
import { config } from "#server/config.ts";
import { hitRateLimit } from "#server/lib/rate-limit.ts";
import { authenticateApiKey, requireScope } from "../api-key-guard";
import { deleteKv, getKv, putKv } from "#server/services/kv.ts";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";
import { jsonWithStoredText } from "../json-text-response";
import { ErrorBodySchema, jsonBody, jsonResponse } from "../openapi";

export const kvServiceRoutes = new OpenAPIHono<ApiEnv>();

const KV_WRITE_WINDOW_MS = 60 * 1000;

/**
 * An API key holding `scope`, or an administrator's session (which may do everything). A key's writes count
 * against its rate limit: the probe app's key is shared by all its users, so one of them must not fill the store.
 */
function requireApiKeyOrAdmin(scope: ApiKeyScope): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const presented = c.req.header("x-api-key");
    if (presented !== undefined) {
      const identity = await authenticateApiKey(c, presented);
      requireScope(identity, scope);
      if (scope === "kv:write") await countKvWrite(c.var.db, identity.id);
      return next();
    }
    if (!c.var.user) throw new ApiError(401, "An x-api-key header or an administrator's session is required.");
    if (!isAdmin(c.var.user)) throw new ApiError(403, "Administrator only");
    return next();
  };
}

async function countKvWrite(db: ApiEnv["Variables"]["db"], keyId: string): Promise<void> {
  const limit = config.kvWriteRateLimitPerMinute;
  const hit = await hitRateLimit(db, `kv-write:key:${keyId}`, limit, KV_WRITE_WINDOW_MS);
  if (hit.allowed) return;
  throw new ApiError(
    429,
    `Too many key/value writes with this API key: the limit is ${limit.toLocaleString("en")} a minute. ` +
      `Try again in ${hit.retryAfterSeconds} seconds.`,
    [],
    { "Retry-After": String(hit.retryAfterSeconds) },
  );
}
/** Either an API key or an administrator's session (requireApiKeyOrAdmin), as the OpenAPI document names them. */
const apiKeyOrSession: Record<string, string[]>[] = [{ ApiKey: [] }, { Session: [] }];

const serviceErrors = {
  401: jsonResponse(ErrorBodySchema, "No valid x-api-key and no session"),
  403: jsonResponse(ErrorBodySchema, "The key lacks the route's scope, or signed in but not an administrator"),
  429: jsonResponse(ErrorBodySchema, "Too many unknown keys from this address, or too many writes with this key"),
} as const;

kvServiceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/kv/{key}",
    tags: ["key/value service"],
    security: apiKeyOrSession,
    middleware: [requireApiKeyOrAdmin("kv:read")],
    request: { params: KvKeyParamsSchema },
    responses: {
      200: jsonResponse(KvRecordSchema, "The live entry"),
      404: jsonResponse(ErrorBodySchema, "No such key, or it expired"),
      400: jsonResponse(ErrorBodySchema, "Invalid key"),
      ...serviceErrors,
    },
  }),
  async (c) => {
    const entry = await getKv(c.var.db, c.req.valid("param").key);
    if (!entry) throw new ApiError(404, "Key not found.");
    return jsonWithStoredText(c, entry, 200);
  },
);

kvServiceRoutes.openapi(
  createRoute({
    method: "put",
    path: "/v1/kv/{key}",
    tags: ["key/value service"],
    security: apiKeyOrSession,
    middleware: [requireApiKeyOrAdmin("kv:write")],
    request: { params: KvKeyParamsSchema, body: jsonBody(KvPutSchema) },
    responses: {
      200: jsonResponse(
        KvRecordSchema,
        "Stored: a string as text, any other JSON value as json, exactly as written in the body (digits, key " +
          "order, whitespace); ttl_seconds sets the expiry",
      ),
      400: jsonResponse(ErrorBodySchema, "Invalid input"),
      413: jsonResponse(ErrorBodySchema, "The store would grow past its quota (KV_QUOTA_BYTES)"),
      ...serviceErrors,
    },
  }),
  async (c) => {
    const { value, ttl_seconds } = c.req.valid("json");
    // A JSON value is stored as the body holds it: its parsed copy may have lost digits or key order.
    const entry =
      typeof value === "string"
        ? { value_type: "text" as const, value }
        : { value_type: "json" as const, value: jsonTextsAt(await c.req.text(), ["value"])[0] ?? "null" };
    if (entry.value.length > KV_VALUE_MAX) {
      throw new ApiError(400, `value must be at most ${KV_VALUE_MAX.toLocaleString("en")} characters.`, [
        { field: "value", message: "Too large." },
      ]);
    }
    const stored = await putKv(c.var.db, c.req.valid("param").key, entry, ttl_seconds);
    return jsonWithStoredText(c, stored, 200);
  },
);

kvServiceRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/kv/{key}",
    tags: ["key/value service"],
    security: apiKeyOrSession,
    middleware: [requireApiKeyOrAdmin("kv:write")],
    request: { params: KvKeyParamsSchema },
    responses: {
      200: jsonResponse(OkSchema, "Deleted"),
      404: jsonResponse(ErrorBodySchema, "No such key"),
      400: jsonResponse(ErrorBodySchema, "Invalid key"),
      ...serviceErrors,
    },
  }),
  async (c) => {
    await deleteKv(c.var.db, c.req.valid("param").key);
    return c.json({ ok: true as const }, 200);
  },
);
