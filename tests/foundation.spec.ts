import { expect, test, E2E_ADMIN, navMenuEntry, openNavMenu } from "./fixtures";

test.describe("layout and errors", () => {
  test("an unknown path shows 'HTTP 404: Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "HTTP 404: Not Found" })).toBeVisible();
  });

  test("the header shows the title and navigation; the Tools links are reachable", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Camera Probe" })).toHaveAttribute("href", "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Camera2 Reports" })).toHaveAttribute("href", "/camera2/report_list");
    await expect(nav.getByText("Profile")).toHaveCount(0);
    await openNavMenu(page, "Tools");
    await navMenuEntry(page, "JSON Pretty Formatter").click();
    await expect(page).toHaveURL(/\/tools\/json-pretty-format$/);
  });

  test("the header is hidden under /account and with the minimal flag", async ({ page }) => {
    await page.goto("/account/login");
    await expect(page.getByRole("banner")).toHaveCount(0);
    await page.goto("/?minimal=1");
    await expect(page.getByRole("banner")).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("banner")).toHaveCount(1);
  });

  test("pages carry a CSP with a nonce and no X-Powered-By", async ({ page }) => {
    // Signed-out camera pages may come from the page cache (hashes, no nonce): the contact page is always rendered.
    const response = await page.goto("/contact");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-powered-by"]).toBeUndefined();
  });
});

test.describe("static assets", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only; runs in the js project");

  test("script files are sent precompressed (brotli, else gzip), cached a year, the same bytes as the file", async ({
    request,
  }) => {
    // A page that hydrates: pages without React link no module scripts. The largest it preloads is taken, since
    // files under 1 kB are not precompressed (the entry script itself is a few hundred bytes).
    const html = await (await request.get("/tools/json-pretty-format")).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(preloaded.length, "the page's module preload links").toBeGreaterThan(0);
    const sizes = await Promise.all(
      preloaded.map(async (href) => {
        const response = await request.get(href, { headers: { "accept-encoding": "identity" } });
        return { href, bytes: (await response.body()).length };
      }),
    );
    const entry = sizes.sort((a, b) => b.bytes - a.bytes)[0]!.href;
    const plain = await request.get(entry, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(plain.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const [accepted, sent] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ]) {
      const response = await request.get(entry, { headers: { "accept-encoding": accepted! } });
      expect(response.headers()["content-encoding"], accepted).toBe(sent);
      expect(response.headers()["vary"]).toMatch(/accept-encoding/i);
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(response.headers()["content-length"])).toBeLessThan((await plain.body()).length / 2);
      // Playwright decodes the body: it must be the file itself.
      expect((await response.body()).equals(await plain.body()), accepted).toBe(true);
    }
  });
});

test.describe("sign-in and sign-out", () => {
  test("the administrator signs in with the form, sees the Profile menu, and signs out", async ({ page }) => {
    await page.goto("/account/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole("navigation", { name: "Main" });
    await openNavMenu(page, "Profile");
    await expect(navMenuEntry(page, "Settings")).toBeVisible();
    await navMenuEntry(page, "Sign out").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
    const session = await (await page.request.get("/api/auth/session")).json();
    expect(session.user).toBeNull();
  });

  test("a wrong password shows an error and keeps the email", async ({ page }) => {
    await page.goto("/account/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill("wrong password here");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
  });

  test("an invalid email is refused with a field error", async ({ page, javaScriptEnabled }) => {
    await page.goto("/account/login");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("whatever");
    if (!javaScriptEnabled) {
      // The browser's own check would stop the post; remove it to prove the server validates too.
      await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
    }
    await page.getByRole("button", { name: "Sign in" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByLabel("Email")).toHaveJSProperty("validity.valid", false);
    } else {
      await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    }
  });
});

test.describe("admin guard", () => {
  test("a visitor is sent to sign-in with the path and query as callbackUrl, and comes back after", async ({
    page,
  }) => {
    await page.goto("/admin/common/users?page=2");
    await expect(page).toHaveURL(/\/account\/login\?callbackUrl=%2Fadmin%2Fcommon%2Fusers%3Fpage%3D2$/);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/common\/users\?page=2$/);
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/admin");
  });

  test("a signed-in non-admin is sent home", async ({ page, signInAsUser }) => {
    await signInAsUser();
    await page.goto("/admin/");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the admin home shows no Admin button; other admin pages do", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin/");
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    await page.goto("/admin/common/kv/");
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  });
});
