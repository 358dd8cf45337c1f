// Wonder items: title, unique slug, summary, markdown body, image, status and tags; 20 a page, newest first.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { OkSchema } from "#shared/contract/ok.ts";
import {
  WonderItemListQuerySchema,
  WonderItemPageSchema,
  WonderItemRecordSchema,
  WonderItemSchema,
} from "#shared/contract/wonder.ts";
import {
  createWonderItem,
  deleteWonderItem,
  getWonderItem,
  listWonderItems,
  updateWonderItem,
} from "#server/services/wonder.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ApiError } from "#server/api/errors.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, ContentIdParam, writeErrors } from "./common";

export const adminWonderItemRoutes = new OpenAPIHono<ApiEnv>();

adminWonderItemRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/wonder/items",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { query: WonderItemListQuerySchema },
    responses: {
      200: jsonResponse(WonderItemPageSchema, "Items, newest first, filtered by tag slug and status"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await listWonderItems(c.var.db, c.req.valid("query")), 200),
);

adminWonderItemRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/wonder/items",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { body: jsonBody(WonderItemSchema) },
    responses: {
      200: jsonResponse(WonderItemRecordSchema, "Created"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await createWonderItem(c.var.db, c.req.valid("json")), 200),
);

adminWonderItemRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/wonder/items/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: ContentIdParam },
    responses: {
      200: jsonResponse(WonderItemRecordSchema, "The item"),
      404: jsonResponse(ErrorBodySchema, "No such item"),
      ...adminErrors,
    },
  }),
  async (c) => {
    const item = await getWonderItem(c.var.db, c.req.valid("param").id);
    if (!item) throw new ApiError(404, "Item not found.");
    return c.json(item, 200);
  },
);

adminWonderItemRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/wonder/items/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: ContentIdParam, body: jsonBody(WonderItemSchema) },
    responses: {
      200: jsonResponse(WonderItemRecordSchema, "Saved"),
      404: jsonResponse(ErrorBodySchema, "No such item"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await updateWonderItem(c.var.db, c.req.valid("param").id, c.req.valid("json")), 200),
);

adminWonderItemRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/wonder/items/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: ContentIdParam },
    responses: {
      200: jsonResponse(OkSchema, "Deleted"),
      404: jsonResponse(ErrorBodySchema, "No such item"),
      ...adminErrors,
    },
  }),
  async (c) => {
    await deleteWonderItem(c.var.db, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  },
);
