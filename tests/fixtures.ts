// Shared end-to-end helpers: sign in as the administrator or a fresh user, and know whether JavaScript is on.
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { E2E_ADMIN, E2E_CPU_THROTTLE } from "../playwright.config";

export { expect, E2E_ADMIN };

export interface Credentials {
  email: string;
  password: string;
}

/** Creates a non-admin user as an administrator does (registration is closed by default). */
export async function createUser(page: Page): Promise<Credentials> {
  const credentials = { email: `user-${randomBytes(4).toString("hex")}@example.com`, password: "e2e user password 1" };
  // The page's context may hold a session cookie: the sign-in call then shows where it comes from, as a page would.
  await createUserAsAdmin(page.request, credentials, test.info().project.use.baseURL);
  return credentials;
}

/** POST /api/v1/admin/auth/users with a bearer session of the administrator's, ended afterwards. */
export async function createUserAsAdmin(
  client: APIRequestContext,
  credentials: Credentials,
  origin?: string,
): Promise<void> {
  const signIn = await client.post("/api/auth/login", { data: E2E_ADMIN, headers: origin ? { origin } : {} });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const authorization = `Bearer ${((await signIn.json()) as { sessionToken: string }).sessionToken}`;
  const created = await client.post("/api/v1/admin/auth/users", { data: credentials, headers: { authorization } });
  expect(created.status(), await created.text()).toBe(200);
  await client.post("/api/auth/logout", { headers: { authorization } });
}

/** Signs the page's browser context in by posting the real sign-in form (no JavaScript needed). */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? "";
  const response = await page.request.post("/account/login", {
    form: { email: credentials.email, password: credentials.password, callbackUrl: "/" },
    headers: { origin: baseURL },
  });
  expect(response.ok(), `sign-in answered ${response.status()}`).toBe(true);
}

/** Runs the page's scripts `rate` times slower through Chromium's CPU throttling; the answer restores full speed. */
export async function slowDownScripts(page: Page, rate: number): Promise<() => Promise<void>> {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send("Emulation.setCPUThrottlingRate", { rate });
  return async () => {
    await devTools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  };
}

/** Without JavaScript an admin list's Delete button asks first: this answers the question with its Delete button. */
export async function confirmDeleteWithoutJavaScript(page: Page): Promise<void> {
  if (test.info().project.use.javaScriptEnabled !== false) return;
  await page.getByRole("group", { name: /\?$/ }).getByRole("button", { name: "Delete", exact: true }).click();
}

export const test = base.extend<{
  javaScriptEnabled: boolean;
  signInAsAdmin: () => Promise<void>;
  signInAsUser: () => Promise<Credentials>;
}>({
  // With E2E_CPU_THROTTLE a page's scripts run slower, as on a busy phone: a page must not depend on rendering a
  // state before the server's answer replaces it.
  page: async ({ page }, use, testInfo) => {
    if (E2E_CPU_THROTTLE > 1) await slowDownScripts(page, E2E_CPU_THROTTLE);
    if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydrationBeforeActing(page);
    await use(page);
  },
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  javaScriptEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
  signInAsAdmin: async ({ page }, use) => {
    await use(() => signIn(page, E2E_ADMIN));
  },
  signInAsUser: async ({ page }, use) => {
    await use(async () => {
      const credentials = await createUser(page);
      await signIn(page, credentials);
      return credentials;
    });
  },
});

/** Opens a header menu (Tools, Profile): a Headless UI button with JavaScript, a <details> summary without. */
export async function openNavMenu(page: Page, label: string): Promise<void> {
  await navMenuButton(page, label).click();
}

/**
 * The control that opens a header menu. On a page that hydrates (the tools, the admin area) with JavaScript it waits
 * for Headless UI's button, which replaces the server-rendered disclosure once hydrated, so tests never race the
 * swap. Pages without React (and every page without JavaScript) keep the disclosure.
 */
export function navMenuButton(page: Page, label: string) {
  if (test.info().project.use.javaScriptEnabled === false)
    return page.getByRole("navigation", { name: "Main" }).locator("summary").filter({ hasText: label }).first();
  const disclosure = page.locator(`html:has(${ENHANCE_SCRIPT}) nav[aria-label="Main"] summary`);
  const menuButton = page.locator(
    `html:not(:has(${ENHANCE_SCRIPT})) nav[aria-label="Main"] button[aria-haspopup="menu"]`,
  );
  return menuButton.or(disclosure).filter({ hasText: label }).first();
}

/**
 * The script a page without React loads instead (app/enhance/enhance.ts). It stays in the document, where React's
 * entry script of a hydrating page leaves it once the page has hydrated.
 */
export const ENHANCE_SCRIPT = 'script[src^="/assets/enhance-"]';

/**
 * A page that hydrates and has not yet: the browser marks it once React has hydrated it, its deferred forms included
 * (app/utils/hydrated.ts). A page without React never matches.
 */
const HYDRATING = "html[data-hydrates]:not([data-hydrated])";

/** Pages whose test acts while they hydrate, on purpose: actBeforeHydration. */
const actingBeforeHydration = new WeakSet<Page>();

/**
 * With JavaScript, every action and assertion on a page that hydrates first waits for it to have hydrated, however
 * the document came (page.goto, a plain link, a form posted from a page without React), and so do page.goto, reload
 * and the history steps, for the checks that read the page directly. An action that reached the server's HTML a
 * moment before React took it over would post the form itself, and the test would see another page than the one
 * JavaScript gives a visitor who waited: on a busy machine that moment is seconds.
 */
async function waitForHydrationBeforeActing(page: Page): Promise<void> {
  const hydrating = page.locator(HYDRATING);
  await page.addLocatorHandler(hydrating, () => hydrating.waitFor({ state: "hidden", timeout: 0 }));
  const settle = async () => {
    if (!actingBeforeHydration.has(page)) await hydrating.waitFor({ state: "hidden", timeout: 0 });
  };
  for (const step of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[step].bind(page) as (...args: unknown[]) => Promise<unknown>;
    // oxlint-disable-next-line typescript/no-explicit-any -- each step keeps its own signature, which this passes on
    (page as any)[step] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await settle();
      return response;
    };
  }
}

/**
 * For a test that acts on a page while it hydrates, on purpose (its code held back with holdRequests): from now on
 * nothing waits for hydration on this page.
 */
export async function actBeforeHydration(page: Page): Promise<void> {
  actingBeforeHydration.add(page);
  await page.removeLocatorHandler(page.locator(HYDRATING));
}

/**
 * Holds back the requests whose URL matches until the returned function is called: what a visitor sees while that
 * file or answer is on its way.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** An entry of an open header menu: a menuitem with JavaScript, a plain link or button without. */
export function navMenuEntry(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  return nav.getByRole("menuitem", { name }).or(nav.getByRole("link", { name })).or(nav.getByRole("button", { name }));
}
