// A real SMTP server on loopback for tests: it accepts every message and keeps it, so a test can check what
// the site sent. Plain SMTP without TLS or authentication, on a port the system picks.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

interface ReceivedMail {
  from: string | null;
  to: string[];
  /** Unfolded headers, names lower-cased. */
  headers: Record<string, string>;
  subject: string;
  /** The text body, decoded from quoted-printable or base64 when needed. */
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMail(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next messages with a 4xx answer, as a full or failing server does. */
  rejectMail(reject: boolean): void;
  stop(): Promise<void>;
}

export async function startTestSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  let rejecting = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // A reverse DNS lookup per connection costs seconds on a machine without DNS.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (rejecting) {
          const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), session.envelope);
        received.push(mail);
        for (const waiter of waiters.slice()) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitForMail(match = () => true, timeoutMs = 5_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) {
            waiters.splice(index, 1);
            reject(new Error(`No matching mail within ${timeoutMs} ms (received ${received.length})`));
          }
        }, timeoutMs).unref();
      });
    },
    rejectMail(reject) {
      rejecting = reject;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMail(
  raw: string,
  envelope: { mailFrom: { address: string } | false; rcptTo: Array<{ address: string }> },
): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  let text = body.replace(/\r\n\.?$/, "");
  if (encoding === "quoted-printable") {
    text = Buffer.from(
      text
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  } else if (encoding === "base64") {
    text = Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : null,
    to: envelope.rcptTo.map((r) => r.address),
    headers,
    subject: decodeEncodedWords(headers.subject ?? ""),
    text: text.replace(/\r\n/g, "\n"),
    raw,
  };
}

/** RFC 2047 "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words, as nodemailer writes non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) => {
      if (kind.toUpperCase() === "B") return Buffer.from(data, "base64").toString("utf8");
      const bytes = data
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}
