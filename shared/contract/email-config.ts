// The mail sender of Email Config: the "send test mail" form (shared by the form, the route action and
// POST /api/v1/admin/site/email/test), the Gmail connection flow, and the responses of /api/v1/admin/site/email
// and /api/v1/admin/gmail.
import { z } from "zod";

export * from "./email-config-vocabulary";

export const TestMailSchema = z.object({
  to: z
    .string()
    .trim()
    .max(254, "Email must be at most 254 characters.")
    .pipe(z.email("Enter a valid email address."))
    .optional(),
});

export const TestMailResponseSchema = z.object({ ok: z.boolean(), to: z.string(), transport: z.string() });
export type TestMailResponse = z.infer<typeof TestMailResponseSchema>;

/** A connected Gmail account the site sends mail as. */
export const MailConnectionSchema = z.object({
  id: z.string(),
  email: z.string(),
  last_login_ip: z.string().nullable(),
  userId: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type MailConnection = z.infer<typeof MailConnectionSchema>;

export const EmailConfigResponseSchema = z.object({
  sessions_list: z.array(MailConnectionSchema),
  email_sender: z.string().nullable(),
  gmail_configured: z.boolean(),
  mail_transport: z.string().nullable(),
  mail_problem: z.string().nullable(),
});
export type EmailConfigResponse = z.infer<typeof EmailConfigResponseSchema>;

export const GmailConnectStartQuerySchema = z.object({
  redirect_uri: z.string().max(2000),
  login_hint: z.string().trim().max(254).pipe(z.email("login_hint must be an e-mail address.")).optional(),
});

export const GmailConnectStartResponseSchema = z.object({ authorization_url: z.string(), flow_token: z.string() });
export type GmailConnectStartResponse = z.infer<typeof GmailConnectStartResponseSchema>;

/**
 * What Google sent back to the callback: a code, or the error code of a refusal (RFC 6749 4.1.2.1), with the
 * state and the sealed flow. An error's description is not taken: anyone can craft the link that carries it.
 */
export const GmailCallbackSchema = z
  .object({
    code: z.string().min(1, "code is required.").max(4096).optional(),
    error: z.string().min(1, "error must not be empty.").max(256, "error must be at most 256 characters.").optional(),
    state: z.string().min(1, "state is required.").max(512),
    flow_token: z.string().min(1, "The connection attempt has expired; start again.").max(8192),
  })
  .refine((body) => (body.code === undefined) !== (body.error === undefined), {
    message: "Send either code or error.",
    path: ["code"],
  });

export const GmailCallbackResponseSchema = z.object({ session: MailConnectionSchema });
export type GmailCallbackResponse = z.infer<typeof GmailCallbackResponseSchema>;

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
