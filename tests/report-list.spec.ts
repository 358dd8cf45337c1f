// The report list's sorting, filters, chips, page size and grouping by model, with JavaScript on and off: each is a
// link or the GET form, so both ways reach the same URL and page. The server starts with the demo reports.
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

function reportRows(page: Page) {
  return page.getByRole("table").first().locator("tbody tr");
}

async function openFilters(page: Page) {
  const details = page.locator("details", { has: page.getByText(/^Filters:/) });
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await details.locator("summary").click();
}

/** The models of the rows as shown: the device link's text without its manufacturer. */
async function modelsShown(page: Page): Promise<string[]> {
  const links = reportRows(page).locator("td:nth-child(3) a");
  const texts = await links.evaluateAll((elements) =>
    elements.map((element) =>
      [...element.childNodes]
        .slice(1)
        .map((node) => node.textContent)
        .join("")
        .trim(),
    ),
  );
  return texts;
}

test.describe("report list: sorting", () => {
  test("a header link sorts by its column, and again the other way", async ({ page }) => {
    await page.goto("/camera2/report_list");
    const header = page.getByRole("columnheader", { name: /Device/ });
    await expect(header).not.toHaveAttribute("aria-sort");
    await header.getByRole("link", { name: "Model" }).click();
    await expect(page).toHaveURL(/\/camera2\/report_list\?sort=device$/);
    await expect(page.getByRole("columnheader", { name: /Device/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByRole("columnheader", { name: /Report time/ })).not.toHaveAttribute("aria-sort");
    const ascending = await modelsShown(page);
    expect(ascending.length).toBeGreaterThan(10);
    const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a === b ? 0 : 1);
    expect(ascending).toEqual([...ascending].sort(byName));

    await page
      .getByRole("columnheader", { name: /Device/ })
      .getByRole("link", { name: "Model" })
      .click();
    await expect(page).toHaveURL(/sort=device&dir=desc$/);
    await expect(page.getByRole("columnheader", { name: /Device/ })).toHaveAttribute("aria-sort", "descending");
    const descending = await modelsShown(page);
    expect(descending).toEqual([...descending].sort(byName).reverse());
  });
});

test.describe("report list: filters", () => {
  test("applies two filters together, shows each as a chip, and a chip removes its filter", async ({ page }) => {
    await page.goto("/");
    await openFilters(page);
    await page.getByLabel("Manufacturer", { exact: true }).selectOption("Google");
    await page.getByRole("checkbox", { name: "4K video" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/\?mfr=Google&feature=4k$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^\d+ match(es)?$/);
    // Counted once the whole page has arrived: the heading comes before the rows.
    await page.waitForLoadState();
    const count = await reportRows(page).count();
    expect(count).toBeGreaterThan(0);
    for (const text of await reportRows(page).locator("td:nth-child(3)").allTextContents())
      expect(text).toContain("Google");
    const chips = page.getByTestId("active-filters");
    await expect(chips.getByRole("link")).toHaveCount(2);
    // The form shows the search it made.
    await expect(page.getByLabel("Manufacturer", { exact: true })).toHaveValue("Google");
    await expect(page.getByRole("checkbox", { name: "4K video" })).toBeChecked();

    await chips.getByRole("link", { name: "Remove 4K video" }).click();
    await expect(page).toHaveURL(/\/\?mfr=Google$/);
    await expect(page.getByTestId("active-filters").getByRole("link")).toHaveCount(1);
    await page.waitForLoadState();
    expect(await reportRows(page).count()).toBeGreaterThanOrEqual(count);
    await page.getByTestId("active-filters").getByRole("link", { name: "Remove manufacturer Google" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Recent \d+ Reports$/ })).toBeVisible();
  });

  test("an unknown value is a notice on the page, not an error page", async ({ page }) => {
    const response = await page.goto("/camera2/report_list?sort=price&feature=8k");
    expect(response?.status()).toBe(400);
    await expect(page.getByText(/sort is one of uploaded, device/)).toBeVisible();
    await expect(page.getByText(/Expected one of raw, 4k/)).toBeVisible();
  });
});

test.describe("report list: page size and grouping", () => {
  test("the page size links show 25, 50 or 100 a page", async ({ page }) => {
    await page.goto("/camera2/report_list?sort=cameras");
    const options = page.getByRole("navigation", { name: "List options" });
    await options.getByRole("link", { name: "Show 25 a page" }).click();
    await expect(page).toHaveURL(/\?sort=cameras&size=25$/);
    await expect(reportRows(page)).toHaveCount(25);
    await expect(page.getByText(/^Showing 1 to 25 of \d+ reports\.$/)).toBeVisible();
    await expect(options.locator('[aria-current="true"]', { hasText: "25" })).toHaveCount(1);
  });

  test("one row per model with its report count, each leading to that model's reports", async ({ page }) => {
    await page.goto("/camera2/report_list");
    await page.getByRole("navigation", { name: "List options" }).getByRole("link", { name: "one per model" }).click();
    await expect(page).toHaveURL(/\?group=model$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^\d+ models$/);
    const pixel7 = reportRows(page).filter({ has: page.getByRole("link", { name: "Google Pixel 7", exact: true }) });
    const reports = Number(await pixel7.locator("td").nth(2).textContent());
    expect(reports).toBeGreaterThanOrEqual(2);
    await pixel7.getByRole("link", { name: "Google Pixel 7", exact: true }).click();
    await expect(page).toHaveURL(/\?mfr=Google&model=Pixel\+7$/);
    await expect(reportRows(page)).toHaveCount(reports);
    expect(new Set(await modelsShown(page))).toEqual(new Set(["Pixel 7"]));
  });
});

test.describe("report list and statistics: the pages as the server holds them", () => {
  test("has no character of its own beyond Latin-1", async ({ request }) => {
    // The server renders a page into one string. A single character past U+00FF (an en dash, an ellipsis, a curly
    // quote) makes all of it two bytes a character, and a 100-row page then renders markedly slower
    // (docs/decisions/0096). The demo reports' names are Latin-1 too, so any such character here is the page's own.
    const paths = [
      "/",
      "/camera2/report_list?size=100",
      "/camera2/report_list?size=100&q=pixel&min_sdk=30&max_sdk=35&min_mp=12&feature=4k&cap=RAW&sort=device",
      "/camera2/report_list?size=100&q=no-such-device-anywhere",
      "/camera2/report_list?group=model&size=100",
      // Over 64,000 characters: its range labels, from /api, are Latin-1 too ("2 to 5 MP").
      "/camera2/stats",
    ];
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(
        [...html].filter((character) => character.codePointAt(0)! > 0xff),
        path,
      ).toEqual([]);
    }
  });
});
