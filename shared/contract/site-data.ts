// Site data (terms, privacy…): one schema for the edit form, its route action and POST /api/v1/admin/site/data/entry/{id}.
import { z } from "zod";
import { refuseDeepMarkdown } from "../markdown-nesting";

export const SITE_DATA_TYPE_HINT = "terms, privacy";
export const SITE_DATA_TYPE_MAX = 40;
export const SITE_DATA_MARKDOWN_MAX = 200_000;
/** What a newly created entry starts as; the admin then edits it. */
export const SITE_DATA_DEFAULT_TYPE = "terms";

export const SiteDataTypeField = z
  .string({ error: "Type must be at least 2 characters." })
  .trim()
  .toLowerCase()
  .min(2, "Type must be at least 2 characters.")
  .max(SITE_DATA_TYPE_MAX, `Type must be at most ${SITE_DATA_TYPE_MAX} characters.`)
  .regex(/^[a-z0-9_-]+$/, "Type may contain only letters, digits, - and _.");

// The form sends the radio's "True"/"False"; /api callers send a JSON boolean.
const isCurrentField = z.union([
  z.boolean(),
  z
    .enum(["True", "False", "true", "false"], { error: "is_current must be True or False." })
    .transform((value) => value.toLowerCase() === "true"),
]);

export const SiteDataEntrySchema = z.object({
  id: z.string({ error: "Required." }).trim().min(1, "Required."),
  type: SiteDataTypeField,
  markdown: z
    .string()
    .max(SITE_DATA_MARKDOWN_MAX, `Markdown must be at most ${SITE_DATA_MARKDOWN_MAX.toLocaleString("en")} characters.`)
    .superRefine(refuseDeepMarkdown)
    .optional(),
  is_current: isCurrentField.optional(),
});
export type SiteDataEntryInput = z.infer<typeof SiteDataEntrySchema>;

/** The entry as /api answers it (spec §3 "Site data entry"). */
export interface SiteDataEntry {
  id: string;
  versionNum: number;
  type: string;
  markdown: string;
  is_current: boolean;
  created_at: string;
  updated_at: string;
}
