// The "send test mail" form of Email Config, shared by the form, the route action and
// POST /api/v1/admin/site/email/test.
import { z } from "zod";

export const TestMailSchema = z.object({
  to: z
    .string()
    .trim()
    .max(254, "Email must be at most 254 characters.")
    .pipe(z.email("Enter a valid email address."))
    .optional(),
});

/** Can the site send mail, through what, and to whom. */
export const MailSetupSchema = z.object({
  configured: z.boolean(),
  /** The transport's description when configured. */
  transport: z.string().nullable(),
  recipient: z.string().nullable(),
  /** Why mail cannot be sent, when it cannot. */
  problem: z.string().nullable(),
});
export type MailSetup = z.infer<typeof MailSetupSchema>;
