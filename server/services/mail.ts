// THE mail module: every e-mail the site sends goes through getMailTransport(db).
// Transports are tried in the order of `mailTransportProviders`; the first one configured sends: the Gmail
// account an administrator connected in the admin area (XOAUTH2), else SMTP_URL.
import { isIP } from "node:net";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { MailSetup } from "../../shared/contract/mail-sender";
import { config } from "../config";
import type { Database } from "../db/client";
import { checkedAddress } from "../lib/outbound";
import { connectedGmailTransport } from "./mail-connections";

export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailMessage {
  to: string | MailAddress;
  subject: string;
  text: string;
  replyTo?: MailAddress;
}

export interface MailTransport {
  /** Where mail goes out, for administrators, without secrets: "SMTP mail.example.com:587". */
  readonly description: string;
  /** The From address, e.g. "Camera Probe <site@example.com>". */
  readonly from: string;
  send(message: MailMessage): Promise<void>;
}

/** Nothing (or nothing usable) is configured to send mail: an operator has to act, retrying will not help. */
export class MailNotConfiguredError extends Error {
  override name = "MailNotConfiguredError";
}

/** The transport is configured but sending failed (server down, refused, timed out): worth retrying later. */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
}

/** Answers a transport when its kind of sender is set up, null when it is not, and throws when it is broken. */
export type MailTransportProvider = (db: Database) => Promise<MailTransport | null>;

// The Gmail account an administrator connected (XOAUTH2) goes first: connecting one is a deliberate choice.
export const mailTransportProviders: MailTransportProvider[] = [connectedGmailTransport, smtpTransportFromConfig];

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

/** An SMTP transport for a smtp:// or smtps:// URL (SMTP_URL). */
export function createSmtpTransport(url: string, options: { from: string; timeoutMs?: number }): MailTransport {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new MailNotConfiguredError("SMTP_URL is not a valid URL (expected smtp://user:password@host:port).");
  }
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") {
    throw new MailNotConfiguredError(`SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}//.`);
  }
  const port = parsed.port || (parsed.protocol === "smtps:" ? "465" : "587");
  return nodemailerTransport({
    description: `SMTP ${parsed.hostname}:${port}`,
    from: options.from,
    options: { url },
    timeoutMs: options.timeoutMs,
  });
}

/**
 * A transport over nodemailer's SMTP client, for any SMTP options (a URL, or host and XOAUTH2 credentials).
 * Each send opens its own connection and gives up after timeoutMs, whatever the options say.
 */
export function nodemailerTransport(input: {
  description: string;
  from: string;
  options: SMTPTransport.Options;
  timeoutMs?: number;
}): MailTransport {
  const timeoutMs = input.timeoutMs ?? config.integrations.timeoutMs;
  const { description, from } = input;
  return {
    description,
    from,
    async send(message) {
      let transporter: ReturnType<typeof nodemailer.createTransport> | undefined;
      const delivery = (async () => {
        transporter = nodemailer.createTransport({
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
          ...(await pinnedSmtpOptions(input.options)),
          // Messages are plain text built here; never let a field make nodemailer read a file or fetch a URL.
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        await transporter.sendMail({
          from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
        });
      })();
      try {
        await withTimeout(
          delivery,
          timeoutMs,
          `${description} did not answer within ${Math.round(timeoutMs / 1000)} s`,
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`Sending through ${description} failed: ${reason}`);
      } finally {
        delivery.catch(() => {});
        transporter?.close();
      }
    },
  };
}

/**
 * The SMTP options with the server's name resolved once and checked (server/lib/outbound.ts): nodemailer connects
 * to that address and still checks the certificate against the name.
 */
async function pinnedSmtpOptions(options: SMTPTransport.Options): Promise<SMTPTransport.Options> {
  if (options.url) {
    const url = new URL(options.url);
    const port = Number(url.port) || (url.protocol === "smtps:" ? 465 : 587);
    const checked = await checkedAddress(url.hostname, port);
    const servername = url.hostname.replace(/^\[(.*)\]$/, "$1");
    url.hostname = checked.family === 6 ? `[${checked.address}]` : checked.address;
    return isIP(servername)
      ? { ...options, url: url.toString() }
      : { ...options, url: url.toString(), tls: { ...options.tls, servername } };
  }
  if (!options.host) return options;
  const port = options.port ?? (options.secure ? 465 : 587);
  const checked = await checkedAddress(options.host, port);
  if (isIP(options.host)) return { ...options, host: checked.address, port };
  return { ...options, host: checked.address, port, tls: { servername: options.host, ...options.tls } };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
