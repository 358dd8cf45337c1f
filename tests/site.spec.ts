// Each test with JavaScript on and off: contact form, terms and privacy, profile and settings, site
// health, and the administrators' contact messages.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { request, type Page, type TestInfo } from "@playwright/test";
import { DEMO_TERMS, DEMO_TERMS_V1 } from "#server/db/seeds/demo-legal-pages.ts";
import type { ContactMessage, ContactMessagePage } from "#shared/contract/contact.ts";
import { confirmDeleteWithoutJavaScript, E2E_ADMIN, expect, test } from "./fixtures";
import { signedInClient } from "./security/clients";

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/**
 * The contact form is rate-limited per client address, and every test runs from this machine (127.0.0.1). A test
 * that posts it sends its posts from a loopback address of its own (anything in 127.0.0.0/8 works on Linux), so
 * the limit never couples tests: the browser's posts are relayed through Node with that local address.
 */
function ownAddress(testInfo: TestInfo): string {
  const hash = createHash("sha256")
    .update(`${testInfo.titlePath.join("/")}|${testInfo.project.name}|${testInfo.retry}|${testInfo.repeatEachIndex}`)
    .digest();
  return `127.${hash[0]}.${hash[1]}.${(hash[2]! % 250) + 2}`;
}

interface RelayedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "accept-encoding",
  "host",
]);

function relay(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer | null,
  localAddress: string,
): Promise<RelayedResponse> {
  const target = new URL(url);
  const forwarded = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !name.startsWith(":")),
  );
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: { ...forwarded, host: target.host },
        localAddress,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const responseHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name))
              responseHeaders[name] = Array.isArray(value) ? value.join("\n") : value;
          }
          resolve({ status: incoming.statusCode ?? 502, headers: responseHeaders, body: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.on("error", reject);
    if (body) outgoing.write(body);
    outgoing.end();
  });
}

/** Sends the page's form posts to /contact from `localAddress`; everything else goes as usual. */
async function postContactFrom(page: Page, localAddress: string) {
  await page.route(
    (url) => url.pathname === "/contact" || url.pathname === "/contact.data",
    async (route) => {
      const sent = route.request();
      if (sent.method() !== "POST") return route.continue();
      const response = await relay(sent.url(), "POST", await sent.allHeaders(), sent.postDataBuffer(), localAddress);
      await route.fulfill(response);
    },
  );
}

async function storedMessages(baseURL: string): Promise<ContactMessage[]> {
  const admin = await signedInClient(baseURL, E2E_ADMIN);
  try {
    const response = await admin.get("/api/v1/admin/site/contact/messages?page_size=100");
    expect(response.status()).toBe(200);
    return ((await response.json()) as ContactMessagePage).messages;
  } finally {
    await admin.dispose();
  }
}

/** The form's own success message (without JavaScript the page's flash message says it too). */
function sentNotice(page: Page) {
  return page.locator("form#contact").getByRole("status").filter({ hasText: "Message sent successfully!" });
}

async function fillContactForm(page: Page, message: string) {
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Message").fill(message);
}

/**
 * Opens the contact form, a plain HTML form with or without JavaScript (the page ships no React). When asked, it
 * removes the browser's own checks, to prove the server checks too.
 */
async function openContact(page: Page, testInfo: TestInfo, options: { skipBrowserValidation?: boolean } = {}) {
  await postContactFrom(page, ownAddress(testInfo));
  await page.goto("/contact");
  const form = page.locator("form#contact");
  if (options.skipBrowserValidation) await form.evaluate((element) => element.setAttribute("novalidate", ""));
}

test.describe("contact form", () => {
  test("sends a message: success shown, form cleared, message stored", async ({ page, baseURL }, testInfo) => {
    const marker = unique("contact-ok");
    await openContact(page, testInfo);
    await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
    await fillContactForm(page, `Hello from the end-to-end test ${marker}`);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(sentNotice(page)).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
    const stored = (await storedMessages(baseURL!)).find((m) => m.message.includes(marker));
    expect(stored?.client_ip).toBe(ownAddress(testInfo));
  });

  test("shows each field's error in red next to the field", async ({ page }, testInfo) => {
    await openContact(page, testInfo, { skipBrowserValidation: true });
    await page.getByLabel("Email").fill("ada@localhost");
    await page.getByLabel("Message").fill("x".repeat(5_001));
    await page.getByRole("button", { name: "Submit" }).click();
    const nameError = page.getByText("Name is required.");
    await expect(nameError).toBeVisible();
    await expect(nameError).toHaveClass(/\bfield-error\b/);
    // Without JavaScript the text can be on the page before the stylesheet (each test's browser has an empty
    // cache): until the stylesheet applies, the colour is the default rgb(0, 0, 0). Wait for the site's colour.
    const errorColor = () => nameError.evaluate((element) => getComputedStyle(element).color);
    await expect.poll(errorColor).toMatch(/^oklch\(/);
    // Red: the hue of the computed oklch colour.
    const hue = Number(/oklch\([\d.]+ [\d.]+ ([\d.]+)\)/.exec(await errorColor())?.[1]);
    expect(hue).toBeGreaterThan(15);
    expect(hue).toBeLessThan(35);
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Message must be at most 5,000 characters.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    // What was typed stays.
    await expect(page.getByLabel("Email")).toHaveValue("ada@localhost");
  });

  test("a filled honeypot looks like success but nothing is kept", async ({ page, baseURL }, testInfo) => {
    const marker = unique("contact-bot");
    await openContact(page, testInfo);
    await fillContactForm(page, `Buy now ${marker}`);
    await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = "http://spam.example";
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(sentNotice(page)).toBeVisible();
    expect((await storedMessages(baseURL!)).some((m) => m.message.includes(marker))).toBe(false);
  });

  test("refuses more than five messages a minute from one address, readably", async ({ page, baseURL }, testInfo) => {
    const marker = unique("contact-limit");
    await openContact(page, testInfo);
    for (let i = 1; i <= 5; i++) {
      await fillContactForm(page, `Message ${i} ${marker}`);
      await page.getByRole("button", { name: "Submit" }).click();
      // The field empties only once this post succeeded (the status may still show from the one before).
      await expect(page.getByLabel("Message")).toHaveValue("");
      await expect(sentNotice(page)).toBeVisible();
    }
    await fillContactForm(page, `Message 6 ${marker}`);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator("form#contact").getByRole("alert")).toHaveText(
      /^Too many messages from your address: the limit is 5 a minute\. Please try again in \d+ seconds\.$/,
    );
    // The text stays, to send later.
    await expect(page.getByLabel("Message")).toHaveValue(`Message 6 ${marker}`);
    const stored = (await storedMessages(baseURL!)).filter((m) => m.message.includes(marker));
    expect(stored).toHaveLength(5);
  });
});

test.describe("terms and privacy", () => {
  for (const type of ["terms", "privacy"] as const) {
    test(`/${type} shows the current version, rendered, with its date`, async ({ page }) => {
      // Another test may publish a version meanwhile (the markdown XSS test does): compare with what /api says.
      await expect(async () => {
        const response = await page.request.get(`/api/v1/site/data/current/${type}`);
        const { entry } = (await response.json()) as { entry: { versionNum: number; markdown: string } | null };
        await page.goto(`/${type}`);
        await expect(
          page.getByRole("heading", { level: 1, name: type === "terms" ? "Terms" : "Privacy" }),
        ).toBeVisible();
        if (!entry) {
          await expect(page.getByText(/has not been published yet|have not been published yet/)).toBeVisible({
            timeout: 1_000,
          });
          return;
        }
        await expect(page.getByText(new RegExp(`^Version ${entry.versionNum}, dated \\d`))).toBeVisible({
          timeout: 1_000,
        });
        if (entry.markdown === DEMO_TERMS) {
          const outline = page.getByRole("navigation", { name: "On this page" });
          await outline.getByRole("link", { name: "Acceptable use" }).click();
          await expect(page).toHaveURL(/#section-acceptable-use$/);
          await expect(page.getByRole("heading", { level: 3, name: "Acceptable use" })).toBeVisible();
          await expect(page.getByRole("link", { name: "contact form" })).toHaveAttribute("href", "/contact");
          // Version 1 is not current: its text is not shown.
          await expect(page.getByText(DEMO_TERMS_V1.split("\n")[2]!)).toHaveCount(0);
        }
      }).toPass({ timeout: 20_000 });
    });
  }
});

test.describe("profile and settings", () => {
  test("a visitor is sent to sign-in and comes back", async ({ page }) => {
    await page.goto("/profile/me/settings");
    await expect(page).toHaveURL(/\/account\/login\?callbackUrl=%2Fprofile%2Fme%2Fsettings$/);
  });

  test("the profile shows initials, email, roles and dates", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/profile/me/");
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
    const details = page.locator("dl");
    await expect(details).toContainText(E2E_ADMIN.email);
    await expect(details.getByRole("listitem").filter({ hasText: "admin" })).toBeVisible();
    await expect(details.locator("time")).toHaveCount(2);
    await expect(page.getByText("Administrator", { exact: true }).first()).toBeVisible();
  });

  test("changes the theme (cookie without JavaScript, local storage with it)", async ({
    page,
    signInAsUser,
    javaScriptEnabled,
  }) => {
    await signInAsUser();
    await page.goto("/profile/me/settings");
    const html = page.locator("html");
    if (javaScriptEnabled) {
      await expect(page.getByText("Saved as you choose.")).toBeVisible();
      await page.getByRole("radio", { name: "Dark" }).check();
      await expect(html).toHaveClass(/\bdark\b/);
      expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");
      await expect(page.getByText("Saved as you choose.")).toBeVisible();
    } else {
      await page.getByRole("radio", { name: "Dark" }).check();
      await page.getByRole("button", { name: "Save theme" }).click();
      await expect(html).toHaveClass(/\bdark\b/);
    }
    // Other pages, rendered on the server, follow.
    await page.goto("/contact");
    await expect(html).toHaveClass(/\bdark\b/);
    await page.goto("/profile/me/settings");
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
    if (!javaScriptEnabled) {
      await page.getByRole("radio", { name: "System" }).check();
      await page.getByRole("button", { name: "Save theme" }).click();
      await expect(html).not.toHaveClass(/\bdark\b/);
    }
  });

  test("changes the display name", async ({ page, signInAsUser }) => {
    await signInAsUser();
    const name = `E2E ${randomBytes(3).toString("hex")}`;
    await page.goto("/profile/me/settings");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await page.goto("/profile/me/");
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  });

  test("changes the password: the current one is required and other sessions end", async ({
    page,
    signInAsUser,
    baseURL,
  }) => {
    const credentials = await signInAsUser();
    const elsewhere = await signedInClient(baseURL!, credentials);
    try {
      await page.goto("/profile/me/settings");
      // Registering (the fixture) left a session too.
      await expect(page.getByText(/^You are also signed in in (one other place|\d+ other places)/)).toBeVisible();
      await page.getByLabel("Current password", { exact: true }).fill("not my password");
      await page.getByLabel("New password", { exact: true }).fill("a fresh e2e passphrase");
      await page.getByLabel("Repeat new password", { exact: true }).fill("a fresh e2e passphrase");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("The current password is not correct.")).toBeVisible();
      expect(((await (await elsewhere.get("/api/auth/session")).json()) as { user: unknown }).user).not.toBeNull();

      await page.getByLabel("Current password", { exact: true }).fill(credentials.password);
      await page.getByLabel("New password", { exact: true }).fill("a fresh e2e passphrase");
      await page.getByLabel("Repeat new password", { exact: true }).fill("a fresh e2e passphrase");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible();
      await expect(page.getByLabel("Current password", { exact: true })).toHaveValue("");
      expect(((await (await elsewhere.get("/api/auth/session")).json()) as { user: unknown }).user).toBeNull();
      // This browser stays signed in; the new password works, the old one does not.
      await page.goto("/profile/me/");
      await expect(page.getByText(credentials.email).first()).toBeVisible();
      const fresh = await request.newContext({ baseURL });
      try {
        expect(
          (
            await fresh.post("/api/auth/login", { data: { email: credentials.email, password: credentials.password } })
          ).status(),
        ).toBe(401);
        expect(
          (
            await fresh.post("/api/auth/login", {
              data: { email: credentials.email, password: "a fresh e2e passphrase" },
            })
          ).status(),
        ).toBe(200);
      } finally {
        await fresh.dispose();
      }
    } finally {
      await elsewhere.dispose();
    }
  });

  test("signs out of all other sessions", async ({ page, signInAsUser, baseURL }) => {
    const credentials = await signInAsUser();
    const elsewhere = [await signedInClient(baseURL!, credentials), await signedInClient(baseURL!, credentials)];
    try {
      await page.goto("/profile/me/settings");
      await expect(page.getByText(/^You are also signed in in \d+ other places/)).toBeVisible();
      await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
      await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible();
      for (const client of elsewhere) {
        expect(((await (await client.get("/api/auth/session")).json()) as { user: unknown }).user).toBeNull();
      }
      await page.goto("/profile/me/");
      await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
    } finally {
      await Promise.all(elsewhere.map((client) => client.dispose()));
    }
  });
});

test.describe("site health", () => {
  test("shows the web tier, the API and the database as OK, with latencies", async ({ page }) => {
    const response = await page.goto("/site/health2");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("main").getByRole("status").filter({ hasText: "All systems operational." }),
    ).toBeVisible();
    const items = page.getByRole("listitem");
    await expect(items.filter({ hasText: "Web tier" })).toContainText(/^OK/);
    await expect(items.filter({ hasText: "API (/api)" })).toContainText(/OK.*Answered in [\d.]+ ms \(HTTP 200\)/);
    await expect(items.filter({ hasText: "Database" })).toContainText(/OK.*Query answered in [\d.]+ ms/);
    await expect(page.getByRole("link", { name: "/healthz/ready" })).toHaveAttribute("href", "/healthz/ready");
  });
});

test.describe("contact messages (admin)", () => {
  test("an administrator reads a message, marks it handled and open again, and deletes it", async ({
    page,
    signInAsAdmin,
    baseURL,
  }, testInfo) => {
    const marker = unique("contact-admin");
    const body = JSON.stringify({ name: "Grace Hopper", email: "grace@example.com", message: `Please read ${marker}` });
    const sent = await relay(
      `${baseURL}/api/v1/site/contact`,
      "POST",
      { "content-type": "application/json" },
      Buffer.from(body),
      ownAddress(testInfo),
    );
    expect(sent.status, sent.body.toString()).toBe(200);
    await signInAsAdmin();
    await page.goto("/admin/common/messages/");
    await expect(page.getByRole("heading", { name: "Admin: Contact messages" })).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: marker });
    await expect(card.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
    await expect(card.getByRole("link", { name: "grace@example.com" })).toHaveAttribute(
      "href",
      "mailto:grace@example.com",
    );
    await expect(card).toContainText("Open");

    await card.getByRole("button", { name: "Mark handled" }).click();
    await expect(card.getByRole("button", { name: "Mark open" })).toBeVisible();
    await expect(card).toContainText("Handled");
    await page.getByRole("link", { name: "Open", exact: true }).click();
    await expect(page.getByRole("article").filter({ hasText: marker })).toHaveCount(0);
    await page.getByRole("link", { name: "Handled", exact: true }).click();
    const handledCard = page.getByRole("article").filter({ hasText: marker });
    await handledCard.getByRole("button", { name: "Mark open" }).click();
    await expect(page.getByRole("article").filter({ hasText: marker })).toHaveCount(0);

    await page.getByRole("link", { name: "All", exact: true }).click();
    await page
      .getByRole("article")
      .filter({ hasText: marker })
      .getByRole("button", { name: "Delete the message from Grace Hopper" })
      .click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(page.getByRole("article").filter({ hasText: marker })).toHaveCount(0);
  });
});
