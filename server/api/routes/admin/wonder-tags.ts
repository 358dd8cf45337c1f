// Wonder tags: name, unique slug and colour; deleting a tag only unlinks it from its items.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { OkSchema } from "#shared/contract/ok.ts";
import { WonderTagListResponseSchema, WonderTagRecordSchema, WonderTagSchema } from "#shared/contract/wonder.ts";
import { createWonderTag, deleteWonderTag, listWonderTags, updateWonderTag } from "#server/services/wonder.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, ContentIdParam, writeErrors } from "./common";

export const adminWonderTagRoutes = new OpenAPIHono<ApiEnv>();

adminWonderTagRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/wonder/tags",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    responses: {
      200: jsonResponse(WonderTagListResponseSchema, "Every tag by name, with its item count"),
      ...adminErrors,
    },
  }),
  async (c) => c.json({ tags: await listWonderTags(c.var.db) }, 200),
);

adminWonderTagRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/wonder/tags",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { body: jsonBody(WonderTagSchema) },
    responses: {
      200: jsonResponse(WonderTagRecordSchema, "Created"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await createWonderTag(c.var.db, c.req.valid("json")), 200),
);

adminWonderTagRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/wonder/tags/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: ContentIdParam, body: jsonBody(WonderTagSchema) },
    responses: {
      200: jsonResponse(WonderTagRecordSchema, "Renamed"),
      404: jsonResponse(ErrorBodySchema, "No such tag"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await updateWonderTag(c.var.db, c.req.valid("param").id, c.req.valid("json")), 200),
);

adminWonderTagRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/wonder/tags/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: ContentIdParam },
    responses: {
      200: jsonResponse(OkSchema, "Deleted; items keep working without it"),
      404: jsonResponse(ErrorBodySchema, "No such tag"),
      ...adminErrors,
    },
  }),
  async (c) => {
    await deleteWonderTag(c.var.db, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  },
);
