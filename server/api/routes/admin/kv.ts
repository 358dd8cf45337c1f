// The key/value store as administrators edit it: live keys by prefix, page by page; create, edit, delete.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  KvEntrySchema,
  KvKeyParamsSchema,
  KvListQuerySchema,
  KvPageSchema,
  KvRecordSchema,
} from "#shared/contract/kv.ts";
import { OkSchema } from "#shared/contract/ok.ts";
import { createKv, deleteKv, listKv, updateKv } from "#server/services/kv.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { jsonWithStoredText } from "#server/api/json-text-response.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { writeErrors } from "./common";

export const adminKvRoutes = new OpenAPIHono<ApiEnv>();

adminKvRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/kv",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { query: KvListQuerySchema },
    responses: { 200: jsonResponse(KvPageSchema, "Live keys in key order, filtered by prefix"), ...writeErrors },
  }),
  async (c) => jsonWithStoredText(c, await listKv(c.var.db, c.req.valid("query")), 200),
);

adminKvRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/kv",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { body: jsonBody(KvEntrySchema) },
    responses: {
      200: jsonResponse(KvRecordSchema, "Created"),
      409: jsonResponse(ErrorBodySchema, "The key exists already"),
      ...writeErrors,
    },
  }),
  async (c) => jsonWithStoredText(c, await createKv(c.var.db, c.req.valid("json")), 200),
);

adminKvRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/kv/{key}",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { params: KvKeyParamsSchema, body: jsonBody(KvEntrySchema) },
    responses: {
      200: jsonResponse(KvRecordSchema, "Updated"),
      404: jsonResponse(ErrorBodySchema, "No such live key"),
      ...writeErrors,
    },
  }),
  async (c) => jsonWithStoredText(c, await updateKv(c.var.db, c.req.valid("param").key, c.req.valid("json")), 200),
);

adminKvRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/kv/{key}",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { params: KvKeyParamsSchema },
    responses: {
      200: jsonResponse(OkSchema, "Deleted"),
      404: jsonResponse(ErrorBodySchema, "No such live key"),
      ...writeErrors,
    },
  }),
  async (c) => {
    await deleteKv(c.var.db, c.req.valid("param").key);
    return c.json({ ok: true as const }, 200);
  },
);
