import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config } from "#server/config.ts";
import { contactMessages, siteData } from "#server/db/schema.ts";
import { scheduleContactNotifications, startContactNotificationRetry } from "#server/services/contact.ts";
import { createSiteData, updateSiteData } from "#server/services/site-data.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp.ts";

let h: ApiHarness;
let smtp: TestSmtpServer;
const savedMail = {
  smtpUrl: config.smtpUrl,
  ownerEmail: config.ownerEmail,
  mailFrom: config.mailFrom,
  adminEmail: config.adminEmail,
};

beforeAll(async () => {
  h = await createApiHarness();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await scheduleContactNotifications(h.database.db);
  await smtp.stop();
  await h.close();
});
afterEach(async () => {
  // Let a background notification pass end before the next test changes the mail settings.
  await scheduleContactNotifications(h.database.db);
  Object.assign(config, savedMail);
});

let addressCounter = 0;
/** Each test posts from its own address, so the per-address rate limit never couples tests. */
function freshIp(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

function contact(body: unknown, clientIp = freshIp()) {
  return h.request("/v1/site/contact", { method: "POST", json: body, clientIp });
}

async function storedMessage(marker: string) {
  const rows = await h.database.db.select().from(contactMessages);
  return rows.find((row) => row.message.includes(marker));
}

const valid = (marker: string) => ({
  name: "Ada Lovelace",
  email: "ada@example.com",
  message: `Hello there ${marker}`,
});

describe("POST /api/v1/site/contact", () => {
  it("stores the message and answers {ok}", async () => {
    const ip = freshIp();
    const response = await contact(valid("stored-1"), ip);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const row = await storedMessage("stored-1");
    expect(row).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", clientIp: ip, handled: false });
  });

  it("accepts a form body too", async () => {
    const response = await h.request("/v1/site/contact", {
      method: "POST",
      body: new URLSearchParams({ name: "Form Sender", email: "form@example.com", message: "via form-body-1" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      clientIp: freshIp(),
    });
    expect(response.status).toBe(200);
    expect((await storedMessage("via form-body-1"))?.name).toBe("Form Sender");
  });

  it("refuses other bodies with 415", async () => {
    const plain = await h.request("/v1/site/contact", {
      method: "POST",
      body: "hello",
      headers: { "content-type": "text/plain" },
      clientIp: freshIp(),
    });
    expect(plain.status).toBe(415);
    const none = await h.request("/v1/site/contact", { method: "POST", clientIp: freshIp() });
    expect(none.status).toBe(415);
    expect((await none.json()).detail).toMatch(/JSON or as a form/);
  });

  it("validates every field with the limit in the message", async () => {
    const empty = await contact({ name: " ", email: "", message: "" });
    expect(empty.status).toBe(400);
    const body = await empty.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: "name", message: "Name is required." },
        { field: "email", message: "Email is required." },
        { field: "message", message: "Message is required." },
      ]),
    );

    const long = await contact({ name: "n".repeat(201), email: "a@example.com", message: "m".repeat(5_001) });
    expect((await long.json()).errors).toEqual([
      { field: "name", message: "Name must be at most 200 characters." },
      { field: "message", message: "Message must be at most 5,000 characters." },
    ]);
    expect((await contact({ name: "n".repeat(200), email: "a@example.com", message: "m".repeat(5_000) })).status).toBe(
      200,
    );

    const nul = await contact({ name: "A", email: "a@example.com", message: "before\u0000after" });
    expect((await nul.json()).errors).toEqual([
      { field: "message", message: "Message must not contain control characters." },
    ]);
    expect((await contact({ name: "A", email: "a@example.com", message: "line one\r\n\tline two" })).status).toBe(200);

    const badEmail = await contact({ name: "A", email: "a@b", message: "x" });
    expect((await badEmail.json()).errors).toEqual([{ field: "email", message: "Enter a valid email address." }]);
  });

  it("refuses line breaks in the name or email (no header injection)", async () => {
    const response = await contact({
      name: "Eve\r\nBcc: victim@example.com",
      email: "eve@example.com\r\nBcc: victim@example.com",
      message: "hi",
    });
    expect(response.status).toBe(400);
    const errors = (await response.json()).errors as Array<{ field: string; message: string }>;
    expect(errors).toContainEqual({ field: "name", message: "Name must be on a single line." });
    expect(errors).toContainEqual({ field: "email", message: "Email must be on a single line." });
    // A trailing line break is refused too, not trimmed away.
    expect((await contact({ name: "Eve", email: "eve@example.com\n", message: "hi" })).status).toBe(400);
  });

  it("answers a filled honeypot like a success but keeps nothing", async () => {
    const response = await contact({ ...valid("honeypot-1"), website: "http://spam.example" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await storedMessage("honeypot-1")).toBeUndefined();
  });

  it("limits each client address to CONTACT_RATE_LIMIT_PER_MINUTE messages a minute", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < config.contactRateLimitPerMinute; i++)
      statuses.push((await contact(valid(`limit-${i}`), ip)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await contact(valid("limit-over"), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).detail).toMatch(
      /^Too many messages from your address: the limit is \d+ a minute\. Please try again in \d+ seconds\.$/,
    );
    expect(await storedMessage("limit-over")).toBeUndefined();
    // Another address is not affected.
    expect((await contact(valid("limit-other"))).status).toBe(200);
  });
});

describe("owner notification", () => {
  it("mails the owner through a real SMTP server, with the sender as Reply-To", async () => {
    Object.assign(config, { smtpUrl: smtp.url, ownerEmail: "owner@example.com", mailFrom: "site@example.com" });
    const response = await contact({
      name: "Grace Hopper",
      email: "grace@example.com",
      message: "Notify me notify-1\nsecond line",
    });
    expect(response.status).toBe(200);
    await scheduleContactNotifications(h.database.db);
    const mail = await smtp.waitForMail((m) => m.text.includes("notify-1"));
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.subject).toBe("[Camera Probe] Contact message from Grace Hopper");
    expect(mail.headers["reply-to"]).toBe("Grace Hopper <grace@example.com>");
    expect(mail.text).toContain("From: Grace Hopper <grace@example.com>");
    expect(mail.text).toContain("Notify me notify-1\nsecond line");
    const row = await storedMessage("notify-1");
    expect(row?.notifiedAt).toBeInstanceOf(Date);
    expect(row?.lastNotifyError).toBeNull();
  });

  it("keeps the message when mail is not configured, and says why", async () => {
    Object.assign(config, { smtpUrl: undefined });
    expect((await contact(valid("unconfigured-1"))).status).toBe(200);
    await scheduleContactNotifications(h.database.db);
    const row = await storedMessage("unconfigured-1");
    expect(row?.notifiedAt).toBeNull();
    expect(row?.lastNotifyError).toMatch(/Mail is not configured/);
    expect(row?.notifyAttempts).toBeGreaterThanOrEqual(1);
  });

  it("keeps the message while the SMTP server is down and sends it once it is back", async () => {
    const down = await startTestSmtpServer();
    const port = down.port;
    await down.stop();
    Object.assign(config, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      ownerEmail: "owner@example.com",
      mailFrom: "site@example.com",
    });

    expect((await contact(valid("while-down-1"))).status).toBe(200);
    await scheduleContactNotifications(h.database.db);
    const unsent = await storedMessage("while-down-1");
    expect(unsent?.notifiedAt).toBeNull();
    expect(unsent?.lastNotifyError).toMatch(/Sending through SMTP 127\.0\.0\.1:\d+ failed/);

    const back = await startTestSmtpServer({ port });
    try {
      // The retry timer of the server process picks it up.
      const stopRetry = startContactNotificationRetry(h.database.db, 50);
      const mail = await back.waitForMail((m) => m.text.includes("while-down-1"));
      stopRetry();
      expect(mail.to).toEqual(["owner@example.com"]);
      await scheduleContactNotifications(h.database.db);
      const sent = await storedMessage("while-down-1");
      expect(sent?.notifiedAt).toBeInstanceOf(Date);
      expect(sent?.lastNotifyError).toBeNull();
      expect(back.received.filter((m) => m.text.includes("while-down-1"))).toHaveLength(1);
    } finally {
      await back.stop();
    }
  });

  it("retries a refused message when an administrator asks", async () => {
    Object.assign(config, { smtpUrl: smtp.url, ownerEmail: "owner@example.com", mailFrom: "site@example.com" });
    smtp.rejectMail(true);
    try {
      expect((await contact(valid("refused-1"))).status).toBe(200);
      await scheduleContactNotifications(h.database.db);
      expect((await storedMessage("refused-1"))?.lastNotifyError).toMatch(/451/);
    } finally {
      smtp.rejectMail(false);
    }
    const { token } = await h.signIn({ admin: true });
    const retry = await h.request("/v1/admin/site/contact/notify", { method: "POST", token });
    expect(retry.status).toBe(200);
    const body = await retry.json();
    expect(body).toMatchObject({ failed: 0, error: null, unsent: 0 });
    expect(body.sent).toBeGreaterThanOrEqual(1);
    await smtp.waitForMail((m) => m.text.includes("refused-1"));
  });
});

describe("GET /api/v1/site/data/current/{type}", () => {
  /** A saved entry, as the administrators' site data form makes one (the save announces the public change). */
  async function saveEntry(type: string, markdown: string, isCurrent: boolean) {
    const created = await createSiteData(h.database.db, type);
    return updateSiteData(h.database.db, created.id, { type, markdown, is_current: isCurrent });
  }

  it("answers null when no entry is current, then the current version only", async () => {
    const none = await h.request("/v1/site/data/current/privacy");
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ entry: null, rendered: null });

    await saveEntry("terms", "# Old terms", false);
    await saveEntry("terms", "# New terms", true);
    await saveEntry("privacy", "# Draft privacy", false);
    const terms = await h.request("/v1/site/data/current/terms");
    expect(terms.status).toBe(200);
    const { entry, rendered } = await terms.json();
    expect(entry).toMatchObject({ type: "terms", versionNum: 2, markdown: "# New terms", is_current: true });
    // Rendered when saved, for the page (its own h1 above, so the heading is an h2).
    expect(rendered).toEqual({
      html: '<h2 id="section-new-terms">New terms</h2>\n',
      headings: [{ level: 2, text: "New terms", id: "section-new-terms" }],
    });
    expect(new Date(entry.created_at).getTime()).not.toBeNaN();
    expect((await (await h.request("/v1/site/data/current/privacy")).json()).entry).toBeNull();
  });

  it("is cacheable for a short time and revalidates with its ETag, which changes on save", async () => {
    const first = await h.request("/v1/site/data/current/terms");
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await h.request("/v1/site/data/current/terms", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    const current = (await first.json()).entry;
    await updateSiteData(h.database.db, current.id, { type: "terms", markdown: "# Newer terms" });
    const changed = await h.request("/v1/site/data/current/terms", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).entry.markdown).toBe("# Newer terms");
  });

  it("answers from memory between saves, and a save is seen on the next request", async () => {
    const current = (await (await h.request("/v1/site/data/current/terms")).json()).entry;
    // A change that is not a save (no announcement) does not reach the kept entry...
    await h.database.db
      .update(siteData)
      .set({ markdown: "# Edited behind the site's back" })
      .where(eq(siteData.id, current.id));
    expect((await (await h.request("/v1/site/data/current/terms")).json()).entry.markdown).toBe(current.markdown);
    // ...a save does, at once.
    await updateSiteData(h.database.db, current.id, { type: "terms", markdown: "# Saved terms" });
    expect((await (await h.request("/v1/site/data/current/terms")).json()).entry.markdown).toBe("# Saved terms");
  });

  it("renders an entry saved before renderings were stored once, when first read, and stores it", async () => {
    const saved = await saveEntry("privacy", "# Old privacy", true);
    await h.database.db.update(siteData).set({ html: null, headings: null }).where(eq(siteData.id, saved.id));
    await updateSiteData(h.database.db, saved.id, { type: "privacy", is_current: true }); // empties the cache only
    await h.database.db.update(siteData).set({ html: null, headings: null }).where(eq(siteData.id, saved.id));
    const { rendered } = await (await h.request("/v1/site/data/current/privacy")).json();
    expect(rendered.html).toBe('<h2 id="section-old-privacy">Old privacy</h2>\n');
    const [row] = await h.database.db.select().from(siteData).where(eq(siteData.id, saved.id));
    expect(row?.html).toBe(rendered.html);
    expect(row?.headings).toEqual(rendered.headings);
  });

  it("serves only the public types", async () => {
    const response = await h.request("/v1/site/data/current/secret-notes");
    expect(response.status).toBe(404);
    expect((await response.json()).detail).toMatch(/only terms and privacy are public/);
  });
});

describe("OpenAPI document", () => {
  it("documents the endpoints in the OpenAPI document", async () => {
    const doc = await (await h.request("/openapi.json")).json();
    expect(doc.paths["/api/v1/site/contact"].post.requestBody.content).toHaveProperty(
      "application/x-www-form-urlencoded",
    );
    expect(doc.paths["/api/v1/site/data/current/{type}"].get).toBeDefined();
    expect(doc.paths["/api/v1/admin/site/contact/messages/{id}"].delete).toBeDefined();
  });
});
