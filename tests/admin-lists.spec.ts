// The admin area's lists as an administrator meets them: the home's cards with counts, the user search and pages,
// deletes that ask first without JavaScript and offer Undo with it, empty lists that say so, and every list page
// within a phone's width. Each test with JavaScript on and off.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUserAsAdmin, E2E_ADMIN, expect, slowDownScripts, test } from "./fixtures";

const unique = () => randomBytes(3).toString("hex");

/** A record made through the admin /api with a bearer session; its answer. */
async function createThroughApi(page: Page, path: string, data: Record<string, unknown>) {
  const signIn = await page.request.post("/api/auth/login", { data: E2E_ADMIN });
  const authorization = `Bearer ${((await signIn.json()) as { sessionToken: string }).sessionToken}`;
  const created = await page.request.post(`/api${path}`, { data, headers: { authorization } });
  expect(created.status(), await created.text()).toBe(200);
  await page.request.post("/api/auth/logout", { headers: { authorization } });
  return (await created.json()) as Record<string, unknown>;
}

test.describe("admin home", () => {
  test("shows a card per page with a description and its count of records", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin/");
    const usersCard = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Users" }) });
    await expect(usersCard).toContainText("Accounts, administrator rights");
    await expect(usersCard.getByTestId("admin-card-count")).toHaveText(/^\d[\d,]* users?$/);
    const messagesCard = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "Contact Messages" }) });
    await expect(messagesCard.getByTestId("admin-card-count")).toHaveText(/^\d[\d,]* unread$/);
    // A page that keeps no records of its own shows no count.
    const createCard = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Create Item" }) });
    await expect(createCard.getByTestId("admin-card-count")).toHaveCount(0);
    await usersCard.getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { name: /^Admin: Users/ })).toBeVisible();
  });
});

test.describe("admin users search", () => {
  test("finds users by part of the e-mail, pages through them and says when none match", async ({
    page,
    signInAsAdmin,
  }) => {
    const marker = `find-${unique()}`;
    for (const letter of ["a", "b", "c"]) {
      await createUserAsAdmin(page.request, {
        email: `${marker}-${letter}@example.com`,
        password: "a fine passphrase",
      });
    }
    await signInAsAdmin();
    await page.goto("/admin/common/users/");
    await page.getByLabel("Search by e-mail or name").fill(marker.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${marker.toUpperCase()}$`));
    await expect(page.getByRole("heading", { name: "Admin: Users (total 3)" })).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(3);

    await page.goto(`/admin/common/users/?q=${marker}&page_size=2`);
    const pages = page.getByRole("navigation", { name: "User pages" });
    await expect(pages).toContainText("Page 1 of 2");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page.getByRole("navigation", { name: "User pages" })).toContainText("Page 2 of 2");
    await expect(page.getByTestId(`user-row-${marker}-c@example.com`)).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(1);

    await page.goto(`/admin/common/users/?q=${marker}-none`);
    await expect(page.getByRole("cell", { name: `No users match “${marker}-none”.` })).toBeVisible();
    await page.getByRole("link", { name: "Show all" }).click();
    await expect(page).toHaveURL(/\/admin\/common\/users\/$/);

    await page.goto(`/admin/common/users/?page_size=500`);
    await expect(page.getByRole("alert")).toContainText("page_size must be at most 100.");
  });
});

test.describe("admin deletes", () => {
  test("delete asks first without JavaScript, and deletes at once with an Undo in the toast with it", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    const key = `undo-${unique()}`;
    await createThroughApi(page, "/admin/kv", { key, value: "kept as it was", value_type: "text" });
    await signInAsAdmin();
    await page.goto(`/admin/common/kv/?prefix=${key}`);
    const row = page.getByRole("row").filter({ hasText: key });
    await row.getByRole("button", { name: `Delete ${key}` }).click();

    if (!javaScriptEnabled) {
      const question = page.getByRole("group", { name: `Delete ${key}?` });
      await expect(question).toBeVisible();
      // Nothing is deleted yet; Cancel leaves the entry where it was.
      await question.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("group", { name: `Delete ${key}?` })).toHaveCount(0);
      await expect(row).toBeVisible();
      await row.getByRole("button", { name: `Delete ${key}` }).click();
      await page
        .getByRole("group", { name: `Delete ${key}?` })
        .getByRole("button", { name: "Delete" })
        .click();
      await expect(page.getByText(`No keys start with “${key}”.`)).toBeVisible();
      return;
    }

    await expect(page.getByText(`No keys start with “${key}”.`)).toBeVisible();
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("listitem")
      .filter({
        hasText: "Completed successfully!",
      });
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(row).toBeVisible();
    await expect(row.locator("td").nth(2)).toHaveText("kept as it was");
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText(`Restored ${key}.`)).toBeVisible();
  });
});

test.describe("admin undo", () => {
  test("a deleted wonder item comes back with its tags", async ({ page, signInAsAdmin, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "Undo is offered in the toast, which needs JavaScript");
    const marker = unique();
    const tag = await createThroughApi(page, "/admin/wonder/tags", { name: `Undo tag ${marker}` });
    const title = `Undo item ${marker}`;
    await createThroughApi(page, "/admin/wonder/items", { title, summary: "back again", tag_ids: [tag.id] });
    await signInAsAdmin();
    await page.goto("/admin/wonder/items");
    await page.getByRole("button", { name: `Delete item ${title}` }).click();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Undo" })
      .click();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`Undo tag ${marker}`);
  });

  test("a deleted user comes back as they were: the old password signs them in", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "Undo is offered in the toast, which needs JavaScript");
    const credentials = { email: `undo-user-${unique()}@example.com`, password: "a fine passphrase" };
    await createUserAsAdmin(page.request, credentials);
    await signInAsAdmin();
    await page.goto(`/admin/common/users/?q=${credentials.email}`);
    const row = page.getByTestId(`user-row-${credentials.email}`);
    await row.getByRole("button", { name: `Delete ${credentials.email}` }).click();
    await expect(row).toHaveCount(0);
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Undo" })
      .click();
    await expect(row).toBeVisible();
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Restored.")).toBeVisible();
    // From this site's origin: the page's context holds the administrator's session cookie.
    const signIn = await page.request.post("/api/auth/login", {
      data: credentials,
      headers: { origin: test.info().project.use.baseURL ?? "" },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
  });

  test("a deleted API key comes back and authenticates again", async ({ page, signInAsAdmin, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "Undo is offered in the toast, which needs JavaScript");
    test.slow();
    const serviceName = `UNDO_${unique()}`;
    const apiKey = `undo-key-${unique()}-${unique()}`;
    await createThroughApi(page, "/v1/admin/api_keys", {
      service_name: serviceName,
      api_key: apiKey,
      scopes: ["kv:read"],
    });
    // A valid key with kv:read reaches the key/value service (404: no such entry); an unknown one is refused (401).
    const keyStatus = async () =>
      (await page.request.get("/api/v1/kv/no-such-entry", { headers: { "x-api-key": apiKey } })).status();
    expect(await keyStatus()).toBe(404);
    await signInAsAdmin();
    await page.goto("/admin/common/api_keys");
    const row = page.getByRole("row").filter({ hasText: serviceName });
    // A browser rendering thirty times slower than this one (a busy phone) gets the answer before it has drawn the
    // delete in flight, so the router skips that state: the Undo must not depend on seeing it.
    const fullSpeed = await slowDownScripts(page, 30);
    await row.getByRole("button", { name: `Delete key ${serviceName}` }).click();
    // Its scripts run thirty times slower: on a busy machine, removing the row takes longer than the usual wait.
    await expect(row).toHaveCount(0, { timeout: 60_000 });
    await fullSpeed();
    expect(await keyStatus()).toBe(401);
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Undo" })
      .click();
    await expect(row).toBeVisible();
    expect(await keyStatus()).toBe(404);
  });
});

test.describe("admin lists on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every list page stays within the window; rows of a stacked table keep their buttons on screen", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    for (const path of [
      "/admin/",
      "/admin/common/users/",
      "/admin/common/api_keys",
      "/admin/common/email_config",
      "/admin/common/messages/",
      "/admin/common/site/data/",
      "/admin/common/site/vars",
      "/admin/common/kv/",
      "/admin/wonder/items",
      "/admin/wonder/tags",
    ]) {
      await page.goto(path);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: document.documentElement.clientWidth,
      }));
      expect(widths.page, path).toBeLessThanOrEqual(widths.window);
    }
    // Site data, users and API keys turn each row into a card: its buttons are on screen, not past the edge.
    for (const [path, button] of [
      ["/admin/common/site/data/", /^Delete version/],
      ["/admin/common/users/", /^Change PWD of/],
    ] as const) {
      await page.goto(path);
      const box = await page
        .getByRole("table")
        .getByRole(path.includes("users") ? "link" : "button", { name: button })
        .first()
        .boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.x + box!.width, path).toBeLessThanOrEqual(390);
    }
  });
});

test.describe("admin empty lists", () => {
  test("say so where the rows would be", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto(`/admin/common/kv/?prefix=none-${unique()}`);
    await expect(page.getByRole("cell", { name: /^No keys start with “none-/ })).toBeVisible();
    await page.goto(`/admin/wonder/items?status=draft&tag=none-${unique()}`);
    await expect(page.getByRole("cell", { name: /^No items/ })).toBeVisible();
  });
});
