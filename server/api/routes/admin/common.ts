// What the admin route modules share: the error responses of the OpenAPI document, path parameters, and the
// caller. Every admin endpoint is for administrators only; requireAdmin answers 401 without a session, 403 otherwise.
import { z } from "@hono/zod-openapi";
import type { ApiEnv } from "#server/api/context.ts";
import { ApiError } from "#server/api/errors.ts";
import { ErrorBodySchema, jsonResponse } from "#server/api/openapi.ts";

export const adminErrors = {
  401: jsonResponse(ErrorBodySchema, "Sign-in required"),
  403: jsonResponse(ErrorBodySchema, "Administrator only"),
} as const;
export const badInput = { 400: jsonResponse(ErrorBodySchema, "Invalid input") } as const;
export const notFound = { 404: jsonResponse(ErrorBodySchema, "Not found") } as const;
export const writeErrors = { ...adminErrors, ...badInput } as const;
export const upstream = {
  502: jsonResponse(ErrorBodySchema, "The outside service failed"),
  503: jsonResponse(ErrorBodySchema, "The outside service is not configured"),
  504: jsonResponse(ErrorBodySchema, "The outside service did not answer in time"),
} as const;

/** A UUID in the path, refused with a message naming the parameter. */
export const uuidIn = (name: string) => z.uuid(`${name} must be a UUID.`).openapi({ param: { name, in: "path" } });
export const UuidIdParam = z.object({ id: uuidIn("id") });
/** The id of a content record (site data, wonder): unknown ids answer 404, so any short text is taken. */
export const ContentIdParam = z.object({ id: z.string().max(64) });

export function currentUserId(c: { var: ApiEnv["Variables"] }): string {
  const user = c.var.user;
  if (!user) throw new ApiError(401, "Sign-in required");
  return user.id;
}
