// CSRF for pages: a cookie-authenticated form post from another site is refused before the action runs;
// sign-out needs a POST from this site; a GET never signs anyone out.
import { E2E_ADMIN, expect, test } from "../fixtures";
import { newUserCredentials, signedInClient } from "./clients";
import { pageRoutes } from "./route-inventory";

const CROSS_SITE: Record<string, string>[] = [
  { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  { origin: "https://evil.example" },
  { "sec-fetch-site": "cross-site" },
  { origin: "null" },
  // Neither Origin nor Sec-Fetch-Site: the Referer decides, and nothing at all is refused too.
  { referer: "http://evil.example/x" },
  {},
  { origin: "http://evil.example", "x-forwarded-host": "evil.example" },
];

/**
 * Refused before the action runs: 403 from our origin check, or 400 from React Router's own check that an
 * action's Origin matches the request URL (it runs first when an Origin header is present).
 */
const REFUSED = [400, 403];

test.describe("over HTTP", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only; runs in the js project");

  test("every page refuses a cross-site post (document and .data), signed in as administrator", async ({ baseURL }) => {
    // Every page × 2 URLs × 7 kinds of cross-site request: about 30 s on a loaded 2-core machine.
    test.setTimeout(120_000);
    const admin = await signedInClient(baseURL!, E2E_ADMIN);
    const failures: string[] = [];
    for (const route of pageRoutes()) {
      for (const headers of CROSS_SITE) {
        for (const url of [route.url, `${route.url.replace(/\/$/, "") || "/_root"}.data`]) {
          const response = await admin.post(url, { form: { intent: "delete", id: "x" }, headers, maxRedirects: 0 });
          if (!REFUSED.includes(response.status()))
            failures.push(`POST ${url} ${JSON.stringify(headers)}: ${response.status()}`);
        }
      }
    }
    // Still signed in: none of those posts ran.
    const session = (await (await admin.get("/api/auth/session")).json()) as { user: unknown };
    expect(session.user).not.toBeNull();
    await admin.dispose();
    expect(failures.join("\n")).toBe("");
  });

  test("a cross-site sign-out post and any GET of the sign-out page leave the session alive", async ({ baseURL }) => {
    const user = await signedInClient(baseURL!, await newUserCredentials(baseURL!));
    for (const headers of CROSS_SITE)
      expect(REFUSED).toContain((await user.post("/account/logout", { headers, maxRedirects: 0 })).status());
    expect(
      (await user.get("/account/logout", { headers: { "sec-fetch-site": "cross-site" }, maxRedirects: 0 })).status(),
    ).toBe(200);
    expect((await user.get("/api/auth/logout", { headers: { "sec-fetch-site": "cross-site" } })).status()).toBe(403);
    expect((await user.get("/api/auth/logout", { headers: { referer: "http://evil.example/x" } })).status()).toBe(403);
    expect(((await (await user.get("/api/auth/session")).json()) as { user: unknown }).user).not.toBeNull();
    const signOut = await user.post("/account/logout", { headers: { origin: baseURL! }, maxRedirects: 0 });
    expect(signOut.status()).toBe(302);
    expect(((await (await user.get("/api/auth/session")).json()) as { user: unknown }).user).toBeNull();
    await user.dispose();
  });

  test("a post that shows only a Referer from another site is refused with a message naming why", async ({
    baseURL,
  }) => {
    const user = await signedInClient(baseURL!, await newUserCredentials(baseURL!));
    const refused = await user.post("/contact", {
      form: { name: "x", email: "x@example.com", message: "hello" },
      headers: { referer: "http://evil.example/x" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Cross-site request refused: Referer is not this site.");
    // A same-origin Referer alone (a browser that sends no Origin) is enough.
    const sameOrigin = await user.post("/account/logout", {
      headers: { referer: `${baseURL}/settings` },
      maxRedirects: 0,
    });
    expect(sameOrigin.status()).toBe(302);
    await user.dispose();
  });

  test("a sign-in post from another site is refused (no login CSRF)", async ({ request }) => {
    for (const headers of CROSS_SITE) {
      const response = await request.post("/account/login", {
        form: { ...E2E_ADMIN, callbackUrl: "/" },
        headers,
        maxRedirects: 0,
      });
      expect(REFUSED).toContain(response.status());
      expect(response.headers()["set-cookie"] ?? "").not.toMatch(/session=/);
    }
  });
});

test("a real cross-site form in the browser cannot act with the visitor's session", async ({
  page,
  baseURL,
  javaScriptEnabled,
  signInAsUser,
}) => {
  await signInAsUser();
  // Another site on this machine: 127.0.0.1 is a different site from localhost for the browser.
  const evilOrigin = baseURL!.replace("localhost", "127.0.0.1");
  await page.route(`${evilOrigin}/evil`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body:
        `<form id="f" method="post" action="${baseURL}/account/logout"><button>go</button></form>` +
        (javaScriptEnabled ? "<script>document.getElementById('f').submit()</script>" : ""),
    }),
  );
  await page.goto(`${evilOrigin}/evil`);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "go" }).click();
  await page.waitForLoadState();
  // SameSite=Lax keeps the cookie off a cross-site POST, and the origin check refuses it anyway.
  const session = (await (await page.request.get(`${baseURL}/api/auth/session`)).json()) as { user: unknown };
  expect(session.user).not.toBeNull();
});
