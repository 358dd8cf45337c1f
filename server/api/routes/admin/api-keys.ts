// API keys of the services that call /api with x-api-key: listed as a prefix, revealed one at a time, created,
// edited and deleted; and the caller's own session token for the My session block.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  ApiKeyListResponseSchema,
  ApiKeySavedResponseSchema,
  ApiKeySchema,
  ApiKeySecretResponseSchema,
  SessionTokenResponseSchema,
} from "#shared/contract/api-keys.ts";
import { HeldDeletedCountSchema } from "#shared/contract/deleted.ts";
import { deleteApiKey, listApiKeys, revealApiKey, saveApiKey } from "#server/services/api-keys.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ApiError } from "#server/api/errors.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, badInput, currentUserId, notFound, UuidIdParam } from "./common";

export const adminApiKeyRoutes = new OpenAPIHono<ApiEnv>();

adminApiKeyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/api_keys",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(ApiKeyListResponseSchema, 'Every key, oldest first; api_key is its first characters and "…".'),
      ...adminErrors,
    },
  }),
  async (c) => c.json({ api_keys: await listApiKeys(c.var.db) }, 200),
);

adminApiKeyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/api_keys/{id}/secret",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    request: { params: UuidIdParam },
    responses: {
      200: jsonResponse(ApiKeySecretResponseSchema, "One key in full, for a copy or reveal action (never cached)."),
      ...badInput,
      ...adminErrors,
      ...notFound,
      409: jsonResponse(ErrorBodySchema, "The key cannot be decrypted (ENCRYPTION_KEY changed)"),
    },
  }),
  async (c) => c.json({ api_key: await revealApiKey(c.var.db, c.req.valid("param").id) }, 200),
);

adminApiKeyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/session_token",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(
        SessionTokenResponseSchema,
        "The caller's own session token, for the copy button of the My session block (never cached).",
      ),
      ...adminErrors,
    },
  }),
  async (c) => {
    const token = c.var.sessionToken;
    if (!token) throw new ApiError(401, "Sign-in required");
    return c.json({ session_token: token }, 200);
  },
);

adminApiKeyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/api_keys",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(ApiKeySchema) },
    responses: {
      200: jsonResponse(ApiKeySavedResponseSchema, "Created (no edit_id) or updated."),
      ...badInput,
      ...adminErrors,
      ...notFound,
      409: jsonResponse(ErrorBodySchema, "The key is already in use"),
    },
  }),
  async (c) => c.json({ api_key: await saveApiKey(c.var.db, c.req.valid("json"), currentUserId(c)) }, 200),
);

adminApiKeyRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/api_keys/{id}",
    tags: ["admin: API keys"],
    middleware: [requireAdmin] as const,
    request: { params: UuidIdParam },
    responses: {
      200: jsonResponse(HeldDeletedCountSchema, "How many keys were deleted, and the hold that undoes it."),
      ...badInput,
      ...adminErrors,
      409: jsonResponse(ErrorBodySchema, "One's own SPARK_API key cannot be deleted"),
    },
  }),
  async (c) => {
    const { deleted, holdId } = await deleteApiKey(c.var.db, c.req.valid("param").id, currentUserId(c));
    return c.json({ number: deleted, hold_id: holdId }, 200);
  },
);
