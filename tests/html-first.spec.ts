// HTML first: pages whose every feature works as plain HTML ship no React — no module script, no module preload, no
// hydration data — only the small enhancement script (app/enhance/enhance.ts); the tools and the admin area hydrate.
import type { APIRequestContext, Page } from "@playwright/test";
import { actBeforeHydration, expect, ENHANCE_SCRIPT, holdRequests, signIn, test, createUser } from "./fixtures";

const ENHANCE_SCRIPT_URL = /^\/assets\/enhance-[\w-]+\.js$/;

/** What a page's HTML asks the browser to run or preload. */
async function scriptsOf(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  const html = await response.text();
  return {
    status: response.status(),
    moduleScripts: html.match(/<script[^>]*type="module"/g) ?? [],
    modulePreloads: html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [],
    hydrationData: html.includes("__reactRouterContext") || html.includes("__reactRouterManifest"),
    scriptSources: [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1] ?? ""),
  };
}

async function newestReportIds(request: APIRequestContext): Promise<string[]> {
  const answer = (await (await request.get("/api/camera/reports?size=2")).json()) as { reports: { id: string }[] };
  return answer.reports.map((report) => report.id);
}

test.describe("pages without React", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTML only; runs in the js project");

  test("load the enhancement script and nothing else", async ({ request }) => {
    const ids = await newestReportIds(request);
    const paths = [
      "/",
      "/camera2/report_list",
      `/camera2/${ids[0]}`,
      `/cam2/${ids[0]}`,
      `/camera2/compare?ids=${ids[0]}&ids=${ids[1]}`,
      "/terms",
      "/privacy",
      "/contact",
      "/site/health2",
      "/account/login",
      "/account/login/verify-request",
      "/no-such-page",
      // An error page: the route's error boundary answers 400.
      "/camera2/compare?ids=not-a-report",
    ];
    for (const path of paths) {
      const page = await scriptsOf(request, path);
      expect(page.moduleScripts, `module scripts on ${path}`).toEqual([]);
      expect(page.modulePreloads, `module preloads on ${path}`).toEqual([]);
      expect(page.hydrationData, `hydration data on ${path}`).toBe(false);
      expect(page.scriptSources, `scripts on ${path}`).toEqual([expect.stringMatching(ENHANCE_SCRIPT_URL)]);
    }
    // The 404 and error pages are among them.
    expect((await scriptsOf(request, "/no-such-page")).status).toBe(404);
    expect((await scriptsOf(request, "/camera2/compare?ids=not-a-report")).status).toBe(400);
  });

  test("links are plain anchors where React never runs, and React Router's where it does", async ({ request }) => {
    const [id] = await newestReportIds(request);
    const footerLink = (html: string) => html.match(/<a[^>]*href="\/terms"[^>]*>/)?.[0] ?? "";
    const home = await (await request.get("/")).text();
    expect(home.match(new RegExp(`<a[^>]*href="/camera2/${id}"[^>]*>`))?.[0]).not.toContain("data-discover");
    expect(footerLink(home)).not.toBe("");
    expect(footerLink(home)).not.toContain("data-discover");
    // A page that hydrates: the same footer link is React Router's, which marks it for route discovery.
    expect(footerLink(await (await request.get("/tools/json-pretty-format")).text())).toContain('data-discover="true"');
  });

  test("the signed-in profile pages load no React either", async ({ page }) => {
    await signIn(page, await createUser(page));
    for (const path of ["/profile/me", "/profile/me/settings"]) {
      const scripts = await scriptsOf(page.request, path);
      expect(scripts.moduleScripts, path).toEqual([]);
      expect(scripts.scriptSources, path).toEqual([expect.stringMatching(ENHANCE_SCRIPT_URL)]);
    }
  });

  test("the enhancement script is small, cached for good and allowed by the page's policy", async ({ request }) => {
    const home = await request.get("/contact");
    const source = (await scriptsOf(request, "/contact")).scriptSources[0]!;
    const script = await request.get(source, { headers: { "accept-encoding": "gzip" } });
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toMatch(/javascript/);
    expect(script.headers()["cache-control"]).toContain("immutable");
    expect(Number(script.headers()["content-length"])).toBeLessThan(3_000);
    // A rendered page trusts its nonce, which the script tag carries.
    const nonce = /'nonce-([^']+)'/.exec(home.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await home.text()).toContain(`<script nonce="${nonce}" src="${source}"`);
  });

  test("with JavaScript on, the page runs the enhancement script and no React", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/terms");
    // The theme switch is the enhancement script's: shown, named, and cycling the theme without a reload.
    const themeSwitch = page.locator("header button[data-theme-switch]");
    await expect(themeSwitch).toBeVisible();
    await expect(themeSwitch).toHaveAttribute("aria-label", "System theme (switch to light theme)");
    await themeSwitch.click();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await expect(themeSwitch).toHaveAttribute("aria-label", "Light theme (switch to dark theme)");
    expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("light");
    expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterRouteModules" in window)).toBe(
      false,
    );
    expect(await page.locator('script[type="module"], link[rel="modulepreload"]').count()).toBe(0);
    await expect(page.locator(ENHANCE_SCRIPT)).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("a report's Copy link copies its absolute address", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const [id] = await newestReportIds(page.request);
    await page.goto(`/camera2/${id}`);
    const copy = page.getByRole("button", { name: "Copy link" });
    await copy.click();
    await expect(page.getByRole("button", { name: "Copy link: copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^${baseURL}/cam2/[0-9a-f-]+$`),
    );
    // The mark goes after two seconds.
    await expect(page.getByRole("button", { name: "Copy link", exact: true })).toBeVisible({ timeout: 5_000 });
  });

  test("a report's Copy link says so when the browser refuses the clipboard", async ({ page }) => {
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException("Document is not focused.", "NotAllowedError"));
    });
    const [id] = await newestReportIds(page.request);
    await page.goto(`/camera2/${id}`);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copy link: failed" })).toHaveText("Copy failed");
    await expect(page.getByRole("button", { name: "Copy link", exact: true })).toBeVisible({ timeout: 5_000 });
  });
});

test.describe("pages with React", () => {
  async function expectHydrates(page: Page, path: string) {
    const scripts = await scriptsOf(page.request, path);
    expect(scripts.moduleScripts.length, `module scripts on ${path}`).toBeGreaterThan(0);
    expect(scripts.modulePreloads.length, `module preloads on ${path}`).toBeGreaterThan(0);
    // The page is whole as HTML: its first paint waits for the stylesheet, not for React.
    expect(
      scripts.modulePreloads.filter((link) => !/\sfetchpriority="low"/i.test(link)),
      `module preloads at the default priority on ${path}`,
    ).toEqual([]);
    expect(scripts.hydrationData, `hydration data on ${path}`).toBe(true);
    expect(
      scripts.scriptSources.filter((source) => ENHANCE_SCRIPT_URL.test(source)),
      path,
    ).toEqual([]);
  }

  test("the tools hydrate", async ({ page, javaScriptEnabled }) => {
    for (const path of ["/tools/json-pretty-format", "/tools/url-decode-encode"]) await expectHydrates(page, path);
    if (!javaScriptEnabled) return;
    await page.goto("/tools/url-decode-encode");
    // Computed in the browser, which only React does on this page: nothing is posted.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByLabel("Input", { exact: true }).fill("a%20b");
    await page.getByRole("button", { name: "Decode", exact: true }).click();
    await expect(page.getByLabel("Decoded", { exact: true })).toHaveValue("a b");
    expect(posts).toEqual([]);
  });

  test("the admin area hydrates", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await expectHydrates(page, "/admin");
    await expectHydrates(page, "/admin/common/users");
  });
});

test.describe("tests act on a page once it has hydrated", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript nothing hydrates");
  const CONFORM_CHUNK = /\/assets\/conform-form-state-[\w-]+\.js$/;
  const isMarked = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

  test("the page is marked hydrated once its deferred forms have hydrated too, not with the root", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await actBeforeHydration(page);
    const release = await holdRequests(page, CONFORM_CHUNK);
    await page.goto("/admin/labs/flux/");
    // React's own theme switch: the root has hydrated, the image lab's form still waits for Conform.
    await expect(page.locator("header button[title$=' theme']")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-hydrates", "");
    expect(await isMarked(page)).toBe(false);
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    // A page without React is never waited for.
    await page.goto("/terms");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrates");
  });

  test("an action on a page that has not hydrated waits for it, however the page came", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    const release = await holdRequests(page, CONFORM_CHUNK);
    // A plain link from a page without React loads the image lab as a new document, which page.goto does not wait for.
    await page.goto("/terms");
    await page.evaluate(() => (window.location.href = "/admin/labs/flux/"));
    await page.waitForURL(/\/admin\/labs\/flux\/$/);
    let filled = false;
    const filling = page
      .getByLabel("Prompt")
      .fill("typed once the form has hydrated")
      .then(() => (filled = true));
    // Not an assertion, which would wait for hydration too: the root has hydrated, the form still waits for Conform.
    await page.waitForFunction(() => document.querySelector("header button[title$=' theme']"));
    await page.waitForTimeout(1_000);
    expect(filled, "the prompt was filled while Conform was held").toBe(false);
    release();
    await filling;
    expect(await isMarked(page)).toBe(true);
    await expect(page.getByLabel("Prompt")).toHaveValue("typed once the form has hydrated");
  });
});
