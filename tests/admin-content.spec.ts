// Admin content pages, each with JavaScript on and off: admin home, site data, site vars, key/value store, wonder.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { confirmDeleteWithoutJavaScript, expect, test } from "./fixtures";

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString("hex")}`;

/** With JavaScript, the site vars form swaps its no-JS textarea for a one-line field once hydrated. */
async function openSiteVars(page: Page, javaScriptEnabled: boolean, path = "/admin/common/site/vars") {
  await page.goto(path);
  if (javaScriptEnabled)
    await expect(
      page.locator("input[name=sv_val]").or(page.getByRole("group", { name: "value as a JSON tree" })),
    ).toBeVisible();
}

/** A toast with JavaScript; without it the page itself is the proof (the toast needs JavaScript to show). */
async function expectToast(page: Page, javaScriptEnabled: boolean, text: string) {
  if (javaScriptEnabled)
    await expect(
      page
        .getByRole("region", { name: /Notifications/ })
        .getByText(text)
        .first(),
    ).toBeVisible();
}

test.describe("admin home", () => {
  test("lists every admin page in groups", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin/");
    await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
    for (const href of [
      "/admin/common/users/",
      "/admin/common/api_keys",
      "/admin/common/email_config",
      "/admin/common/kv/",
      "/admin/common/site/vars",
      "/admin/common/site/data/",
      "/admin/common/messages/",
      "/admin/wonder/tags",
      "/admin/wonder/items",
      "/admin/wonder/create",
      "/admin/labs/flux/",
      "/admin/labs/flux/history",
    ]) {
      await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(1);
    }
    await page.getByRole("link", { name: "Site Vars" }).click();
    await expect(page.getByRole("heading", { name: "Site Vars" })).toBeVisible();
  });
});

test.describe("site data", () => {
  test("creates an entry, edits it with a preview, marks it current and deletes it", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/site/data/");
    const rows = page.locator("tbody tr");
    await page.getByRole("button", { name: "New entry" }).click();
    await expectToast(page, javaScriptEnabled, "Completed successfully!");
    // The list reloads with the new entry open in the editor.
    const heading = page.getByRole("heading", { name: /^Edit version \d+ \([0-9a-f]{8}\)$/ });
    await expect(heading).toBeVisible();
    const shortId = /\(([0-9a-f]{8})\)/.exec((await heading.textContent())!)![1]!;
    await expect(rows.filter({ hasText: shortId })).toHaveCount(1);

    const type = unique("e2e").toLowerCase();
    await page.getByLabel("type", { exact: true }).fill(type);
    await page.getByLabel("markdown", { exact: true }).fill("# Hello terms\n\nSome *text*.");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Hello terms" })).toBeVisible();
    await expect(preview.locator("em")).toHaveText("text");

    await page.getByLabel("True").check();
    await page.getByRole("button", { name: "Save Updates" }).click();
    await expectToast(page, javaScriptEnabled, "Data updated successfully!");
    const row = rows.filter({ hasText: shortId });
    await expect(row.locator("td").nth(2)).toHaveText(type);
    await expect(row.locator("td").nth(3)).toHaveText("True");
    await expect(row.locator("td").nth(4)).toHaveText("# Hello terms Some *text*.");

    // Edit on the selected row closes the editor.
    await expect(row.getByRole("link", { name: /^Edit version/ })).toHaveAttribute("aria-expanded", "true");
    await row.getByRole("link", { name: /^Edit version/ }).click();
    await expect(page.getByRole("heading", { name: /Edit version/ })).toHaveCount(0);

    await row.getByRole("button", { name: /^Delete version/ }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expectToast(page, javaScriptEnabled, "Completed successfully!");
    await expect(rows.filter({ hasText: shortId })).toHaveCount(0);
  });

  test("shows the type rule's message", async ({ page, signInAsAdmin, javaScriptEnabled }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/site/data/");
    await page.getByRole("button", { name: "New entry" }).click();
    await expect(page.getByRole("heading", { name: /^Edit version/ })).toBeVisible();
    await page.getByLabel("type", { exact: true }).fill("x");
    if (!javaScriptEnabled)
      await page
        .locator("form")
        .filter({ has: page.getByLabel("type", { exact: true }) })
        .evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Save Updates" }).click();
    await expect(page.getByText("Type must be at least 2 characters.")).toBeVisible();
  });
});

test.describe("site vars", () => {
  test("creates a var, then edits it; the new var is the one being edited", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await openSiteVars(page, javaScriptEnabled);
    const key = unique("e2e_var");
    await page.getByLabel("named key").fill(key);
    await page.getByLabel("value", { exact: true }).fill("12");
    await page.getByLabel("value type").selectOption("int");
    await page.getByRole("button", { name: "Create" }).click();
    await expectToast(page, javaScriptEnabled, "Data updated successfully!");
    await expect(page).toHaveURL(/\?edit=\d+$/);
    await expect(page.getByRole("heading", { name: `Edit ${key}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
    const row = page.locator("tbody tr").filter({ hasText: key });
    await expect(row.locator("td").nth(2)).toHaveText("int");
    await expect(row.locator("td").nth(3)).toHaveText("12");

    // A value that does not fit its type is refused with a clear message.
    await page.getByLabel("value", { exact: true }).fill("twelve");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Enter a whole number")).toBeVisible();

    await page.getByLabel("value", { exact: true }).fill("13");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(row.locator("td").nth(3)).toHaveText("13");

    await row.getByRole("button", { name: `Delete ${key}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(row).toHaveCount(0);
  });

  test("edits JSON as a tree with JavaScript and as a textarea without", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await openSiteVars(page, javaScriptEnabled);
    const key = unique("e2e_json");
    await page.getByLabel("named key").fill(key);
    await page.getByLabel("value type").selectOption("json");
    if (javaScriptEnabled) {
      // The tree editor loads on demand, starting from an empty object; its text view edits the same value.
      const tree = page.getByRole("group", { name: "value as a JSON tree" });
      await expect(tree).toBeVisible();
      await page.getByRole("button", { name: "Edit as text" }).click();
      await page.getByLabel("value", { exact: true }).fill('{"colors": ["red"], "size": 4}');
      await page.getByRole("button", { name: "Edit as tree" }).click();
      await expect(tree).toContainText("colors");
    } else {
      await expect(page.locator("textarea[name=sv_val]")).toBeVisible();
      await page.locator("textarea[name=sv_val]").fill('{"colors": ["red"], "size": 4}');
    }
    await page.getByRole("button", { name: "Create" }).click();
    const row = page.locator("tbody tr").filter({ hasText: key });
    // The text as written: the tree changed nothing, so nothing was rewritten.
    await expect(row.locator("td").nth(3)).toHaveText('{"colors": ["red"], "size": 4}');
    await expect(page.getByRole("heading", { name: `Edit ${key}` })).toBeVisible();
  });

  test("keeps JSON exactly as written; a value the tree would change is edited as text", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    const written = '{"title":"x","limits":{"a":1},"tags":["a"],"big":12345678901234567890}';
    await signInAsAdmin();
    await openSiteVars(page, javaScriptEnabled);
    const key = unique("e2e_exact");
    await page.getByLabel("named key").fill(key);
    await page.getByLabel("value type").selectOption("json");
    if (javaScriptEnabled) {
      await expect(page.getByRole("group", { name: "value as a JSON tree" })).toBeVisible();
      await page.getByRole("button", { name: "Edit as text" }).click();
    }
    await page.locator("textarea[name=sv_val]").fill(written);
    if (javaScriptEnabled) {
      await expect(page.getByText("the number 12345678901234567890 would become 12345678901234567000")).toBeVisible();
      await expect(page.getByRole("button", { name: "Edit as tree" })).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("heading", { name: `Edit ${key}` })).toBeVisible();
    const row = page.locator("tbody tr").filter({ hasText: key });
    await expect(row.locator("td").nth(3)).toHaveText(written);
    await expect(page.locator("textarea[name=sv_val]")).toHaveValue(written);
    await row.getByRole("button", { name: `Delete ${key}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(row).toHaveCount(0);
  });

  test("Enter in the JSON tree confirms the edit and does not submit the form", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the tree editor needs JavaScript; without it the value is a textarea");
    await signInAsAdmin();
    await openSiteVars(page, javaScriptEnabled);
    const key = unique("e2e_enter");
    await page.getByLabel("named key").fill(key);
    await page.getByLabel("value type").selectOption("json");
    const tree = page.getByRole("group", { name: "value as a JSON tree" });
    await expect(tree).toBeVisible();
    await page.getByRole("button", { name: "Edit as text" }).click();
    await page.getByLabel("value", { exact: true }).fill('{"size": 4}');
    await page.getByRole("button", { name: "Edit as tree" }).click();
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("heading", { name: `Edit ${key}` })).toBeVisible();

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await tree.locator(".jer-value-number").dblclick();
    const number = tree.locator("input.jer-input-number");
    await number.fill("5");
    await number.press("Enter");
    await expect(number).toHaveCount(0);
    await expect(tree.locator(".jer-value-number")).toHaveText("5");
    // Nothing was posted, and the edit is still there to be saved.
    expect(posts).toEqual([]);
    await page.getByRole("button", { name: "Save Changes" }).click();
    const row = page.locator("tbody tr").filter({ hasText: key });
    await expect(row.locator("td").nth(3)).toHaveText(/^\{\s*"size": 5\s*\}$/);
    await row.getByRole("button", { name: `Delete ${key}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(row).toHaveCount(0);
  });

  test("a secret var is masked, never sent to the page, and kept when saved with an empty value", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await openSiteVars(page, javaScriptEnabled);
    const key = unique("secret_e2e").replace("-", "_");
    const value = `hunter2-${randomBytes(8).toString("hex")}`;
    await page.getByLabel("named key").fill(key);
    await page.getByLabel("value", { exact: true }).fill(value);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("heading", { name: `Edit ${key}` })).toBeVisible();
    const row = page.locator("tbody tr").filter({ hasText: key });
    await expect(row.locator("td").nth(3)).toHaveText("••••••••");
    // Being edited, the form does not hold it either: an empty value keeps the saved one.
    await expect(page.getByLabel("value", { exact: true })).toHaveValue("");
    await expect(page.getByText("Leave empty to keep the saved value.")).toBeVisible();
    expect(await page.content()).not.toContain(value);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, javaScriptEnabled, "Data updated successfully!");
    await expect(page.getByText("Required.")).toHaveCount(0);
    await expect(row.locator("td").nth(3)).toHaveText("••••••••");
    expect(await page.content()).not.toContain(value);
    await row.getByRole("button", { name: `Delete ${key}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(row).toHaveCount(0);
  });

  test("the site name var renames the site", async ({ page, signInAsAdmin, javaScriptEnabled }) => {
    // One project only: both share the server, and the site name is one value.
    test.skip(!javaScriptEnabled, "the site name is shared by both projects' runs");
    await signInAsAdmin();
    const name = `Probe ${randomBytes(2).toString("hex")}`;
    const response = await page.request.post("/api/admin/site/vars", {
      data: { key: "site_name", sv_val: name, sv_val_type: "str" },
      headers: { origin: test.info().project.use.baseURL! },
    });
    // site_name may exist already from the other project's run: update it then.
    let id: number;
    if (response.status() === 409) {
      const list = (await (await page.request.get("/api/admin/site/vars/list")).json()) as Array<{
        id: number;
        named_key: string;
      }>;
      id = list.find((v) => v.named_key === "site_name")!.id;
    } else {
      id = ((await response.json()) as { obj: { id: number } }).obj.id;
    }
    // Saved through the page, so this process's settings cache is cleared at once.
    await openSiteVars(page, javaScriptEnabled, `/admin/common/site/vars?edit=${id}`);
    await page.getByLabel("value", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.locator("tbody tr").filter({ hasText: "site_name" }).locator("td").nth(3)).toHaveText(name);
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible();
    await page.request.delete(`/api/admin/site/var/${id}`, { headers: { origin: test.info().project.use.baseURL! } });
  });
});

test.describe("key/value store", () => {
  test("creates, searches by prefix, edits with an expiry and deletes keys", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/kv/");
    const prefix = unique("e2e").replace("-", "_");
    const key = `${prefix}:greeting`;
    await page.getByLabel("key", { exact: true }).fill(key);
    await page.getByLabel("value", { exact: true }).fill("hello");
    await page.getByRole("button", { name: "Create" }).click();
    await expectToast(page, javaScriptEnabled, "Data updated successfully!");
    await expect(page.getByRole("heading", { name: `Edit ${key}` })).toBeVisible();

    // A second key that the prefix search must leave out.
    await page.getByRole("link", { name: "New key" }).click();
    await page.getByLabel("key", { exact: true }).fill(`other_${prefix}`);
    await page.getByLabel("value", { exact: true }).fill("x");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("heading", { name: `Edit other_${prefix}` })).toBeVisible();

    await page.getByRole("searchbox", { name: "Key prefix" }).fill(prefix);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`prefix=${prefix}`));
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator("td").first()).toHaveText(key);

    await rows
      .first()
      .getByRole("link", { name: `Edit ${key}` })
      .click();
    await expect(page.getByLabel("key", { exact: true })).toHaveValue(key);
    await page.getByLabel("value type").selectOption("json");
    await page.getByLabel("value", { exact: true }).fill("{not json");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Enter valid JSON")).toBeVisible();
    await page.getByLabel("value", { exact: true }).fill('{"hello": "world"}');
    await page.getByLabel("expires at (UTC, optional)").fill("2999-01-31T12:00");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, javaScriptEnabled, "Data updated successfully!");
    const row = rows.filter({ hasText: key });
    await expect(row.locator("td").nth(1)).toHaveText("json");
    // The value as typed, space included.
    await expect(row.locator("td").nth(2)).toHaveText('{"hello": "world"}');
    await expect(row.locator("td").nth(3)).toContainText("2999");

    await row.getByRole("button", { name: `Delete ${key}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expectToast(page, javaScriptEnabled, "Completed successfully!");
    await expect(page.getByText(`No keys start with “${prefix}”.`)).toBeVisible();
  });
});

test.describe("wonder", () => {
  test("creates a tag and an item with a preview, filters, edits and deletes them", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    const tagName = unique("Comets");
    await page.goto("/admin/wonder/tags");
    await page.getByLabel("name", { exact: true }).fill(tagName);
    await page.getByLabel("colour (optional)").fill("#3366ff");
    await page.getByRole("button", { name: "Create" }).click();
    await expectToast(page, javaScriptEnabled, "Completed successfully!");
    // The new-tag form starts over after a Create, with JavaScript too (it kept the saved values once).
    await expect(page.getByLabel("name", { exact: true })).toHaveValue("");
    const tagRow = page.locator("tbody tr").filter({ hasText: tagName });
    await expect(tagRow.locator("td").nth(1)).toHaveText(tagName.toLowerCase());

    // Rename through the edit form.
    await tagRow.getByRole("link", { name: `Edit tag ${tagName}` }).click();
    await expect(page.getByRole("heading", { name: `Edit tag ${tagName}` })).toBeVisible();
    await page.getByLabel("name", { exact: true }).fill(`${tagName} renamed`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.locator("tbody tr").filter({ hasText: `${tagName} renamed` })).toHaveCount(1);

    const title = unique("Halley visit");
    await page.goto("/admin/wonder/create");
    await page.getByLabel("title", { exact: true }).fill(title);
    await page.getByLabel("summary").fill("Every 76 years.");
    await page.getByLabel("body (markdown)").fill("## Orbit\n\nA **long** one.");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Orbit" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("long");
    await page.getByLabel(`${tagName} renamed`).check();
    await page.getByLabel("status").selectOption("published");
    await page.getByRole("button", { name: "Create" }).click();
    await expectToast(page, javaScriptEnabled, "Completed successfully!");
    await expect(page.getByRole("heading", { name: `Edit ${title}` })).toBeVisible();
    await expect(page.getByLabel("slug")).toHaveValue(title.toLowerCase().replace(/\s+/g, "-"));

    await page.getByLabel("status").selectOption("draft");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, javaScriptEnabled, "Data updated successfully!");
    await expect(page.getByLabel("status")).toHaveValue("draft");

    await page.goto("/admin/wonder/items");
    await page.getByLabel("Tag").selectOption({ label: `${tagName} renamed` });
    await page.getByRole("button", { name: "Filter" }).click();
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(title);
    await expect(rows.first()).toContainText("draft");
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No items match the filter.")).toBeVisible();

    // Deleting the tag leaves the item.
    await page.goto("/admin/wonder/tags");
    await page.getByRole("button", { name: `Delete tag ${tagName} renamed` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(page.locator("tbody tr").filter({ hasText: tagName })).toHaveCount(0);
    await page.goto("/admin/wonder/items");
    const itemRow = page.locator("tbody tr").filter({ hasText: title });
    await expect(itemRow).toHaveCount(1);
    await itemRow.getByRole("button", { name: `Delete item ${title}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expectToast(page, javaScriptEnabled, "Completed successfully!");
    await expect(page.locator("tbody tr").filter({ hasText: title })).toHaveCount(0);
  });

  test("refuses a duplicate slug with a message on the field", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    const title = unique("Duplicate");
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.goto("/admin/wonder/create");
      await page.getByLabel("title", { exact: true }).fill(title);
      await page.getByRole("button", { name: "Create" }).click();
      if (attempt === 0) await expect(page.getByRole("heading", { name: `Edit ${title}` })).toBeVisible();
    }
    await expect(page.getByText("This slug is already used by another item.")).toBeVisible();
  });
});
