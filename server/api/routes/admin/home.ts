// The admin home's menu for clients of /api; the web tier reads the same constant directly.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_MENU } from "../../../../shared/admin-menu";
import { AdminHomeResponseSchema } from "../../../../shared/contract/admin-home";
import { requireAdmin, type ApiEnv } from "../../context";
import { jsonResponse } from "../../openapi";
import { adminErrors } from "./common";

export const adminHomeRoutes = new OpenAPIHono<ApiEnv>();

adminHomeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/home",
    tags: ["admin"],
    middleware: [requireAdmin],
    responses: { 200: jsonResponse(AdminHomeResponseSchema, "Groups of links to every admin page"), ...adminErrors },
  }),
  (c) => c.json({ groups: [...ADMIN_MENU] }, 200),
);
