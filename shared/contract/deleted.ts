// The responses of an administrator's delete, and of undoing one. A delete that can be undone answers the hold's id,
// a random reference to the deleted rows kept on the server for a few minutes; the rows themselves never leave it.
import { z } from "zod";

const DeletedCountSchema = z.object({ number: z.number().int() });

const HoldIdSchema = z
  .uuid()
  .describe("Undoes this delete for 10 minutes: POST /api/v1/admin/deleted/{hold_id}/restore");

/** A delete that says how many records went, and the hold that undoes it (null when nothing was deleted). */
export const HeldDeletedCountSchema = DeletedCountSchema.extend({ hold_id: HoldIdSchema.nullable() });
export type HeldDeletedCount = z.infer<typeof HeldDeletedCountSchema>;

/** A delete of one record that was there, and the hold that undoes it. */
export const HeldDeleteOkSchema = z.object({ ok: z.literal(true), hold_id: HoldIdSchema });

/** The kinds of record whose delete can be undone from a hold. */
export const HELD_RESOURCE_NAMES = [
  "user",
  "api_key",
  "mail_connection",
  "contact_message",
  "site_data",
  "image_job",
] as const;

export const RestoreHoldParamsSchema = z.object({ holdId: z.uuid("holdId must be a UUID.") });

/** What a restore brought back: the kind of record and its id, the same as before the delete. */
export const RestoredSchema = z.object({ resource: z.enum(HELD_RESOURCE_NAMES), id: z.string() });
export type Restored = z.infer<typeof RestoredSchema>;
