// Site data's types and limits: no zod here, so the admin page that names them does not load the validation
// library with the page (the schemas in ./site-data.ts build on these).

export const SITE_DATA_TYPE_HINT = "terms, privacy";
export const SITE_DATA_TYPE_MAX = 40;
export const SITE_DATA_MARKDOWN_MAX = 200_000;
/** What a newly created entry starts as; the admin then edits it. */
export const SITE_DATA_DEFAULT_TYPE = "terms";
