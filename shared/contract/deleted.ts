// The response of an administrator's delete that says how many records went: 1, or 0 when one was already gone.
import { z } from "zod";

export const DeletedCountSchema = z.object({ number: z.number().int() });
export type DeletedCount = z.infer<typeof DeletedCountSchema>;
