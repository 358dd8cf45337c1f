// The contact form: one schema for the form, its route action and POST /api/v1/site/contact; and the
// administrators' side of contact messages (the list, a message, marking it handled, sending notifications).
import { z } from "zod";
import { CONTACT_HONEYPOT_FIELD } from "./contact-honeypot";
import { MailSetupSchema } from "./email-config";
import { NO_CONTROL_CHARACTERS } from "./text-rules";

export const CONTACT_NAME_MAX = 200;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5_000;
export { CONTACT_HONEYPOT_FIELD } from "./contact-honeypot";

// Line breaks in a name or address could forge mail headers in the owner's notification; refuse them outright
// (before trimming, so "a@b.example\r\nBcc: …" is not quietly cut down to a valid address).
const SINGLE_LINE = /^[^\r\n]*$/;

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

/** A contact message as /api answers it to administrators. */
export const ContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  client_ip: z.string().nullable(),
  created_at: z.string(),
  handled: z.boolean(),
  notified_at: z.string().nullable(),
  notify_attempts: z.number().int(),
  last_notify_error: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessageUpdatedSchema = z.object({ message: ContactMessageSchema });

export const CONTACT_FILTERS = ["all", "open", "handled", "unsent"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];
export const CONTACT_PAGE_SIZE_MAX = 100;

export const ContactMessageListQuerySchema = z.object({
  filter: z.enum(CONTACT_FILTERS).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONTACT_PAGE_SIZE_MAX, `page_size must be at most ${CONTACT_PAGE_SIZE_MAX}.`)
    .default(50),
});

export const ContactMessagePageSchema = z.object({
  messages: z.array(ContactMessageSchema),
  /** How many match the filter. */
  count: z.number().int(),
  open: z.number().int(),
  unsent: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  mail: MailSetupSchema,
});
export type ContactMessagePage = z.infer<typeof ContactMessagePageSchema>;

/** One pass of the owner's notifications: what it sent, and why the last attempt failed, if one did. */
export const ContactNotifyAttemptSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
});
export type ContactNotifyAttempt = z.infer<typeof ContactNotifyAttemptSchema>;

/** An administrator's "send now": the attempt, and how many messages are still unsent after it. */
export const ContactNotifyResultSchema = ContactNotifyAttemptSchema.extend({ unsent: z.number().int() });
export type ContactNotifyResult = z.infer<typeof ContactNotifyResultSchema>;
