// The HTML constraints (required, maxLength, pattern, ...) of a form's zod schema, for a loader to hand to
// useDeferredZodForm: computed on the server, so the page's JavaScript does not need zod to render the fields.
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

export function formConstraint(schema: z.ZodType) {
  return getZodConstraint(schema);
}
