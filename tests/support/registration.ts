// Open registration for a test file: REGISTRATION_OPEN, SITE_URL and SMTP_URL pointed at a real SMTP server on
// loopback, and the link a sign-up request e-mails read back from it.
import { config } from "#server/config.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp";

export interface OpenRegistration {
  smtp: TestSmtpServer;
  /** The token of the newest registration link sent to `email` (waits for it). */
  linkToken(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function openRegistration(): Promise<OpenRegistration> {
  const smtp = await startTestSmtpServer();
  const saved = {
    registrationOpen: config.registrationOpen,
    siteUrl: config.siteUrl,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
  };
  Object.assign(config, {
    registrationOpen: true,
    siteUrl: "http://site.test",
    smtpUrl: smtp.url,
    mailFrom: "site@example.com",
  });
  // Outbound calls to loopback are refused unless allowed (server/lib/outbound.ts); this test server is.
  const savedAllow = process.env.OUTBOUND_ALLOW_HOSTS;
  process.env.OUTBOUND_ALLOW_HOSTS = [savedAllow, `127.0.0.1:${smtp.port}`].filter(Boolean).join(",");
  return {
    smtp,
    async linkToken(email) {
      const mail = await smtp.waitForMail((m) => m.to.includes(email) && /verify-request\?token=/.test(m.text));
      const link = /(\S+verify-request\?token=\S+)/.exec(mail.text)?.[1] ?? "";
      return new URL(link).searchParams.get("token") ?? "";
    },
    async close() {
      Object.assign(config, saved);
      if (savedAllow === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
      else process.env.OUTBOUND_ALLOW_HOSTS = savedAllow;
      await smtp.stop();
    },
  };
}
