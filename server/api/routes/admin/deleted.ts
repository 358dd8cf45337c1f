// Undoing an administrator's delete: the hold its delete answered brings back the same rows, ids and secrets included
// (server/services/deleted-records.ts), for 10 minutes after the delete.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { RestoredSchema, RestoreHoldParamsSchema } from "#shared/contract/deleted.ts";
import { changePublicContent } from "#server/content-changes.ts";
import { restoreHold } from "#server/services/deleted-records.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ErrorBodySchema, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, badInput } from "./common";

export const adminDeletedRoutes = new OpenAPIHono<ApiEnv>();

adminDeletedRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/deleted/{holdId}/restore",
    tags: ["admin: undo"],
    summary: "Undo a delete: the record comes back with its id and every stored value",
    middleware: [requireAdmin] as const,
    request: { params: RestoreHoldParamsSchema },
    responses: {
      200: jsonResponse(RestoredSchema, "Restored: the kind of record and its id"),
      404: jsonResponse(ErrorBodySchema, "No such hold"),
      409: jsonResponse(ErrorBodySchema, "Another record has taken its unique name or key meanwhile"),
      410: jsonResponse(ErrorBodySchema, "Undone already, or the 10 minutes are over"),
      ...badInput,
      ...adminErrors,
    },
  }),
  async (c) => {
    const db = c.var.db;
    const restored = await restoreHold(db, c.req.valid("param").holdId, (resource, write) =>
      // Site data is public content: the restore is announced like any change of it.
      resource === "site_data" ? changePublicContent(db, ["site-data"], write) : db.transaction(write),
    );
    return c.json(restored, 200);
  },
);
