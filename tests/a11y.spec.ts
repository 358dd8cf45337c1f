// Accessibility and polish across the whole site: axe-core (WCAG 2.0–2.2 A/AA, best practices, target-size) on
// every page of the route config, in the light theme on a desktop screen and in the dark theme on a 360 px phone
// (where the page must not scroll sideways); plus keyboard use, visible focus and the skip link.
// Pages come from app/routes.ts, so a new page is checked as soon as it is routed.
import type { APIRequestContext, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "#app/routes.ts";
import { axeViolations } from "./support/axe";
import { createUser, expect, navMenuButton, navMenuEntry, signIn, test as base, E2E_ADMIN } from "./fixtures";

/**
 * The page axe inspects. axe-core runs asynchronously inside the page, which a page with JavaScript turned off
 * cannot do; so the "no-js" project audits the page with the site's scripts blocked instead: the same
 * server-rendered document a visitor without JavaScript gets.
 */
const test = base.extend<{ auditPage: Page }>({
  auditPage: async ({ page, browser, javaScriptEnabled, baseURL }, use) => {
    if (javaScriptEnabled) {
      await use(page);
      return;
    }
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
    await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
    const scriptless = await context.newPage();
    await use(scriptless);
    await context.close();
  },
});

type Audience = "visitor" | "user" | "admin";

interface SitePage {
  pattern: string;
  audience: Audience;
}

const LAYOUT_AUDIENCE: Record<string, Audience> = {
  "routes/layouts/admin.tsx": "admin",
  "routes/layouts/signed-in.tsx": "user",
};

/**
 * Every page of the route config with who may see it; resource routes (.ts files) and the 404 catch-all are left out.
 */
function sitePages(entries: RouteConfigEntry[], parentPath = "", audience: Audience = "visitor"): SitePage[] {
  const pages: SitePage[] = [];
  for (const entry of entries) {
    const path = entry.path ? `${parentPath.replace(/\/$/, "")}/${entry.path}` : parentPath;
    const entryAudience = LAYOUT_AUDIENCE[entry.file] ?? audience;
    if (entry.children?.length) {
      pages.push(...sitePages(entry.children, path, entryAudience));
    } else if (entry.file.endsWith(".tsx") && entry.path !== "*") {
      pages.push({ pattern: path || "/", audience: entryAudience });
    }
  }
  return pages;
}

const PAGES = sitePages(routeConfig);

/** The first `id` in a JSON answer, wherever the list sits ({reports: [...]}, {items: [...]}, [...]). */
function firstId(value: unknown, depth = 0): string | undefined {
  if (!value || typeof value !== "object" || depth > 3) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const id = firstId(item, depth + 1);
      if (id) return id;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  if (depth > 0 && (typeof record.id === "string" || typeof record.id === "number")) return String(record.id);
  for (const nested of Object.values(record)) {
    const id = firstId(nested, depth + 1);
    if (id) return id;
  }
  return undefined;
}

async function idFrom(request: APIRequestContext, path: string): Promise<string | undefined> {
  const response = await request.get(path);
  if (!response.ok()) return undefined;
  return firstId(await response.json().catch(() => null));
}

/** A real value for each route parameter, or undefined when the data to show is not there. */
async function resolvePath(page: Page, pattern: string): Promise<string | undefined> {
  const values: Record<string, () => Promise<string | undefined>> = {
    reportId: () => idFrom(page.request, "/api/camera/reports?size=1"),
    itemId: () => idFrom(page.request, "/api/admin/wonder/items"),
    userId: async () => {
      const session = await (await page.request.get("/api/auth/session")).json();
      return session?.user?.id ? String(session.user.id) : undefined;
    },
  };
  let path = pattern;
  for (const [, name] of pattern.matchAll(/:(\w+)/g)) {
    const value = await values[name!]?.();
    if (!value) return undefined;
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return path;
}

test.describe("axe-core on every page, light and dark theme", () => {
  for (const sitePage of PAGES) {
    test(`${sitePage.pattern} (${sitePage.audience})`, async ({ auditPage: page }) => {
      // Two axe runs on a long page take a while on a busy two-core machine.
      test.setTimeout(90_000);
      if (sitePage.audience === "admin") await signIn(page, E2E_ADMIN);
      if (sitePage.audience === "user") await signIn(page, await createUser(page));
      const path = await resolvePath(page, sitePage.pattern);
      test.skip(!path, `no data to show at ${sitePage.pattern} yet`);
      // A page that sends the visitor elsewhere (a mail account's sign-in) is that other site's business.
      const probe = await page.request.get(path!, { maxRedirects: 0 });
      const location = probe.headers()["location"];
      // Off the site means another origin: in the tests the mail provider's sign-in is a local server on another port.
      const siteOrigin = new URL(probe.url()).origin;
      const leavesSite = !!location && /^https?:/.test(location) && new URL(location).origin !== siteOrigin;
      test.skip(probe.status() >= 300 && probe.status() < 400 && leavesSite, `${path} redirects off the site`);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(path!);
      expect(await axeViolations(page), `axe, light theme, ${path}`).toEqual([]);

      // The same document on a phone in the dark theme: media queries apply at once, no reload needed.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("html")).toHaveCSS("color-scheme", "dark");
      expect(await axeViolations(page), `axe, dark theme at 360 px, ${path}`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways by ${overflow} px at 360 px wide`).toBeLessThanOrEqual(0);
    });
  }

  test("the 404 page", async ({ auditPage: page }) => {
    await page.goto("/no-such-page");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the audit finds what axe-core finds, in the whole page or the part asked for", async ({ auditPage: page }) => {
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><h1>t</h1><img src="data:,">' +
        '<section id="part"><button></button></section></main></body></html>',
    );
    expect((await axeViolations(page)).map((violation) => violation.rule).sort()).toEqual(["button-name", "image-alt"]);
    expect((await axeViolations(page, { include: "#part" })).map((violation) => violation.rule)).toEqual([
      "button-name",
    ]);
  });

  test("the route config yields the known pages", () => {
    const patterns = PAGES.map((sitePage) => sitePage.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining([
        "/",
        "/contact",
        "/camera2/:reportId",
        "/admin",
        "/admin/common/users",
        "/account/login",
      ]),
    );
    expect(PAGES.find((sitePage) => sitePage.pattern === "/profile/me")?.audience).toBe("user");
    expect(PAGES.find((sitePage) => sitePage.pattern === "/admin/labs/flux")?.audience).toBe("admin");
  });
});

/** The focused element, with whether the focus ring shows (an outline or a box shadow). */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const text = element.textContent || element.getAttribute("aria-label") || element.getAttribute("name") || "";
    return {
      description: `${element.tagName.toLowerCase()} "${text.trim().slice(0, 40)}"`,
      ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none",
      visible: rect.width > 0 && rect.height > 0,
    };
  });
}

test.describe("keyboard", () => {
  test("the first Tab reaches a visible skip link that moves past the header", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press("Tab");
    const focusInMain = await page.evaluate(() => Boolean(document.activeElement?.closest("#main")));
    expect(focusInMain, "the Tab after the skip link lands in the main content").toBe(true);
  });

  for (const path of ["/", "/contact", "/tools/json-pretty-format", "/account/login"]) {
    test(`every focus stop on ${path} shows a focus ring`, async ({ page }) => {
      await page.goto(path);
      const seen = new Set<string>();
      for (let stop = 0; stop < 40; stop++) {
        await page.keyboard.press("Tab");
        const state = await focusState(page);
        if (!state) break;
        if (seen.has(state.description) && stop > 5) break;
        seen.add(state.description);
        expect(state.ring, `focus ring on ${state.description}`).toBe(true);
        expect(state.visible, `focused ${state.description} is visible`).toBe(true);
      }
      expect(seen.size).toBeGreaterThan(0);
    });
  }

  test("the Tools menu opens, is followed and closes with the keyboard", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const tools = navMenuButton(page, "Tools");
    const entry = navMenuEntry(page, "URL Decoder & Encoder");
    await tools.focus();
    await page.keyboard.press("Enter");
    await expect(entry).toBeVisible();
    if (javaScriptEnabled) {
      await page.keyboard.press("Escape");
      await expect(entry).toBeHidden();
      await expect(tools).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(entry).toBeVisible();
    }
    if ((await nav.getByRole("menuitem").count()) > 0) {
      // An ARIA menu (once its script has loaded): the arrow keys move between the items.
      await page.keyboard.press("ArrowDown");
    } else {
      // The disclosure: its links are in the tab order.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(entry).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tools\/url-decode-encode$/);
  });

  test("sign-in works without a mouse", async ({ page }) => {
    await page.goto("/account/login");
    await page.getByLabel("Email").focus();
    await page.keyboard.type(E2E_ADMIN.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("navigation", { name: "Main" }).locator("summary, button").filter({ hasText: "Profile" }),
    ).toBeVisible();
  });
});

test.describe("meta", () => {
  test("pages have their own title, a description and a canonical URL", async ({ page, baseURL }) => {
    await page.goto("/account/login/");
    await expect(page).toHaveTitle(/^.+ · Camera Probe$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/account/login`);
  });

  test("the home page's title is the product name; a search and the report list say what they show", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Camera Probe");
    await page.goto("/?q=pixel");
    await expect(page).toHaveTitle('Camera reports for "pixel" · Camera Probe');
    await page.goto("/camera2/report_list");
    await expect(page).toHaveTitle("Camera reports · Camera Probe");
  });

  test("robots.txt and sitemap.xml", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const robotsText = await robots.text();
    expect(robotsText).toContain("Disallow: /admin");
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/contact</loc>`);
    expect(xml).not.toContain("/admin");
  });

  test("pages tell an administrator where the server's time went, and nobody else", async ({ request, page }) => {
    // How many API calls and queries a page made helps whoever looks for an expensive request: a visitor gets
    // no Server-Timing (the test server leaves SERVER_TIMING off), neither from a render nor from the page cache.
    expect((await request.get("/contact")).headers()["server-timing"]).toBeUndefined();
    await request.get("/");
    expect((await request.get("/")).headers()["server-timing"]).toBeUndefined();
    expect((await request.get("/api/camera/reports")).headers()["server-timing"]).toBeUndefined();
    await signIn(page, E2E_ADMIN);
    const rendered = await page.request.get("/contact");
    expect(rendered.headers()["server-timing"]).toMatch(
      /api;dur=[\d.]+;desc="\d+ API calls?".*render;dur=[\d.]+.*total/,
    );
  });
});
