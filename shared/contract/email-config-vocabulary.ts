// The Gmail connection page's path: no zod here, so the Email Config page that links to it does not load the
// validation library with the page.

/**
 * The page that starts connecting a Gmail account and is also Google's callback: the web tier serves it, and /api
 * accepts only a redirect URI that ends in it.
 */
export const GMAIL_CONNECT_PATH = "/auth/admin/gmail/connect";
