// Wonder content: tags and items. One schema per form, shared by the forms, their route actions and /api.
import { z } from "zod";
import { refuseDeepMarkdown } from "../markdown-nesting";
import {
  WONDER_STATUSES,
  WONDER_BODY_MAX,
  WONDER_TITLE_MAX,
  WONDER_SUMMARY_MAX,
  WONDER_SLUG_MAX,
  WONDER_TAG_NAME_MAX,
  WONDER_TAGS_PER_ITEM_MAX,
} from "./wonder-vocabulary";

export * from "./wonder-vocabulary";

const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(WONDER_SLUG_MAX, `Slug must be at most ${WONDER_SLUG_MAX} characters.`)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Slug may contain only lowercase letters, digits and single hyphens.");

export const WonderTagSchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(WONDER_TAG_NAME_MAX, `Name must be at most ${WONDER_TAG_NAME_MAX} characters.`),
  // Left empty, the slug is made from the name.
  slug: slugField.optional(),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Colour must look like #3366ff.")
    .optional(),
});
export type WonderTagInput = z.infer<typeof WonderTagSchema>;
/** The tag form: the tag's fields and the id of the tag being renamed (/api takes that from the URL). */
export const WonderTagFormSchema = WonderTagSchema.extend({ id: z.string().optional() });

export const WonderItemSchema = z.object({
  title: z
    .string({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(WONDER_TITLE_MAX, `Title must be at most ${WONDER_TITLE_MAX} characters.`),
  // Left empty, the slug is made from the title.
  slug: slugField.optional(),
  summary: z
    .string()
    .trim()
    .max(WONDER_SUMMARY_MAX, `Summary must be at most ${WONDER_SUMMARY_MAX.toLocaleString("en")} characters.`)
    .optional(),
  body_markdown: z
    .string()
    .max(WONDER_BODY_MAX, `Body must be at most ${WONDER_BODY_MAX.toLocaleString("en")} characters.`)
    .superRefine(refuseDeepMarkdown)
    .optional(),
  image_url: z
    .string()
    .trim()
    .max(2_000, "Image URL must be at most 2,000 characters.")
    .regex(/^https?:\/\/\S+$/i, "Image URL must start with http:// or https://.")
    .optional(),
  status: z.enum(WONDER_STATUSES, { error: "Status must be draft or published." }).default("draft"),
  tag_ids: z
    .array(z.uuid("Unknown tag."))
    .max(WONDER_TAGS_PER_ITEM_MAX, `At most ${WONDER_TAGS_PER_ITEM_MAX} tags.`)
    .default([]),
});
export type WonderItemInput = z.infer<typeof WonderItemSchema>;

export const WonderItemListQuerySchema = z.object({
  tag: z.string().trim().max(WONDER_SLUG_MAX).optional(),
  status: z.enum(WONDER_STATUSES, { error: "Status must be draft or published." }).optional(),
  page: z.coerce.number({ error: "page must be a number." }).int().min(1, "page starts at 1.").max(100_000).default(1),
});

/** A tag as an item carries it. */
export const WonderTagRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  color: z.string().nullable(),
});

export const WonderTagRecordSchema = WonderTagRefSchema.extend({
  created_at: z.string(),
  item_count: z.number().int(),
});
export type WonderTag = z.infer<typeof WonderTagRecordSchema>;

export const WonderTagListResponseSchema = z.object({ tags: z.array(WonderTagRecordSchema) });
export type WonderTagListResponse = z.infer<typeof WonderTagListResponseSchema>;

export const WonderItemRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  body_markdown: z.string(),
  image_url: z.string().nullable(),
  status: z.enum(WONDER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  tags: z.array(WonderTagRefSchema),
});
export type WonderItem = z.infer<typeof WonderItemRecordSchema>;

export const WonderItemPageSchema = z.object({
  items: z.array(WonderItemRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WonderItemPage = z.infer<typeof WonderItemPageSchema>;
