/** The contact form's honeypot: a field people never see or fill; anything in it marks the sender as a bot. */
export const CONTACT_HONEYPOT_FIELD = "website";
