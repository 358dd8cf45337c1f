// Wonder content's statuses, limits and slugs: no zod here, so the admin pages that use them do not load the
// validation library with the page (the schemas in ./wonder.ts build on these).

export const WONDER_STATUSES = ["draft", "published"] as const;
export type WonderStatus = (typeof WONDER_STATUSES)[number];
export const WONDER_PAGE_SIZE = 20;
export const WONDER_BODY_MAX = 200_000;
export const WONDER_TITLE_MAX = 200;
export const WONDER_SUMMARY_MAX = 1_000;
export const WONDER_SLUG_MAX = 100;
export const WONDER_TAG_NAME_MAX = 60;
export const WONDER_TAGS_PER_ITEM_MAX = 50;

/** "Hello, World!" → "hello-world": lowercase ASCII letters and digits joined by single hyphens. */
export function slugify(text: string, max = WONDER_SLUG_MAX): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}
