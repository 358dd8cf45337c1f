// The mail sender: what mail goes out through and as whom, a test mail, and the Gmail accounts connected through
// Google's OAuth flow (started here, finished by the web tier's callback page).
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { HeldDeletedCountSchema } from "#shared/contract/deleted.ts";
import {
  EmailConfigResponseSchema,
  GmailCallbackResponseSchema,
  GmailCallbackSchema,
  GmailConnectStartQuerySchema,
  GmailConnectStartResponseSchema,
  TestMailResponseSchema,
  TestMailSchema,
  type EmailConfigResponse,
} from "#shared/contract/email-config.ts";
import { describeMailSetup, sendTestMail } from "#server/services/mail.ts";
import {
  deleteMailConnection,
  finishGmailConnect,
  isGmailConfigured,
  listMailConnections,
  startGmailConnect,
} from "#server/services/email-config.ts";
import { clientIp, requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, badInput, currentUserId, upstream, UuidIdParam } from "./common";

export const adminEmailConfigRoutes = new OpenAPIHono<ApiEnv>();

adminEmailConfigRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/site/email/config",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(
        EmailConfigResponseSchema,
        "Connected accounts (newest first) and the address mail is sent as; null when none is connected.",
      ),
      ...adminErrors,
    },
  }),
  async (c) => {
    const db = c.var.db;
    const [sessionsList, setup] = await Promise.all([listMailConnections(db), describeMailSetup(db)]);
    const body: EmailConfigResponse = {
      sessions_list: sessionsList,
      email_sender: sessionsList[0]?.email ?? null,
      gmail_configured: isGmailConfigured(),
      mail_transport: setup.transport,
      mail_problem: setup.problem,
    };
    return c.json(body, 200);
  },
);

adminEmailConfigRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/site/email/test",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(TestMailSchema) },
    responses: {
      200: jsonResponse(TestMailResponseSchema, "Sent; `to` defaults to the administrator."),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const to = c.req.valid("json").to ?? c.var.user?.email ?? "";
    const { transport } = await sendTestMail(c.var.db, to);
    return c.json({ ok: true, to, transport }, 200);
  },
);

adminEmailConfigRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/gmail/connect/start",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: { query: GmailConnectStartQuerySchema },
    responses: {
      200: jsonResponse(
        GmailConnectStartResponseSchema,
        "Where to send the administrator, and the sealed flow state to bring back to the callback.",
      ),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  (c) => {
    const query = c.req.valid("query");
    return c.json(
      startGmailConnect({ userId: currentUserId(c), redirectUri: query.redirect_uri, loginHint: query.login_hint }),
      200,
    );
  },
);

adminEmailConfigRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/gmail/connect/callback",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(GmailCallbackSchema) },
    responses: {
      200: jsonResponse(GmailCallbackResponseSchema, "The connected account."),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const { code, error, state, flow_token: flowToken } = c.req.valid("json");
    const session = await finishGmailConnect(c.var.db, {
      code,
      error,
      state,
      flowToken,
      userId: currentUserId(c),
      ip: clientIp(c),
    });
    return c.json({ session }, 200);
  },
);

adminEmailConfigRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/gmail/connect/{id}",
    tags: ["admin: mail"],
    middleware: [requireAdmin] as const,
    request: { params: UuidIdParam },
    responses: {
      200: jsonResponse(HeldDeletedCountSchema, "How many connections were removed, and the hold that undoes it."),
      ...badInput,
      ...adminErrors,
    },
  }),
  async (c) => {
    const { deleted, holdId } = await deleteMailConnection(c.var.db, c.req.valid("param").id, currentUserId(c));
    return c.json({ number: deleted, hold_id: holdId }, 200);
  },
);
