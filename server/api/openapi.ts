// Helpers that keep route declarations short: the request body and response entries of the OpenAPI document.
import type { ZodType } from "zod";

/** Every error response of the document is the shared error body. */
export { ApiErrorBodySchema as ErrorBodySchema } from "#shared/contract/errors.ts";

/** A validated JSON body: read it with c.req.valid("json"); failures answer 400 in the error shape. */
export function jsonBody<T extends ZodType>(schema: T) {
  return { content: { "application/json": { schema } }, required: true } as const;
}

export function jsonResponse<T extends ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description } as const;
}
