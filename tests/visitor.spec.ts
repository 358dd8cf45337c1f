// What a first-time visitor and an administrator notice: the footer, the way into the admin area, the site's name
// on the sign-in page, messages shown once, SVG icons, and the phone layout (a one-row header, tables that keep
// every column, no page that scrolls sideways), each test with JavaScript on and off.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { CameraReportPage } from "#shared/contract/camera.ts";
import { expect, navMenuButton, navMenuEntry, openNavMenu, signIn, test, createUser } from "./fixtures";

const PHONE = { width: 390, height: 844 };

async function reportIds(page: Page, count: number): Promise<string[]> {
  const response = await page.request.get(`/api/camera/reports?size=${count}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as CameraReportPage).reports.map((report) => report.id);
}

test.describe("footer", () => {
  test("every public page links Contact, Terms, Privacy and the API description", async ({ page }) => {
    for (const path of ["/", "/terms", "/contact", "/tools", "/no-such-page"]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "Footer" });
      await expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
      await expect(footer.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
      await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
      await expect(footer.getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/api-docs");
    }
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    const openapi = await page.request.get("/api/openapi.json");
    expect(openapi.status()).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });
});

test.describe("sign-in page", () => {
  test("names the site and leads back to it", async ({ page }) => {
    await page.goto("/account/login");
    const siteLink = page.getByRole("main").getByRole("link", { name: "Camera Probe", exact: true });
    await expect(siteLink).toBeVisible();
    await expect(siteLink).toHaveAttribute("href", "/");
  });
});

test.describe("Profile menu", () => {
  test("leads an administrator to the admin area", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/");
    await openNavMenu(page, "Profile");
    await navMenuEntry(page, "Admin").click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Admin");
  });

  test("offers no Admin entry to someone who is not an administrator", async ({ page, signInAsUser }) => {
    await signInAsUser();
    await page.goto("/profile/me");
    await openNavMenu(page, "Profile");
    await expect(navMenuEntry(page, "Settings")).toBeVisible();
    await expect(navMenuEntry(page, "Admin")).toHaveCount(0);
  });
});

test.describe("messages are shown once", () => {
  test("the image lab's Generate message does not come back on the next page", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/labs/flux/");
    await page.getByLabel("Prompt").fill(`a lighthouse ${randomBytes(3).toString("hex")}`);
    await page.getByRole("button", { name: "Generate" }).click();
    const message = javaScriptEnabled
      ? page.getByRole("region", { name: /Notifications/ }).getByText("Generated 1 image.")
      : page.getByRole("status").filter({ hasText: "Generated 1 image." });
    await expect(message.first()).toBeVisible({ timeout: 20_000 });
    for (const path of ["/terms", "/admin/common/users/"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByText("Generated 1 image.")).toHaveCount(0);
    }
  });

  test("a Firebase error shows on its page only, not on the next one", async ({ page, signInAsAdmin }) => {
    // Created before signing in: creating signs the administrator in and out through /api with the page's cookies.
    const credentials = await createUser(page);
    await signInAsAdmin();
    await page.goto("/admin/common/users/");
    await page
      .getByTestId(`user-row-${credentials.email}`)
      .getByRole("button", { name: `Create Firebase user for ${credentials.email}` })
      .click();
    await expect(page.getByText("Firebase is not configured").first()).toBeVisible();
    for (const path of ["/", "/admin/common/users/"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByText("Firebase is not configured")).toHaveCount(0);
    }
  });
});

test.describe("icons", () => {
  test("are SVG drawings, not text glyphs a font may lack", async ({ page, javaScriptEnabled }) => {
    const [id] = await reportIds(page, 1);
    await page.goto(`/camera2/${id}`);
    const html = await page.content();
    for (const glyph of ["⧉", "✓", "▾", "◐", "☀", "☾", "←", "→"]) expect(html).not.toContain(glyph);
    await expect(page.getByRole("link", { name: "All reports" }).locator("svg")).toHaveCount(1);
    await expect(navMenuButton(page, "Tools").locator("svg")).toHaveCount(1);
    if (javaScriptEnabled)
      await expect(page.getByRole("button", { name: "Copy link" }).locator("svg:visible")).toHaveCount(1);
  });
});

test.describe("an empty search", () => {
  test("says so where the results would be and offers to remove each part of the search", async ({ page }) => {
    await page.goto("/camera2/report_list?q=no-such-device-anywhere&facing=BACK&cap=RAW");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Camera reports");
    const empty = page.getByTestId("no-matching-reports");
    await expect(empty).toContainText("No report matches this search.");
    await expect(empty.getByRole("link", { name: "Remove facing Back" })).toHaveAttribute(
      "href",
      "/camera2/report_list?q=no-such-device-anywhere&cap=RAW",
    );
    await expect(empty.getByRole("link", { name: "Remove RAW" })).toBeVisible();
    await empty.getByRole("link", { name: 'Remove search "no-such-device-anywhere"' }).click();
    await expect(page).toHaveURL(/\/camera2\/report_list\?facing=BACK&cap=RAW$/);
    await expect(page.getByRole("heading", { level: 1, name: /^\d+ match(es)?$/ })).toBeVisible();
  });
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: PHONE });

  test("the header is one row, and its Menu opens without JavaScript and leads everywhere", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    await navMenuButton(page, "Menu").click();
    await navMenuEntry(page, "Camera2 Reports").click();
    await expect(page).toHaveURL(/\/camera2\/report_list$/);
    await navMenuButton(page, "Menu").click();
    await expect(navMenuEntry(page, "Sign in")).toBeVisible();
    await expect(navMenuEntry(page, "JSON Pretty Formatter")).toBeVisible();
  });

  test("the report list shows every column of a report as a card", async ({ page }) => {
    await page.goto("/");
    const first = page.locator("tbody tr").first();
    for (const cell of await first.locator("td").all()) await expect(cell).toBeInViewport();
    const os = first.locator("td").nth(4);
    await expect(os).toContainText(/Android \d/);
    // Each line's label comes from the stylesheet, by column (app.css, .report-table).
    const labels = await first
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels.slice(1)).toEqual(['"No.: "', "none", '"Cameras: "', '"OS: "', '"Reported: "']);
    await expect(first.locator("time")).toBeInViewport();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`no page scrolls sideways (${colorScheme})`, async ({ page, browser }) => {
      test.slow();
      await page.emulateMedia({ colorScheme });
      const ids = await reportIds(page, 2);
      const publicPaths = [
        "/",
        "/camera2/report_list",
        "/camera2/report_list?q=no-such-device-anywhere&facing=BACK&cap=RAW",
        `/camera2/${ids[0]}`,
        `/cam2/${ids[1]}`,
        `/camera2/compare?ids=${ids[0]}&ids=${ids[1]}`,
        "/terms",
        "/privacy",
        "/contact",
        "/site/health2",
        "/tools",
        "/tools/json-pretty-format",
        "/tools/url-decode-encode",
        "/account/login",
        "/no-such-page",
      ];
      const wide: string[] = [];
      const measure = async (target: Page, path: string) => {
        await target.goto(path);
        const { scrollWidth, innerWidth } = await target.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} > ${innerWidth}`);
      };
      for (const path of publicPaths) await measure(page, path);

      // The signed-in pages, in a context of their own so the public ones above were seen as a visitor's.
      const context = await browser.newContext({
        viewport: PHONE,
        colorScheme,
        javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
        baseURL: test.info().project.use.baseURL,
      });
      const signedIn = await context.newPage();
      await signIn(signedIn, await createUser(signedIn));
      for (const path of ["/", "/profile/me", "/profile/me/settings"]) await measure(signedIn, path);
      await context.close();
      expect(wide).toEqual([]);
    });
  }
});
