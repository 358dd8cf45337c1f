// Camera reports end to end, with JavaScript on and off: list, search, filters, paging links, detail, download,
// compare, 404 and the caching headers. The server starts with the demo reports (SEED_DEMO=1).
import { expect, holdRequests, test } from "./fixtures";
import type { Page } from "@playwright/test";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

function reportRows(page: Page) {
  return page.getByRole("table").first().locator("tbody tr");
}

async function openFilters(page: Page) {
  const details = page.locator("details", { has: page.getByText(/^Filters:/) });
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await details.locator("summary").click();
}

test.describe("camera report list", () => {
  test("the home page lists recent reports with links, OS, time and the probe app note", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: /^Recent \d+ Reports$/ })).toBeVisible();
    const rows = reportRows(page);
    expect(await rows.count()).toBeGreaterThanOrEqual(30);
    const first = rows.first();
    await expect(first.getByRole("link")).toHaveAttribute("href", new RegExp(`^/camera2/${UUID.source}$`));
    await expect(first.locator("td").nth(4)).toContainText(/Android \d/);
    await expect(first.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(page.getByRole("link", { name: "get the camera probe app" })).toHaveAttribute(
      "href",
      /^https:\/\/play\.google\.com\//,
    );
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    expect(heading).toBe(`Recent ${await rows.count()} Reports`);
  });

  test("/camera2/report_list shows the same list", async ({ page }) => {
    await page.goto("/camera2/report_list/");
    await expect(page.getByRole("heading", { level: 1, name: /^Recent \d+ Reports$/ })).toBeVisible();
    expect(await reportRows(page).count()).toBeGreaterThanOrEqual(30);
  });

  test("searches by manufacturer or model with a shareable URL", async ({ page }) => {
    await page.goto("/camera2/report_list");
    await page.getByLabel("Manufacturer or model").fill("pixel");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/camera2\/report_list\?q=pixel$/);
    const rows = reportRows(page);
    await expect(rows.first()).toContainText("Pixel");
    await page.waitForLoadState();
    for (const text of await rows.locator("td:nth-child(3)").allTextContents()) expect(text).toMatch(/Pixel/);
    await expect(page.getByText(/matching reports, newest first/)).toBeVisible();

    await page.goto("/?q=no-such-device-anywhere");
    await expect(page.getByText("No report matches this search.")).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("filters by facing, minimum hardware level and capability", async ({ page }) => {
    await page.goto("/");
    await openFilters(page);
    await page.getByLabel("Has a camera facing").selectOption("EXTERNAL");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/facing=EXTERNAL/);
    await expect(reportRows(page)).toHaveCount(1);
    await expect(reportRows(page).first()).toContainText("SHIELD Android TV");

    await page.goto("/");
    await openFilters(page);
    await page.getByLabel("Best hardware level").selectOption("LEVEL_3");
    await page.getByLabel("10-bit HDR").check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/min_level=LEVEL_3/);
    await expect(page).toHaveURL(/cap=DYNAMIC_RANGE_TEN_BIT/);
    // Counted once the whole page has arrived, not while its rows are still coming.
    await page.waitForLoadState();
    const count = await reportRows(page).count();
    expect(count).toBeGreaterThan(0);
    for (const cell of await reportRows(page).locator("td:nth-child(4)").allTextContents())
      expect(cell).toContain("LEVEL_3");
    // The form shows the search it made.
    await expect(page.getByLabel("Best hardware level")).toHaveValue("LEVEL_3");
    await expect(page.getByLabel("10-bit HDR")).toBeChecked();
  });

  test("pages through the list, and explains invalid parameters", async ({ page }) => {
    await page.goto("/?size=10");
    await expect(reportRows(page)).toHaveCount(10);
    await expect(page.getByText(/^Showing 1 to 10 of \d+ reports/)).toBeVisible();
    await page.getByRole("link", { name: "Older", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Showing 11 to 20 of/)).toBeVisible();
    await expect(reportRows(page).first().locator("td").nth(1)).toHaveText("11");

    const response = await page.goto("/?facing=UP");
    expect(response?.status()).toBe(400);
    await expect(page.getByText(/Expected one of FRONT, BACK, EXTERNAL/)).toBeVisible();
  });

  test("stays inside a phone's width: wide tables scroll in their box", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("sends Cache-Control and an ETag, and answers 304 when nothing changed", async ({ page }) => {
    const first = await page.request.get("/camera2/report_list");
    expect(first.headers()["cache-control"]).toBe("public, max-age=10");
    const etag = first.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await page.request.get("/camera2/report_list", { headers: { "if-none-match": etag! } });
    expect(again.status()).toBe(304);
    const api = await page.request.get("/api/camera/reports?size=5");
    expect(api.headers()["cache-control"]).toBe("public, max-age=10");
    expect((await api.json()).reports).toHaveLength(5);
  });
});

test.describe("camera report detail", () => {
  test("shows the summary, a table and a card per camera, the note and the JSON", async ({ page }) => {
    await page.goto("/?q=pixel%207");
    const link = reportRows(page).first().getByRole("link");
    const href = await link.getAttribute("href");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Google Pixel 7" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Summary" }).or(page.locator("dl").first());
    await expect(summary.getByText("Report time")).toBeVisible();
    await expect(summary.getByText("Camera count")).toBeVisible();
    await expect(page.getByRole("link", { name: `/cam2/${href!.split("/").at(-1)}` })).toBeVisible();
    await expect(page.getByText(/These are the values the camera probe app could read/)).toBeVisible();

    const overview = page.getByRole("table", { name: "Cameras of this report" });
    await expect(overview.locator("tbody tr")).toHaveCount(4);
    await expect(overview.getByRole("row", { name: /^0 Back/ })).toContainText("Logical (2, 3)");
    await expect(overview.getByRole("row", { name: /^2 Back/ })).toContainText("Physical of 0");

    const main = page.getByRole("region", { name: /Camera 0 · Back/ });
    await expect(main.getByText("LOGICAL_MULTI_CAMERA")).toBeVisible();
    await expect(main.getByText(/6\.81 mm \(≈ 24 mm equiv\., 84° diagonal\)/)).toBeVisible();
    await expect(main.getByText("2.4 µm")).toBeVisible();

    await expect(page.getByRole("heading", { name: "Report JSON" })).toBeVisible();
    await expect(page.locator("pre")).toContainText('"manufacturer": "Google"');
  });

  test("/cam2/{id} shows the same report, and Download saves a named JSON file", async ({ page }) => {
    const api = await (await page.request.get("/api/camera/reports?q=fairphone&size=1")).json();
    const id: string = api.reports[0].id;
    await page.goto(`/cam2/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: /^Fairphone FP/ })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^camera-report-fairphone-fp\\d-\\d{4}-\\d{2}-\\d{2}-${id.slice(0, 8)}\\.json$`),
    );
    const path = await file.path();
    const { readFile } = await import("node:fs/promises");
    expect(JSON.parse(await readFile(path, "utf8"))).toMatchObject({ manufacturer: "Fairphone" });
  });

  test("shows 'Loading...' while a client navigation waits for its data", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser itself shows that a page is loading");
    // The camera pages ship no React: the browser loads each one. A visitor who came from a page that hydrated (a
    // tool) navigates in the browser, and a camera page then shows that the next one is on its way.
    await page.goto("/tools/url-decode-encode");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await page.getByLabel("Manufacturer or model").fill("nokia");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=nokia/);
    await expect(reportRows(page).first()).toContainText(/nokia/i);
    const release = await holdRequests(page, /\/camera2\/[^/]+\.data/);
    await reportRows(page).first().getByRole("link").click();
    await expect(page.getByRole("status").getByText("Loading...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: /Nokia/ })).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });

  test("an unknown id shows 'No report data available' with HTTP 404", async ({ page }) => {
    for (const path of ["/cam2/00000000-0000-4000-8000-000000000000", "/camera2/not-a-report"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "No report data available" })).toBeVisible();
    }
  });
});

test.describe("compare", () => {
  test("ticking reports in the list compares them side by side", async ({ page, javaScriptEnabled }) => {
    await page.goto("/?q=samsung");
    const boxes = reportRows(page).locator('input[type="checkbox"]');
    const compare = page.getByRole("button", { name: "Compare selected" });
    if (javaScriptEnabled) await expect(compare).toBeDisabled();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    if (javaScriptEnabled) await expect(page.getByText("2 selected; pick 2 to 4.")).toBeVisible();
    await compare.click();
    await expect(page).toHaveURL(new RegExp(`/camera2/compare\\?ids=${UUID.source}&ids=${UUID.source}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Compare 2 camera reports" })).toBeVisible();
    const table = page.getByRole("table", { name: "Reports side by side" });
    await expect(table.locator("thead").getByRole("columnheader")).toHaveCount(2);
    await expect(table.getByRole("rowheader", { name: "Best hardware level" })).toBeVisible();
    await expect(table.locator("thead").getByRole("columnheader").first()).toContainText("samsung");
  });

  test("asks for 2 to 4 reports, and 404s an unknown one", async ({ page }) => {
    const response = await page.goto("/camera2/compare?ids=00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Pick 2 to 4 reports to compare.");
    const api = await (await page.request.get("/api/camera/reports?size=1")).json();
    const missing = await page.goto(`/camera2/compare?ids=${api.reports[0].id},00000000-0000-4000-8000-000000000000`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No report data available" })).toBeVisible();
  });
});
