// Site data: the markdown of terms, privacy and other types, in numbered versions with at most one current per type.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { HeldDeleteOkSchema } from "#shared/contract/deleted.ts";
import { SiteDataEntrySchema, SiteDataEntryViewSchema } from "#shared/contract/site-data.ts";
import { createSiteData, deleteSiteData, listSiteData, updateSiteData } from "#server/services/site-data.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ApiError } from "#server/api/errors.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, ContentIdParam, currentUserId, writeErrors } from "./common";

export const adminSiteDataRoutes = new OpenAPIHono<ApiEnv>();

adminSiteDataRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/site/data/list",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    responses: { 200: jsonResponse(z.array(SiteDataEntryViewSchema), "Every entry, newest first"), ...adminErrors },
  }),
  async (c) => c.json(await listSiteData(c.var.db), 200),
);

adminSiteDataRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/data/new",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    responses: {
      200: jsonResponse(
        SiteDataEntryViewSchema,
        "A new empty entry of type terms, not current, with the next version number",
      ),
      ...adminErrors,
    },
  }),
  async (c) => c.json(await createSiteData(c.var.db), 200),
);

adminSiteDataRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/data/entry/{id}",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    request: { params: ContentIdParam, body: jsonBody(SiteDataEntrySchema) },
    responses: {
      200: jsonResponse(SiteDataEntryViewSchema, "The saved entry; marking it current unmarked the others of its type"),
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

adminSiteDataRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/site/data/entry/{id}",
    tags: ["admin: site data"],
    middleware: [requireAdmin],
    request: { params: ContentIdParam },
    responses: {
      200: jsonResponse(HeldDeleteOkSchema, "Deleted, and the hold that undoes it"),
      404: jsonResponse(ErrorBodySchema, "No such entry"),
      ...adminErrors,
    },
  }),
  async (c) => {
    const holdId = await deleteSiteData(c.var.db, c.req.valid("param").id, currentUserId(c));
    return c.json({ ok: true as const, hold_id: holdId }, 200);
  },
);
