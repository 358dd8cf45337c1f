// The camera report statistics page, with JavaScript on and off: every chart is an SVG image with a title and a
// description, beside a data table with a caption and header cells; the figures agree with /api/camera/stats; the
// page ships no script of its own, passes axe, fits a 390 px phone, and is linked from the report list.
import { ENHANCE_SCRIPT, expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import type { CameraStats } from "#shared/contract/camera-stats.ts";

const CHARTS = [
  "Hardware levels",
  "Capability coverage",
  "Capabilities by Android version",
  "Capabilities by manufacturer",
  "Megapixels",
  "Sensor sizes",
];

test.describe("camera report statistics", () => {
  test("draws each chart as an accessible SVG beside its data table", async ({ page, request }) => {
    const response = await page.goto("/camera2/stats");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("public, max-age=10");
    await expect(page.getByRole("heading", { level: 1, name: "Camera report statistics" })).toBeVisible();

    for (const name of CHARTS) {
      const chart = page.getByRole("img", { name, exact: true });
      await expect(chart).toBeVisible();
      await expect(chart).toHaveAttribute("aria-describedby", /-desc$/);
      await expect(chart).toHaveAccessibleDescription(/^(Bar|Line) chart: .+The table beside it has the figures\.$/);
      expect(await chart.evaluate((svg) => svg.tagName.toLowerCase())).toBe("svg");
    }
    // A table per chart, each with a caption and column and row headers.
    const tables = page.getByRole("table");
    await expect(tables).toHaveCount(CHARTS.length);
    for (const table of await tables.all()) {
      await expect(table.locator("caption")).not.toBeEmpty();
      expect(await table.locator('th[scope="col"]').count()).toBeGreaterThanOrEqual(3);
      expect(await table.locator('th[scope="row"]').count()).toBeGreaterThan(0);
    }

    // The figures are the API's.
    const stats = (await (await request.get("/api/camera/stats")).json()) as CameraStats;
    expect(stats.total).toBeGreaterThanOrEqual(30);
    await expect(page.getByText(`Counted over all ${stats.total.toLocaleString("en-US")} reports`)).toBeVisible();
    const levels = page.getByRole("table", { name: "Reports by hardware level" });
    for (const entry of stats.hardware_levels) {
      const row = levels.getByRole("row", { name: new RegExp(`^${entry.level ?? "None given"} `) });
      await expect(row.getByRole("cell").first()).toHaveText(String(entry.reports));
    }
    const makers = page.getByRole("table", { name: "Share of reports with each capability, by manufacturer" });
    await expect(makers.locator("tbody tr").first().getByRole("rowheader")).toHaveText(stats.by_manufacturer[0]!.name);

    // Server-drawn: the page loads the site's small enhancement script and nothing of its own.
    const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("src")));
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/enhance-/)]);
    expect(await page.locator(ENHANCE_SCRIPT).count()).toBe(1);
    expect(await page.locator('script[type="module"]').count()).toBe(0);
  });

  test("passes axe in both themes and fits a 390 px phone", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs inside the page");
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/camera2/stats");
      expect(await axeViolations(page), `axe, ${colorScheme} theme at 390 px`).toEqual([]);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      // The charts scale down with their viewBox instead of overflowing.
      for (const box of await page
        .getByRole("img")
        .evaluateAll((nodes) =>
          nodes.filter((n) => n.tagName.toLowerCase() === "svg").map((n) => n.getBoundingClientRect().right),
        )) {
        expect(box).toBeLessThanOrEqual(390);
      }
    }
  });

  test("is linked from the report list and from the sitemap", async ({ page, request }) => {
    await page.goto("/camera2/report_list");
    await page.getByRole("link", { name: "Statistics of all reports" }).click();
    await expect(page).toHaveURL(/\/camera2\/stats$/);
    await expect(page.getByRole("heading", { level: 1, name: "Camera report statistics" })).toBeVisible();
    expect(await (await request.get("/sitemap.xml")).text()).toContain("/camera2/stats</loc>");
  });
});
