// How mail leaves: the transport interface, SMTP transports over nodemailer (a URL, or host and XOAUTH2
// credentials) and the errors sending raises. Which transport sends is the mail module's choice (mail.ts).
import { isIP } from "node:net";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { config } from "../config";
import { checkedAddress } from "../lib/outbound";

interface MailAddress {
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
