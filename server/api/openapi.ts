// Helpers that keep route declarations short: the request body and response entries of the OpenAPI document.
import { z } from "@hono/zod-openapi";
import type { ZodType } from "zod";

export const ErrorBodySchema = z.object({
  detail: z.string(),
  status_code: z.number().int(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

/** A validated JSON body: read it with c.req.valid("json"); failures answer 400 in the error shape. */
export function jsonBody<T extends ZodType>(schema: T) {
  return { content: { "application/json": { schema } }, required: true } as const;
}

export function jsonResponse<T extends ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description } as const;
}
