import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config } from "../config";
import { openTestDatabase } from "#tests/support/api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp.ts";
import type { DatabaseHandle } from "../db/client";
import {
  createSmtpTransport,
  describeMailSetup,
  getMailTransport,
  MailDeliveryError,
  MailNotConfiguredError,
  sendToOwner,
} from "./mail";

let smtp: TestSmtpServer;
let database: DatabaseHandle;
const saved = {
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  ownerEmail: config.ownerEmail,
  adminEmail: config.adminEmail,
};

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  database = await openTestDatabase();
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});
afterEach(() => {
  Object.assign(config, saved);
});

describe("mail module", () => {
  it("says clearly that mail is not configured", async () => {
    Object.assign(config, { smtpUrl: undefined, ownerEmail: undefined, adminEmail: undefined, mailFrom: undefined });
    await expect(getMailTransport(database.db)).rejects.toThrow(MailNotConfiguredError);
    await expect(getMailTransport(database.db)).rejects.toThrow(/SMTP_URL/);
    const setup = await describeMailSetup(database.db);
    expect(setup).toMatchObject({ configured: false, transport: null });
    expect(setup.problem).toMatch(/not configured/);
  });

  it("refuses a broken SMTP_URL or a missing sender", async () => {
    Object.assign(config, { smtpUrl: "http://mail.example.com", ownerEmail: "owner@example.com" });
    await expect(getMailTransport(database.db)).rejects.toThrow(/smtp:\/\//);
    Object.assign(config, {
      smtpUrl: "smtp://127.0.0.1:1",
      ownerEmail: undefined,
      adminEmail: undefined,
      mailFrom: undefined,
    });
    await expect(getMailTransport(database.db)).rejects.toThrow(/MAIL_FROM or OWNER_EMAIL/);
  });

  it("sends to the owner through SMTP_URL, with the sender as Reply-To", async () => {
    Object.assign(config, {
      smtpUrl: smtp.url,
      ownerEmail: "owner@example.com",
      mailFrom: "Camera Probe <site@example.com>",
    });
    const result = await sendToOwner(database.db, {
      subject: "Grüße from the test",
      text: "Line one\nLine two with ümlauts",
      replyTo: { name: "Ada", address: "ada@example.com" },
    });
    expect(result.transport).toBe(`SMTP 127.0.0.1:${smtp.port}`);
    const mail = await smtp.waitForMail((m) => m.subject === "Grüße from the test");
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.from).toBe("site@example.com");
    expect(mail.headers["reply-to"]).toBe("Ada <ada@example.com>");
    expect(mail.text).toContain("Line two with ümlauts");
    expect(await describeMailSetup(database.db)).toEqual({
      configured: true,
      transport: `SMTP 127.0.0.1:${smtp.port}`,
      recipient: "owner@example.com",
      problem: null,
    });
  });

  it("reports a server that is down as a delivery error", async () => {
    const closed = await startTestSmtpServer();
    await closed.stop();
    const transport = createSmtpTransport(closed.url, { from: "site@example.com", timeoutMs: 2_000 });
    await expect(transport.send({ to: "owner@example.com", subject: "x", text: "y" })).rejects.toThrow(
      MailDeliveryError,
    );
  });

  it("gives up on a server that never answers", async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { from: "site@example.com", timeoutMs: 300 });
      const started = Date.now();
      await expect(transport.send({ to: "owner@example.com", subject: "x", text: "y" })).rejects.toThrow(
        /SMTP 127\.0\.0\.1:\d+/,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
