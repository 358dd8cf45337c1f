// The JSON tree editor of the site vars page by keyboard alone: every control reachable with Tab and named for the
// node it acts on, Enter confirms an edit and Escape cancels it without submitting the page's form, and focus stays
// in the tree after an edit, a cancel and a delete. axe finds nothing on the page with the tree open.
import type { Locator, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { confirmDeleteWithoutJavaScript, expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";

/** Presses Tab until the element named `name` has focus; fails after `limit` presses. */
async function tabTo(page: Page, name: string | RegExp, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? "";
    });
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
}

const number = (tree: Locator, value: string) => tree.locator(".jer-value-number", { hasText: value });

test("edit, cancel and delete in the JSON tree by keyboard alone", async ({
  page,
  signInAsAdmin,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the tree editor needs JavaScript; without it the value is a textarea");
  await signInAsAdmin();
  await page.goto("/admin/common/site/vars");
  const key = `e2e_keys-${randomBytes(3).toString("hex")}`;
  await page.getByLabel("named key").fill(key);
  await page.getByLabel("value type").selectOption("json");
  const tree = page.getByRole("group", { name: "value as a JSON tree" });
  await expect(tree).toBeVisible();
  await page.getByRole("button", { name: "Edit as text" }).click();
  await page.getByLabel("value", { exact: true }).fill('{"limits": {"max": 5}, "tags": ["a"], "big": 1}');
  await page.getByRole("button", { name: "Edit as tree" }).click();
  await expect(tree).toContainText("limits");

  // Every control of the tree has a name that says what it does to which node.
  for (const name of ["Edit value of limits.max", "Add key to limits", "Add item to tags", "Delete key big"]) {
    await expect(tree.getByRole("button", { name, exact: true })).toHaveCount(1);
  }
  await expect(tree.getByRole("button", { name: "Collapse limits" })).toHaveAttribute("aria-expanded", "true");
  expect(await axeViolations(page, { include: "main" })).toEqual([]);

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("value type").focus();

  // Enter on Edit opens the value, Enter confirms it, and focus comes back to the same Edit button.
  await tabTo(page, "Edit value of limits.max");
  await page.keyboard.press("Enter");
  const field = tree.getByRole("textbox", { name: "Value of limits.max" });
  await expect(field).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("7");
  await page.keyboard.press("Enter");
  await expect(number(tree, "7")).toBeVisible();
  expect(await focusedName(page)).toBe("Edit value of limits.max");

  // Escape cancels: the value stays, focus comes back, and nothing is posted.
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("9");
  await page.keyboard.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(number(tree, "7")).toBeVisible();
  await expect(number(tree, "9")).toHaveCount(0);
  expect(await focusedName(page)).toBe("Edit value of limits.max");

  // Delete: the key goes, and focus moves to a control of the tree, not to the page.
  await tabTo(page, "Delete key big");
  await page.keyboard.press("Enter");
  await expect(tree.getByRole("button", { name: "Delete key big" })).toHaveCount(0);
  await expect(tree).not.toContainText("big");
  expect(await page.evaluate(() => document.activeElement?.closest("[role=group]")?.getAttribute("aria-label"))).toBe(
    "value as a JSON tree",
  );
  expect(posts).toEqual([]);

  // The form is submitted by keyboard too, with the tree's edits.
  await tabTo(page, /^(Create|Save Changes)$/);
  await page.keyboard.press("Enter");
  const row = page.locator("tbody tr").filter({ hasText: key });
  await expect(row.locator("td").nth(3)).toHaveText(
    /^\{\s*"limits": \{\s*"max": 7\s*\},\s*"tags": \[\s*"a"\s*\]\s*\}$/,
  );
  await row.getByRole("button", { name: `Delete ${key}` }).click();
  await confirmDeleteWithoutJavaScript(page);
  await expect(row).toHaveCount(0);
});
