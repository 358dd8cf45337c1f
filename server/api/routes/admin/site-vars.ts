// Site vars: typed settings the site and the server read. Secret vars are stored encrypted and listed masked.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { OkSchema } from "#shared/contract/ok.ts";
import { SiteVarRecordSchema, SiteVarSavedResponseSchema, SiteVarSchema } from "#shared/contract/site-vars.ts";
import { deleteSiteVar, listSiteVars, saveSiteVar } from "#server/services/site-vars.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { jsonWithStoredText } from "#server/api/json-text-response.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, writeErrors } from "./common";

export const adminSiteVarRoutes = new OpenAPIHono<ApiEnv>();

adminSiteVarRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/site/vars/list",
    tags: ["admin: site vars"],
    middleware: [requireAdmin],
    responses: { 200: jsonResponse(z.array(SiteVarRecordSchema), "Every site var, newest first"), ...adminErrors },
  }),
  async (c) => jsonWithStoredText(c, await listSiteVars(c.var.db), 200),
);

adminSiteVarRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/site/vars",
    tags: ["admin: site vars"],
    middleware: [requireAdmin],
    request: { body: jsonBody(SiteVarSchema) },
    responses: {
      200: jsonResponse(SiteVarSavedResponseSchema, "Created, or updated when id is given"),
      404: jsonResponse(ErrorBodySchema, "No var with that id"),
      409: jsonResponse(ErrorBodySchema, "The key exists already"),
      ...writeErrors,
    },
  }),
  async (c) => jsonWithStoredText(c, { obj: await saveSiteVar(c.var.db, c.req.valid("json")) }, 200),
);

adminSiteVarRoutes.openapi(
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
