// The admin home: its menu (the constant the web tier also reads directly) and each area's count of records.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_MENU } from "#shared/admin-menu.ts";
import { AdminHomeResponseSchema } from "#shared/contract/admin-home.ts";
import { countAdminAreas } from "#server/services/admin-home.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { jsonResponse } from "#server/api/openapi.ts";
import { adminErrors } from "./common";

export const adminHomeRoutes = new OpenAPIHono<ApiEnv>();

adminHomeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/home",
    tags: ["admin"],
    middleware: [requireAdmin],
    responses: {
      200: jsonResponse(
        AdminHomeResponseSchema,
        "Groups of links to every admin page, and the count of records of each area",
      ),
      ...adminErrors,
    },
  }),
  async (c) => c.json({ groups: [...ADMIN_MENU], counts: await countAdminAreas(c.var.db) }, 200),
);
