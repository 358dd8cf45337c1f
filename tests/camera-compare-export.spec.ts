// Comparing reports (differences marked, only the differences, "Compare with…" from a report), exporting a search
// as CSV and JSON, and the API documentation page; with JavaScript on and off. The server has the demo reports.
import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";

interface Summary {
  id: string;
  manufacturer: string;
}

async function reportIds(page: Page, q: string, size = 100): Promise<string[]> {
  const response = await page.request.get(`/api/camera/reports?q=${encodeURIComponent(q)}&size=${size}`);
  return ((await response.json()) as { reports: Summary[] }).reports.map((report) => report.id);
}

test.describe("compare: differences", () => {
  test("marks the rows that differ in words, and shows only them on request", async ({ page, javaScriptEnabled }) => {
    const [samsung] = await reportIds(page, "samsung", 1);
    const [pixel] = await reportIds(page, "pixel", 1);
    await page.goto(`/camera2/compare?ids=${samsung}&ids=${pixel}`);
    const table = page.getByRole("table", { name: /Reports side by side/ });
    const rowHeaders = table.locator("tbody th[scope=row]");
    const all = await rowHeaders.count();
    const differing = table.locator("tbody tr[data-differs]");
    const differ = await differing.count();
    expect(differ).toBeGreaterThan(0);
    expect(differ).toBeLessThan(all);
    // Not by colour alone: each differing row says so in its header, and only those do.
    await expect(table.getByRole("rowheader", { name: /^Report time differs$/ })).toBeVisible();
    await expect(table.locator("tbody th[scope=row]", { hasText: "differs" })).toHaveCount(differ);
    await expect(page.getByText(`${differ} of ${all} rows differ`)).toBeVisible();
    // The page with reports side by side; the audit of every page (a11y.spec.ts) sees it without any.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    const switcher = page.getByRole("navigation", { name: "Rows shown" });
    await expect(switcher.getByRole("link", { name: "All rows" })).toHaveAttribute("aria-current", "page");
    await switcher.getByRole("link", { name: "Only differences" }).click();
    await expect(page).toHaveURL(/[?&]diff=1$/);
    await expect(switcher.getByRole("link", { name: "Only differences" })).toHaveAttribute("aria-current", "page");
    await expect(table).toHaveAccessibleName(/only the rows where they differ/);
    await expect(rowHeaders).toHaveCount(differ);
    await expect(table.locator("tbody tr[data-differs]")).toHaveCount(differ);

    await switcher.getByRole("link", { name: "All rows" }).click();
    await expect(rowHeaders).toHaveCount(all);
  });
});

test.describe("compare with…", () => {
  test("refuses ids that are not report ids, or more than 4, with a message", async ({ page }) => {
    const ids = await reportIds(page, "", 5);
    for (const search of ["ids=nope", ids.map((id) => `ids=${id}`).join("&")]) {
      const response = await page.goto(`/camera2/compare/add?${search}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("Pick at most 4 reports by their ids.");
    }
  });

  test("from a report's page, picks others by search, up to 4 side by side", async ({ page }) => {
    const [first] = await reportIds(page, "pixel", 1);
    await page.goto(`/camera2/${first}`);
    const form = page.getByRole("search", { name: "Compare with another report" });
    await form.getByRole("searchbox", { name: "Compare with…" }).fill("samsung");
    await form.getByRole("button", { name: "Find reports" }).click();
    await expect(page).toHaveURL(new RegExp(`/camera2/compare/add\\?ids=${first}&q=samsung$`));
    await expect(page.getByRole("heading", { level: 1, name: "Add a report to the comparison" })).toBeVisible();
    const matches = page.getByRole("table", { name: "Reports matching “samsung”" });
    await matches
      .getByRole("link", { name: /^Add to comparison/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/camera2\/compare\?ids=[^&]+&ids=[^&]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Compare 2 camera reports" })).toBeVisible();

    for (const [count, q] of [
      [3, "pixel"],
      [4, "fairphone"],
    ] as const) {
      await page.getByRole("link", { name: "Add a report" }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Chosen (${count - 1} of at most 4)` })).toBeVisible();
      await page.getByRole("searchbox", { name: "Manufacturer or model" }).fill(q);
      await page.getByRole("button", { name: "Find reports" }).click();
      await page
        .getByRole("table", { name: `Reports matching “${q}”` })
        .getByRole("link", { name: /^Add to comparison/ })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: `Compare ${count} camera reports` })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Add a report" })).toHaveCount(0);
    const columns = page.getByRole("table", { name: /Reports side by side/ }).locator("thead th");
    await expect(columns).toHaveCount(4);
    await expect(columns.first()).toContainText(/pixel/i);
  });
});

test.describe("export", () => {
  test("the list's links download every match of the search as CSV and JSON", async ({ page }) => {
    await page.goto("/camera2/report_list?q=samsung&size=5");
    const expected = await reportIds(page, "samsung");
    expect(expected.length).toBeGreaterThan(5);
    const links = page.getByTestId("export-links");
    await expect(links).toContainText("Download every matching report:");
    await expect(links.getByRole("link", { name: "CSV" })).toHaveAttribute(
      "href",
      "/camera2/report_list/export.csv?q=samsung",
    );

    const [csv] = await Promise.all([page.waitForEvent("download"), links.getByRole("link", { name: "CSV" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^camera-reports-samsung-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await csv.path())!, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...rows] = text.trimEnd().split("\r\n");
    // Every text field is quoted (a reader that splits on ";" must not cut a value).
    expect(header).toBe(
      '"id","manufacturer","device_model","os","os_ver","created_at",' +
        '"camera_count","best_level","sdk","best_megapixels"',
    );
    expect(rows.map((row) => row.split(",")[0])).toEqual(expected.map((id) => `"${id}"`));

    const [json] = await Promise.all([
      page.waitForEvent("download"),
      links.getByRole("link", { name: "JSON" }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^camera-reports-samsung-.*\.json$/);
    const reports = JSON.parse(await readFile((await json.path())!, "utf8")) as Summary[];
    expect(reports.map((report) => report.id)).toEqual(expected);
    expect(reports.every((report) => /samsung/i.test(report.manufacturer))).toBe(true);
  });

  test("the export of every report comes from the API's file: its bytes, its ETag, and 304 when unchanged", async ({
    request,
  }) => {
    for (const format of ["csv", "json"]) {
      const page = await request.get(`/camera2/report_list/export.${format}`);
      expect(page.status()).toBe(200);
      const etag = page.headers()["etag"] ?? "";
      // Weak once compressed on the way out (the same content, other bytes).
      expect(etag).toMatch(/^(W\/)?"[A-Za-z0-9_-]{43}"$/);
      expect(page.headers()["last-modified"]).toBeTruthy();
      expect(page.headers()["content-disposition"]).toMatch(/^attachment; filename="camera-reports-all-/);
      const api = await request.get(`/api/camera/reports/export.${format}`);
      expect(api.headers()["etag"]).toBe(etag);
      expect((await page.body()).equals(await api.body())).toBe(true);
      const again = await request.get(`/camera2/report_list/export.${format}`, { headers: { "if-none-match": etag } });
      expect(again.status()).toBe(304);
      expect((await again.body()).length).toBe(0);
    }
  });

  test("a bad search answers 400 with the reason", async ({ page }) => {
    const response = await page.request.get("/camera2/report_list/export.csv?facing=SIDEWAYS");
    expect(response.status()).toBe(400);
    expect(await response.text()).toMatch(/^The export failed: .*\nfacing: Expected one of FRONT, BACK, EXTERNAL/);
  });
});

test.describe("API documentation", () => {
  // The audit of every page (a11y.spec.ts) runs axe on this one in both themes.
  test("the footer leads to a page describing every /api operation", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "API documentation" }).click();
    await expect(page).toHaveURL(/\/api-docs$/);
    await expect(page.getByRole("heading", { level: 1, name: "API documentation" })).toBeVisible();
    const doc = (await (await page.request.get("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = page.locator("h3 code");
    // Read once the whole page has arrived: the heading comes first.
    await page.waitForLoadState();
    const shown = new Set(await paths.allTextContents());
    for (const path of Object.keys(doc.paths)) expect(shown, path).toContain(path);
    const upload = page.locator("#post-api-camera-reports");
    await expect(upload).toContainText("Authentication: an API key in the x-api-key header");
    await upload.getByText("Request body (application/json), required").click();
    await expect(upload.getByText("camera_list", { exact: true })).toBeVisible();
  });
});
