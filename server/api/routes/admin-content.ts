// Administrator content: admin home, site data, site vars, key/value store, wonder items and tags; plus the
// public site vars the web tier reads and the key/value API other services call with an API key.
// Every admin endpoint checks the caller on the server: 401 without a session, 403 for a non-admin.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { KvEntrySchema, KvKeyField, KvListQuerySchema, KvPutSchema, KV_VALUE_MAX } from "../../../shared/contract/kv";
import { SiteDataEntrySchema } from "../../../shared/contract/site-data";
import { SiteVarSchema, SITE_VAR_TYPES } from "../../../shared/contract/site-vars";
import {
  WonderItemListQuerySchema,
  WonderItemSchema,
  WonderTagSchema,
  WONDER_STATUSES,
} from "../../../shared/contract/wonder";
import { isAdmin } from "../../../shared/user";
import { adminHomeGroups } from "../../services/admin-home";
import { verifyApiKey } from "../../services/api-key-auth";
import { createKv, deleteKv, getKv, listKv, putKv, updateKv } from "../../services/kv";
import { createSiteData, deleteSiteData, listSiteData, updateSiteData } from "../../services/site-data";
import { deleteSiteVar, listSiteVars, publicSiteVars, saveSiteVar } from "../../services/site-vars";
import {
  createWonderItem,
  createWonderTag,
  deleteWonderItem,
  deleteWonderTag,
  getWonderItem,
  listWonderItems,
  listWonderTags,
  updateWonderItem,
  updateWonderTag,
} from "../../services/wonder";
import { requireAdmin, type ApiEnv } from "../context";
import { ApiError } from "../errors";
import { ErrorBodySchema, jsonBody, jsonResponse } from "../openapi";

export const adminContentRoutes = new OpenAPIHono<ApiEnv>();

const adminErrors = {
  401: jsonResponse(ErrorBodySchema, "Sign-in required"),
  403: jsonResponse(ErrorBodySchema, "Administrator only"),
} as const;
const writeErrors = { ...adminErrors, 400: jsonResponse(ErrorBodySchema, "Invalid input") } as const;
const OkSchema = z.object({ ok: z.literal(true) });

// ------------------------------------------------------------------ admin home

const AdminHomeSchema = z.object({
  groups: z.array(z.object({ name: z.string(), links: z.array(z.object({ name: z.string(), link: z.string() })) })),
});

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/home",
    tags: ["admin"],
    middleware: [requireAdmin],
    responses: { 200: jsonResponse(AdminHomeSchema, "Groups of links to every admin page"), ...adminErrors },
  }),
  (c) => c.json({ groups: adminHomeGroups() }, 200),
);

// ------------------------------------------------------------------ site data

const SiteDataOut = z.object({
  id: z.string(),
  versionNum: z.number().int(),
  type: z.string(),
  markdown: z.string(),
  is_current: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
const IdParam = z.object({ id: z.string().max(64) });

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/site/data/list",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    responses: { 200: jsonResponse(z.array(SiteDataOut), "Every entry, newest first"), ...adminErrors },
  }),
  async (c) => c.json(await listSiteData(c.var.db), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/data/new",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    responses: {
      200: jsonResponse(SiteDataOut, "A new empty entry of type terms, not current, with the next version number"),
      ...adminErrors,
    },
  }),
  async (c) => c.json(await createSiteData(c.var.db), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/data/entry/{id}",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    request: { params: IdParam, body: jsonBody(SiteDataEntrySchema) },
    responses: {
      200: jsonResponse(SiteDataOut, "The saved entry; marking it current unmarked the others of its type"),
      404: jsonResponse(ErrorBodySchema, "No such entry"),
      ...writeErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { id: bodyId, ...input } = c.req.valid("json");
    if (bodyId !== id)
      throw new ApiError(400, "The id in the body does not match the URL.", [
        { field: "id", message: "Does not match the URL." },
      ]);
    return c.json(await updateSiteData(c.var.db, id, input), 200);
  },
);

adminContentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/site/data/entry/{id}",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    request: { params: IdParam },
    responses: {
      200: jsonResponse(OkSchema, "Deleted"),
      404: jsonResponse(ErrorBodySchema, "No such entry"),
      ...adminErrors,
    },
  }),
  async (c) => {
    await deleteSiteData(c.var.db, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  },
);

// ------------------------------------------------------------------ site vars

const SiteVarOut = z.object({
  id: z.number().int(),
  named_key: z.string(),
  val_type: z.enum(SITE_VAR_TYPES),
  val_object_json: z.object({ val: z.unknown() }),
  created_at: z.string(),
  secret: z.boolean().openapi({ description: "Stored encrypted; val is null here and the value is never listed." }),
});

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/site/vars/list",
    tags: ["admin: site vars"],
    middleware: [requireAdmin],
    responses: { 200: jsonResponse(z.array(SiteVarOut), "Every site var, newest first"), ...adminErrors },
  }),
  async (c) => c.json(await listSiteVars(c.var.db), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/site/vars",
    tags: ["admin: site vars"],
    middleware: [requireAdmin],
    request: { body: jsonBody(SiteVarSchema) },
    responses: {
      200: jsonResponse(z.object({ obj: SiteVarOut }), "Created, or updated when id is given"),
      404: jsonResponse(ErrorBodySchema, "No var with that id"),
      409: jsonResponse(ErrorBodySchema, "The key exists already"),
      ...writeErrors,
    },
  }),
  async (c) => c.json({ obj: await saveSiteVar(c.var.db, c.req.valid("json")) }, 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/site/var/{id}",
    tags: ["admin: site vars"],
    middleware: [requireAdmin],
    request: {
      params: z.object({
        id: z.coerce
          .number({ error: "id must be a number." })
          .int()
          .positive()
          .max(2 ** 31 - 1),
      }),
    },
    responses: {
      200: jsonResponse(OkSchema, "Deleted"),
      404: jsonResponse(ErrorBodySchema, "No such var"),
      ...writeErrors,
    },
  }),
  async (c) => {
    await deleteSiteVar(c.var.db, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  },
);

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/site/vars/public",
    tags: ["site"],
    responses: {
      200: jsonResponse(
        z.object({ vars: z.record(z.string(), z.unknown()) }),
        "The vars anyone may read: site_name, probe_app_store_link and every key starting with public_",
      ),
    },
  }),
  async (c) => c.json({ vars: await publicSiteVars(c.var.db) }, 200),
);

// ------------------------------------------------------------------ key/value store

const KvOut = z.object({
  key: z.string(),
  value_type: z.enum(["text", "json"]),
  value: z.unknown(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const KvPageOut = z.object({
  items: z.array(KvOut),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
const KvKeyParam = z.object({ key: KvKeyField });

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/kv",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { query: KvListQuerySchema },
    responses: { 200: jsonResponse(KvPageOut, "Live keys in key order, filtered by prefix"), ...writeErrors },
  }),
  async (c) => c.json(await listKv(c.var.db, c.req.valid("query")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/kv",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { body: jsonBody(KvEntrySchema) },
    responses: {
      200: jsonResponse(KvOut, "Created"),
      409: jsonResponse(ErrorBodySchema, "The key exists already"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await createKv(c.var.db, c.req.valid("json")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/kv/{key}",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { params: KvKeyParam, body: jsonBody(KvEntrySchema) },
    responses: {
      200: jsonResponse(KvOut, "Updated"),
      404: jsonResponse(ErrorBodySchema, "No such live key"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await updateKv(c.var.db, c.req.valid("param").key, c.req.valid("json")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/kv/{key}",
    tags: ["admin: key/value"],
    middleware: [requireAdmin],
    request: { params: KvKeyParam },
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

/** The service API: an x-api-key header holding a key from the API keys page, or an administrator's session. */
const requireApiKeyOrAdmin: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const presented = c.req.header("x-api-key");
  if (presented !== undefined) {
    if (!(await verifyApiKey(c.var.db, presented))) throw new ApiError(401, "Unknown API key.");
    return next();
  }
  if (!c.var.user) throw new ApiError(401, "An x-api-key header or an administrator's session is required.");
  if (!isAdmin(c.var.user)) throw new ApiError(403, "Administrator only");
  return next();
};
const serviceErrors = {
  401: jsonResponse(ErrorBodySchema, "No valid x-api-key and no session"),
  403: jsonResponse(ErrorBodySchema, "Signed in, but not an administrator"),
} as const;

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/kv/{key}",
    tags: ["key/value service"],
    middleware: [requireApiKeyOrAdmin],
    request: { params: KvKeyParam },
    responses: {
      200: jsonResponse(KvOut, "The live entry"),
      404: jsonResponse(ErrorBodySchema, "No such key, or it expired"),
      400: jsonResponse(ErrorBodySchema, "Invalid key"),
      ...serviceErrors,
    },
  }),
  async (c) => {
    const entry = await getKv(c.var.db, c.req.valid("param").key);
    if (!entry) throw new ApiError(404, "Key not found.");
    return c.json(entry, 200);
  },
);

adminContentRoutes.openapi(
  createRoute({
    method: "put",
    path: "/v1/kv/{key}",
    tags: ["key/value service"],
    middleware: [requireApiKeyOrAdmin],
    request: { params: KvKeyParam, body: jsonBody(KvPutSchema) },
    responses: {
      200: jsonResponse(KvOut, "Stored: a string as text, any other JSON value as json; ttl_seconds sets the expiry"),
      400: jsonResponse(ErrorBodySchema, "Invalid input"),
      ...serviceErrors,
    },
  }),
  async (c) => {
    const { value, ttl_seconds } = c.req.valid("json");
    const size = JSON.stringify(value).length;
    if (size > KV_VALUE_MAX) {
      throw new ApiError(400, `value must be at most ${KV_VALUE_MAX.toLocaleString("en")} characters as JSON.`, [
        { field: "value", message: "Too large." },
      ]);
    }
    return c.json(await putKv(c.var.db, c.req.valid("param").key, value, ttl_seconds), 200);
  },
);

adminContentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/kv/{key}",
    tags: ["key/value service"],
    middleware: [requireApiKeyOrAdmin],
    request: { params: KvKeyParam },
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

// ------------------------------------------------------------------ wonder

const TagRefOut = z.object({ id: z.string(), name: z.string(), slug: z.string(), color: z.string().nullable() });
const TagOut = TagRefOut.extend({ created_at: z.string(), item_count: z.number().int() });
const ItemOut = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  body_markdown: z.string(),
  image_url: z.string().nullable(),
  status: z.enum(WONDER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  tags: z.array(TagRefOut),
});

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/wonder/tags",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    responses: {
      200: jsonResponse(z.object({ tags: z.array(TagOut) }), "Every tag by name, with its item count"),
      ...adminErrors,
    },
  }),
  async (c) => c.json({ tags: await listWonderTags(c.var.db) }, 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/wonder/tags",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { body: jsonBody(WonderTagSchema) },
    responses: {
      200: jsonResponse(TagOut, "Created"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await createWonderTag(c.var.db, c.req.valid("json")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/wonder/tags/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: IdParam, body: jsonBody(WonderTagSchema) },
    responses: {
      200: jsonResponse(TagOut, "Renamed"),
      404: jsonResponse(ErrorBodySchema, "No such tag"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await updateWonderTag(c.var.db, c.req.valid("param").id, c.req.valid("json")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/wonder/tags/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: IdParam },
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

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/wonder/items",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { query: WonderItemListQuerySchema },
    responses: {
      200: jsonResponse(
        z.object({
          items: z.array(ItemOut),
          total: z.number().int(),
          page: z.number().int(),
          page_size: z.number().int(),
        }),
        "Items, newest first, filtered by tag slug and status",
      ),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await listWonderItems(c.var.db, c.req.valid("query")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/wonder/items",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { body: jsonBody(WonderItemSchema) },
    responses: {
      200: jsonResponse(ItemOut, "Created"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await createWonderItem(c.var.db, c.req.valid("json")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/wonder/items/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: IdParam },
    responses: {
      200: jsonResponse(ItemOut, "The item"),
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

adminContentRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/wonder/items/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: IdParam, body: jsonBody(WonderItemSchema) },
    responses: {
      200: jsonResponse(ItemOut, "Saved"),
      404: jsonResponse(ErrorBodySchema, "No such item"),
      409: jsonResponse(ErrorBodySchema, "Slug taken"),
      ...writeErrors,
    },
  }),
  async (c) => c.json(await updateWonderItem(c.var.db, c.req.valid("param").id, c.req.valid("json")), 200),
);

adminContentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/wonder/items/{id}",
    tags: ["admin: wonder"],
    middleware: [requireAdmin],
    request: { params: IdParam },
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
