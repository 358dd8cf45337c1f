// The contact form: one schema for the form, its route action and POST /api/v1/site/contact.
import { z } from "zod";
import { CONTACT_HONEYPOT_FIELD } from "./contact-honeypot";

export const CONTACT_NAME_MAX = 200;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5_000;
export { CONTACT_HONEYPOT_FIELD } from "./contact-honeypot";

// Line breaks in a name or address could forge mail headers in the owner's notification; refuse them outright
// (before trimming, so "a@b.example\r\nBcc: …" is not quietly cut down to a valid address).
const SINGLE_LINE = /^[^\r\n]*$/;
// oxlint-disable-next-line no-control-regex -- control characters are exactly what must be refused
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

export const ContactSchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .regex(SINGLE_LINE, "Name must be on a single line.")
    .regex(NO_CONTROL_CHARACTERS, "Name must not contain control characters.")
    .trim()
    .min(1, "Name is required.")
    .max(CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters.`),
  email: z
    .string({ error: "Email is required." })
    .regex(SINGLE_LINE, "Email must be on a single line.")
    .trim()
    .min(1, "Email is required.")
    .max(CONTACT_EMAIL_MAX, `Email must be at most ${CONTACT_EMAIL_MAX} characters.`)
    .pipe(z.email("Enter a valid email address.")),
  message: z
    .string({ error: "Message is required." })
    // Line breaks and tabs are welcome in a message; other control characters (NUL above all) are not.
    // oxlint-disable-next-line no-control-regex -- control characters are exactly what must be refused
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, "Message must not contain control characters.")
    .trim()
    .min(1, "Message is required.")
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX.toLocaleString("en")} characters.`),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(1_000).optional(),
});

export type ContactInput = z.infer<typeof ContactSchema>;

/** An administrator marks a message handled or open again. The form sends "true"/"false"; /api callers a boolean. */
export const ContactMessageUpdateSchema = z.object({
  handled: z.union(
    [
      z.boolean(),
      z.enum(["true", "false"], { error: "handled must be true or false." }).transform((value) => value === "true"),
    ],
    { error: "handled must be true or false." },
  ),
});

/** The administrators' forms on a message name it by id. */
export const ContactMessageIdSchema = z.object({ id: z.string({ error: "Required." }).min(1, "Required.").max(64) });
export const ContactMessageHandledFormSchema = ContactMessageIdSchema.extend(ContactMessageUpdateSchema.shape);
