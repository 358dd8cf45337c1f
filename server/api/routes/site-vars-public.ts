// The site vars anyone may read: the web tier shows them on every page (site name, probe app store link…).
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { PublicSiteVarsResponseSchema } from "#shared/contract/site-vars.ts";
import { publicSiteVars } from "#server/services/site-vars.ts";
import type { ApiEnv } from "../context";
import { jsonWithStoredText } from "../json-text-response";
import { jsonResponse } from "../openapi";

export const publicSiteVarRoutes = new OpenAPIHono<ApiEnv>();

publicSiteVarRoutes.openapi(
  createRoute({
    method: "get",
    path: "/site/vars/public",
    tags: ["site"],
    responses: {
      200: jsonResponse(
        PublicSiteVarsResponseSchema,
        "The vars anyone may read: site_name, probe_app_store_link and every key starting with public_",
      ),
    },
  }),
  async (c) => jsonWithStoredText(c, { vars: await publicSiteVars(c.var.db) }, 200),
);
