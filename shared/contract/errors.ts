// The one error body every /api failure answers with, and the web tier reads back: a sentence for people, the HTTP
// status again, and one entry per field that was refused ("_form" when the problem is not one field's).
import { z } from "zod";

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });

export const ApiErrorBodySchema = z.object({
  detail: z.string(),
  status_code: z.number().int(),
  errors: z.array(FieldErrorSchema),
});

export type FieldError = z.infer<typeof FieldErrorSchema>;
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
