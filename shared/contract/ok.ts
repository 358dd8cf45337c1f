// The answer of an operation that has nothing to report but that it was done (a delete, a message accepted).
import { z } from "zod";

export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;
