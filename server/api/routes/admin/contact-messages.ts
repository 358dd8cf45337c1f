// Contact messages as administrators handle them: read, mark handled (or open again), delete, and send the owner's
// notifications of unsent messages now.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  ContactMessageIdSchema,
  ContactMessageListQuerySchema,
  ContactMessagePageSchema,
  ContactMessageUpdatedSchema,
  ContactMessageUpdateSchema,
  ContactNotifyResultSchema,
} from "#shared/contract/contact.ts";
import { HeldDeleteOkSchema } from "#shared/contract/deleted.ts";
import {
  contactNotificationsSettled,
  deleteContactMessage,
  listContactMessages,
  notifyUnsentContactMessages,
  setContactMessageHandled,
} from "#server/services/contact.ts";
import { describeMailSetup } from "#server/services/mail.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ApiError } from "#server/api/errors.ts";
import { ErrorBodySchema, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, currentUserId } from "./common";

export const adminContactMessageRoutes = new OpenAPIHono<ApiEnv>();

adminContactMessageRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/site/contact/messages",
    tags: ["admin: contact"],
    middleware: [requireAdmin],
    request: { query: ContactMessageListQuerySchema },
    responses: {
      200: jsonResponse(ContactMessagePageSchema, "Messages, newest first; count is how many match the filter"),
      400: jsonResponse(ErrorBodySchema, "Invalid query"),
      ...adminErrors,
    },
  }),
  async (c) => {
    const { filter, page, page_size } = c.req.valid("query");
    const db = c.var.db;
    const [list, mail] = await Promise.all([
      listContactMessages(db, { filter, page, pageSize: page_size }),
      describeMailSetup(db),
    ]);
    return c.json({ ...list, page, page_size, mail }, 200);
  },
);

adminContactMessageRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/contact/messages/{id}",
    tags: ["admin: contact"],
    middleware: [requireAdmin],
    request: {
      params: ContactMessageIdSchema,
      body: { content: { "application/json": { schema: ContactMessageUpdateSchema } }, required: true },
    },
    responses: {
      200: jsonResponse(ContactMessageUpdatedSchema, "The updated message"),
      400: jsonResponse(ErrorBodySchema, "Invalid input"),
      404: jsonResponse(ErrorBodySchema, "No such message"),
      ...adminErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { handled } = c.req.valid("json");
    const message = await setContactMessageHandled(c.var.db, id, handled);
    if (!message) throw new ApiError(404, "Contact message not found.");
    return c.json({ message }, 200);
  },
);

adminContactMessageRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/site/contact/messages/{id}",
    tags: ["admin: contact"],
    middleware: [requireAdmin],
    request: { params: ContactMessageIdSchema },
    responses: {
      200: jsonResponse(HeldDeleteOkSchema, "Deleted, and the hold that undoes it"),
      404: jsonResponse(ErrorBodySchema, "No such message"),
      ...adminErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const holdId = await deleteContactMessage(c.var.db, id, currentUserId(c));
    if (!holdId) throw new ApiError(404, "Contact message not found.");
    return c.json({ ok: true as const, hold_id: holdId }, 200);
  },
);

adminContactMessageRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/contact/notify",
    tags: ["admin: contact"],
    summary: "Send the owner's notifications of unsent messages now",
    middleware: [requireAdmin],
    responses: {
      200: jsonResponse(ContactNotifyResultSchema, "What this attempt sent, and how many are still unsent"),
      ...adminErrors,
    },
  }),
  async (c) => {
    const db = c.var.db;
    // Let a background pass finish first, so this one does not race it for the same messages.
    await contactNotificationsSettled(db);
    const result = await notifyUnsentContactMessages(db, { limit: 100 });
    const { unsent } = await listContactMessages(db, { filter: "unsent", page: 1, pageSize: 1 });
    return c.json({ ...result, unsent }, 200);
  },
);
