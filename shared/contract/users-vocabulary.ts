// The user list's limits and the account provider the admin pages name: no zod here, so an admin page that shows
// them does not load the validation library with the page (the schemas in ./users.ts build on these).

/** The only provider whose e-mail flag the administrator toggles. */
export const SPARK_PROVIDER = "spark";

export const USER_PAGE_SIZE_DEFAULT = 50;
export const USER_PAGE_SIZE_MAX = 100;
export const USER_SEARCH_MAX = 100;
