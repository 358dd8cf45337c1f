// Site data (terms, privacy…): one schema for the edit form, its route action and
// POST /api/v1/admin/site/data/entry/{id}; the entry as /api answers it; and the public types anyone may read.
import { z } from "zod";
import { refuseDeepMarkdown } from "../markdown-nesting";
import { SITE_DATA_MARKDOWN_MAX, SITE_DATA_TYPE_MAX } from "./site-data-vocabulary";

export * from "./site-data-vocabulary";

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

/** The entry as /api answers it, to administrators and (when current and public) to anyone. */
export const SiteDataEntryViewSchema = z.object({
  id: z.string(),
  versionNum: z.number().int(),
  type: z.string(),
  markdown: z.string(),
  is_current: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteDataEntry = z.infer<typeof SiteDataEntryViewSchema>;

/** The types whose current entry is public (the /terms and /privacy pages). */
export const LEGAL_PAGE_TYPES = ["terms", "privacy"] as const;
export type LegalPageType = (typeof LEGAL_PAGE_TYPES)[number];

export function isLegalPageType(value: string): value is LegalPageType {
  return (LEGAL_PAGE_TYPES as readonly string[]).includes(value);
}

export const CurrentSiteDataParamsSchema = z.object({ type: z.string().max(SITE_DATA_TYPE_MAX) });

/** How terms and privacy are rendered for their pages (which have their own h1), once, when saved. */
export const LEGAL_PAGE_MARKDOWN_OPTIONS = { headingOffset: 1 } as const;

/** An entry's markdown as its public page shows it: safe HTML and the outline of its headings. */
export const RenderedMarkdownSchema = z.object({
  html: z.string(),
  headings: z.array(z.object({ level: z.number().int(), text: z.string(), id: z.string() })),
});

/** GET /api/v1/site/data/current/{type}: null when no entry of the type is current. */
export const CurrentSiteDataSchema = z.object({
  entry: SiteDataEntryViewSchema.nullable(),
  rendered: RenderedMarkdownSchema.nullable(),
});
export type CurrentSiteData = z.infer<typeof CurrentSiteDataSchema>;
