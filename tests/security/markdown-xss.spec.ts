// Markdown XSS: a corpus of payloads rendered by the site's one markdown renderer raises no dialog and
// leaves no on* attribute or javascript: link, in a real browser. When the terms page and the site data API are
// there, the same corpus is saved by the administrator and checked on /terms and /privacy.
import { request, type APIRequestContext, type Page } from "@playwright/test";
import { renderMarkdown } from "#shared/markdown.ts";
import { expect, test } from "../fixtures";
import { signInCookie, startServer, type ServerProcess } from "../faults/support";
import { XSS_MARKDOWN } from "./xss-corpus";

/** Everything in the page that could run script: handlers, script-ish URLs, script/iframe/object elements. */
async function dangerousMarkup(page: Page, options: { formsAllowed?: boolean } = {}): Promise<string[]> {
  const flagged = ["SCRIPT", "IFRAME", "OBJECT", "EMBED", "BASE", "META", ...(options.formsAllowed ? [] : ["FORM"])];
  return page.evaluate((flaggedTags) => {
    const found: string[] = [];
    const scriptUrl = /^\s*(javascript|vbscript|data):/i;
    const main = document.querySelector("main") ?? document.body;
    for (const element of main.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        if (
          ["href", "src", "action", "formaction", "data", "xlink:href"].includes(attribute.name) &&
          scriptUrl.test(attribute.value)
        ) {
          found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
        }
      }
      if (flaggedTags.includes(element.tagName)) found.push(element.tagName);
    }
    return found;
  }, flagged);
}

test("the markdown renderer turns every payload into inert HTML (no dialog, no handler, no script link)", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const html = XSS_MARKDOWN.map((markdown, i) => `<section id="p${i}">${renderMarkdown(markdown).html}</section>`).join(
    "\n",
  );
  // No CSP here on purpose: the renderer alone must be safe.
  await page.setContent(`<!doctype html><html><body><main>${html}</main></body></html>`);
  await page.waitForTimeout(300);
  for (const link of await page.locator("main a").all())
    await link.hover({ force: true, timeout: 1000 }).catch(() => {});
  expect(dialogs).toEqual([]);
  expect(await dangerousMarkup(page)).toEqual([]);
  // Escaped, not dropped: the reader sees what was written.
  await expect(page.locator("#p0")).toContainText("<script>alert('script')</script>");
});

interface SiteDataEntry {
  id: string;
}

async function saveLegalText(
  admin: APIRequestContext,
  type: "terms" | "privacy",
  markdown: string,
  baseURL: string,
): Promise<boolean> {
  const headers = { origin: baseURL };
  const created = await admin.post("/api/v1/admin/site/data/new", { headers });
  if (created.status() === 404) return false;
  expect(created.ok(), await created.text()).toBe(true);
  const body = (await created.json()) as SiteDataEntry | { entry?: SiteDataEntry; data?: SiteDataEntry };
  const id = "id" in body ? body.id : (body.entry?.id ?? body.data?.id);
  expect(id, JSON.stringify(body)).toBeTruthy();
  const saved = await admin.post(`/api/v1/admin/site/data/entry/${id}`, {
    headers,
    data: { id, type, markdown, is_current: true },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return true;
}

test.describe("saved by the administrator", () => {
  // Its own server: the payloads become the current terms and privacy, which other tests must not see.
  test.describe.configure({ mode: "serial" });
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("payloads saved as terms and privacy are inert on the public pages", async ({ page }) => {
    const baseURL = server.url;
    const admin = await request.newContext({ baseURL, extraHTTPHeaders: { cookie: await signInCookie(baseURL) } });
    try {
      // The database refuses NUL characters (400), so the one payload that holds one is left to the renderer test.
      const corpus = XSS_MARKDOWN.filter((m) => !m.includes("\u0000")).join("\n\n");
      test.skip(!(await saveLegalText(admin, "terms", corpus, baseURL)), "the site data API has not landed yet");
      await saveLegalText(admin, "privacy", corpus, baseURL);
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      for (const path of ["/terms", "/privacy"]) {
        await page.goto(`${baseURL}${path}`);
        const text = await page.locator("main").innerText();
        test.skip(/coming soon/i.test(text), `${path} does not render site data yet`);
        expect(text).toContain("alert('script')");
        await page.waitForTimeout(300);
        expect(await dangerousMarkup(page), path).toEqual([]);
      }
      expect(dialogs).toEqual([]);
    } finally {
      await admin.dispose();
    }
  });

  test("payloads saved in a wonder item (title, summary, body) are inert on the admin pages that show it", async ({
    page,
  }) => {
    const baseURL = server.url;
    const cookie = await signInCookie(baseURL);
    const admin = await request.newContext({ baseURL, extraHTTPHeaders: { cookie, origin: baseURL } });
    try {
      const corpus = XSS_MARKDOWN.filter((m) => !m.includes("\u0000")).join("\n\n");
      const created = await admin.post("/api/admin/wonder/items", {
        data: {
          title: "<img src=x onerror=alert('title')>",
          summary: "<svg onload=alert('summary')>",
          body_markdown: corpus,
          status: "published",
        },
      });
      test.skip(created.status() === 404, "the wonder API has not landed yet");
      expect(created.ok(), await created.text()).toBe(true);
      const body = (await created.json()) as { id?: string; item?: { id: string } };
      const id = body.id ?? body.item?.id;
      expect(id, JSON.stringify(body).slice(0, 200)).toBeTruthy();
      const [name, value] = cookie.split("=") as [string, string];
      await page.context().addCookies([{ name, value, url: baseURL }]);
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      for (const path of ["/admin/wonder/items", `/admin/wonder/edit/${id}`]) {
        const response = await page.goto(`${baseURL}${path}`);
        expect(response?.status(), path).toBe(200);
        await page.waitForTimeout(300);
        expect(await dangerousMarkup(page, { formsAllowed: true }), path).toEqual([]);
      }
      expect(dialogs).toEqual([]);
    } finally {
      await admin.dispose();
    }
  });
});
