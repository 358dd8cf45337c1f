// Public site endpoints: the contact form and the current terms/privacy entries.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { ContactSchema } from "#shared/contract/contact.ts";
import { OkSchema } from "#shared/contract/ok.ts";
import {
  CurrentSiteDataParamsSchema,
  CurrentSiteDataSchema,
  isLegalPageType,
  LEGAL_PAGE_TYPES,
} from "#shared/contract/site-data.ts";
import { config } from "#server/config.ts";
import { hitRateLimit } from "#server/lib/rate-limit.ts";
import { scheduleContactNotifications, submitContactMessage } from "#server/services/contact.ts";
import { currentLegalPage, legalEntryEtag } from "#server/services/legal-pages.ts";
import { clientIp, type ApiEnv } from "../context";
import { ApiError } from "../errors";
import { ErrorBodySchema, jsonResponse } from "../openapi";

export const siteRoutes = new OpenAPIHono<ApiEnv>();

const CONTACT_WINDOW_MS = 60_000;

// ------------------------------------------------------------------ contact form

siteRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/site/contact",
    tags: ["site"],
    summary: "Send a message to the site owner",
    description:
      "Stores the message, then notifies the owner by e-mail in the " +
      "background (retried until sent). Accepts JSON or a form body. " +
      "A filled honeypot field (`website`) is answered like a success but nothing is kept.",
    request: {
      body: {
        content: {
          "application/json": { schema: ContactSchema },
          "application/x-www-form-urlencoded": { schema: ContactSchema },
        },
      },
    },
    responses: {
      200: jsonResponse(OkSchema, "Stored; the owner will be notified"),
      400: jsonResponse(ErrorBodySchema, "Invalid input; each field's problem is in errors"),
      415: jsonResponse(ErrorBodySchema, "Neither JSON nor a form body"),
      429: jsonResponse(ErrorBodySchema, "Too many messages from this address; see Retry-After"),
    },
  }),
  async (c) => {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/json\b|^application\/x-www-form-urlencoded\b/i.test(type)) {
      throw new ApiError(415, "Send the message as JSON or as a form (application/x-www-form-urlencoded).");
    }
    const input = type.toLowerCase().startsWith("application/json") ? c.req.valid("json") : c.req.valid("form");
    const db = c.var.db;
    const ip = clientIp(c);
    const limit = await hitRateLimit(db, `contact:ip:${ip}`, config.contactRateLimitPerMinute, CONTACT_WINDOW_MS);
    if (!limit.allowed) {
      throw new ApiError(
        429,
        `Too many messages from your address: the limit is ` +
          `${config.contactRateLimitPerMinute} a minute. Please try again in ` +
          `${limit.retryAfterSeconds} seconds.`,
        [],
        { "Retry-After": String(limit.retryAfterSeconds) },
      );
    }
    const result = await submitContactMessage(db, input, { clientIp: ip });
    // Answer at once; the mail goes out in the background and is retried if it fails.
    if (result.stored) void scheduleContactNotifications(db);
    return c.json({ ok: true as const }, 200);
  },
);

// ------------------------------------------------------------------ current terms and privacy

// Short, so that a visitor sees an administrator's save within a minute; ETag makes re-checks cheap.
const LEGAL_CACHE_CONTROL = "public, max-age=60";

siteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/site/data/current/{type}",
    tags: ["site"],
    summary: "The current site data entry of a public type (terms or privacy)",
    request: { params: CurrentSiteDataParamsSchema },
    responses: {
      200: jsonResponse(CurrentSiteDataSchema, "The current entry, or null when none is current"),
      304: { description: "Unchanged since the ETag in If-None-Match" },
      404: jsonResponse(ErrorBodySchema, `Not a public type (${LEGAL_PAGE_TYPES.join(", ")})`),
    },
  }),
  async (c) => {
    const { type } = c.req.valid("param");
    if (!isLegalPageType(type))
      throw new ApiError(
        404,
        `No public site data of type "${type}": only ${LEGAL_PAGE_TYPES.join(" and ")} are public.`,
      );
    const page = await currentLegalPage(c.var.db, type);
    const etag = legalEntryEtag(page.entry);
    c.header("ETag", etag);
    c.header("Cache-Control", LEGAL_CACHE_CONTROL);
    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) return c.body(null, 304);
    return c.json(page, 200);
  },
);
