// THE mail module: every e-mail the site sends goes through getMailTransport(db).
// Transports are tried in the order of `mailTransportProviders`; the first one configured sends: the Gmail
// account an administrator connected in the admin area (XOAUTH2), else SMTP_URL.
import type { MailSetup } from "#shared/contract/email-config.ts";
import { config } from "../config";
import type { Database } from "../db/client";
import { InvalidInputError, UnavailableError, UpstreamError } from "./errors";
import { connectedGmailTransport } from "./email-config";
import {
  createSmtpTransport,
  MailDeliveryError,
  MailNotConfiguredError,
  type MailMessage,
  type MailTransport,
} from "./mail-transport";

export {
  createSmtpTransport,
  MailDeliveryError,
  MailNotConfiguredError,
  type MailMessage,
  type MailTransport,
} from "./mail-transport";

/** Answers a transport when its kind of sender is set up, null when it is not, and throws when it is broken. */
type MailTransportProvider = (db: Database) => Promise<MailTransport | null>;

// The Gmail account an administrator connected (XOAUTH2) goes first: connecting one is a deliberate choice.
const mailTransportProviders: MailTransportProvider[] = [connectedGmailTransport, smtpTransportFromConfig];

const NOT_CONFIGURED_HELP = "Set SMTP_URL (for example smtp://user:password@mail.example.com:587) and OWNER_EMAIL.";

export async function getMailTransport(db: Database): Promise<MailTransport> {
  for (const provider of mailTransportProviders) {
    const transport = await provider(db);
    if (transport) return transport;
  }
  throw new MailNotConfiguredError(`Mail is not configured. ${NOT_CONFIGURED_HELP}`);
}

/** Sends one message through the current transport. */
export async function sendMail(db: Database, message: MailMessage): Promise<{ transport: string }> {
  const transport = await getMailTransport(db);
  await transport.send(message);
  return { transport: transport.description };
}

/** Sends a short message through the current transport, so the administrator sees that the sender works. */
export async function sendTestMail(db: Database, to: string): Promise<{ transport: string }> {
  if (!to)
    throw new InvalidInputError("No address to send the test mail to.", [
      { field: "to", message: "Enter a valid email address." },
    ]);
  try {
    return await sendMail(db, {
      to,
      subject: `${config.siteName}: test mail`,
      text:
        `This is a test mail from ${config.siteName}, sent at ` +
        `${new Date().toISOString()}.\n\nIf you can read it, the mail sender ` +
        `works.`,
    });
  } catch (error) {
    if (error instanceof MailNotConfiguredError) throw new UnavailableError(error.message);
    if (error instanceof MailDeliveryError) throw new UpstreamError(error.message);
    throw error;
  }
}

/** Who is told about new contact messages: OWNER_EMAIL, else ADMIN_EMAIL, else the sender itself. */
export function ownerAddress(transport?: Pick<MailTransport, "from">): string | null {
  return config.ownerEmail || config.adminEmail || transport?.from || null;
}

/** Sends a message to the site owner through the current transport. */
export async function sendToOwner(db: Database, message: Omit<MailMessage, "to">): Promise<{ transport: string }> {
  const transport = await getMailTransport(db);
  const to = ownerAddress(transport);
  if (!to) throw new MailNotConfiguredError(`Nobody to notify. ${NOT_CONFIGURED_HELP}`);
  await transport.send({ ...message, to });
  return { transport: transport.description };
}

/** For administrators: can the site send mail, through what, and to whom. Never throws. */
export async function describeMailSetup(db: Database): Promise<MailSetup> {
  try {
    const transport = await getMailTransport(db);
    const recipient = ownerAddress(transport);
    return {
      configured: Boolean(recipient),
      transport: transport.description,
      recipient,
      problem: recipient ? null : "Nobody to notify: set OWNER_EMAIL.",
    };
  } catch (error) {
    return {
      configured: false,
      transport: null,
      recipient: ownerAddress(),
      problem: error instanceof Error ? error.message : String(error),
    };
  }
}

async function smtpTransportFromConfig(): Promise<MailTransport | null> {
  if (!config.smtpUrl) return null;
  const from = config.mailFrom || config.ownerEmail || config.adminEmail;
  if (!from)
    throw new MailNotConfiguredError("SMTP_URL is set but there is no sender address: set MAIL_FROM or OWNER_EMAIL.");
  return createSmtpTransport(config.smtpUrl, { from });
}
