// Response headers: CSP with a fresh nonce on every script (or, for a stored copy from the page cache,
// the hash of every inline script and no nonce at all), object-src/base-uri 'none',
// frame-ancestors 'none', nosniff, Referrer-Policy, no X-Powered-By, no-store for admin pages and /api, and on every
// answer Permissions-Policy (no camera, microphone, geolocation, payment, USB…) and Cross-Origin-Resource-Policy.
import { createHash } from "node:crypto";
import { request as playwrightRequest } from "@playwright/test";
import { E2E_ADMIN, expect, navMenuButton, test } from "../fixtures";
import { signedInClient } from "./clients";
import { pageRoutes } from "./route-inventory";

const publicPages = pageRoutes().filter((r) => !r.admin && !r.signedIn);
const adminPages = pageRoutes().filter((r) => r.admin);

function cspDirectives(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(" ") + 1)]),
  );
}

/** Problems with how a page's scripts are allowed: by the response's own nonce, or (a stored copy) by their hashes. */
function scriptPolicyProblems(html: string, headers: Record<string, string>): string[] {
  const scriptSrc = cspDirectives(headers["content-security-policy"]).get("script-src") ?? "";
  const tags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  if (tags.length === 0) return ["no script at all"];
  if (scriptSrc.includes("unsafe-inline")) return ["'unsafe-inline' in script-src"];
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  if (nonce)
    return tags
      .filter(([, attributes]) => !attributes!.includes(`nonce="${nonce}"`))
      .map(([tag]) => `without the nonce: ${tag.slice(0, 80)}`);
  if (headers["x-cache"] !== "HIT") return ["a rendered page without a nonce"];
  const problems = html.includes("nonce=") ? ["a stored copy still carries a nonce attribute"] : [];
  for (const [tag, attributes, text] of tags) {
    if (/\bsrc=/.test(attributes!)) continue;
    const hash = `'sha256-${createHash("sha256").update(text!).digest("base64")}'`;
    if (!scriptSrc.split(/\s+/).includes(hash)) problems.push(`inline script not listed by hash: ${tag.slice(0, 80)}`);
  }
  return problems;
}

/** Every answer, whatever its kind: no embedding by other sites, no powerful browser feature. */
function everyAnswerProblems(headers: Record<string, string>): string[] {
  const problems: string[] = [];
  if (headers["cross-origin-resource-policy"] !== "same-origin")
    problems.push(`Cross-Origin-Resource-Policy ${headers["cross-origin-resource-policy"]}`);
  const policy = headers["permissions-policy"] ?? "";
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
    if (!policy.split(/,\s*/).includes(`${feature}=()`)) problems.push(`Permissions-Policy without ${feature}=()`);
  }
  return problems;
}

function checkHeaders(url: string, headers: Record<string, string>, failures: string[]) {
  if (headers["x-content-type-options"] !== "nosniff") failures.push(`${url}: nosniff`);
  for (const problem of everyAnswerProblems(headers)) failures.push(`${url}: ${problem}`);
  if (headers["x-powered-by"] !== undefined) failures.push(`${url}: X-Powered-By`);
  // Resource routes (robots.txt, sitemap.xml, downloads) run no script: the CSP is for documents.
  if (!(headers["content-type"] ?? "").startsWith("text/html")) return;
  const csp = cspDirectives(headers["content-security-policy"]);
  const expectations: [string, boolean][] = [
    [
      "script-src with a nonce (or, from the page cache, hashes) and no 'unsafe-inline'",
      (/'nonce-[A-Za-z0-9+/=]{16,}'/.test(csp.get("script-src") ?? "") ||
        (headers["x-cache"] === "HIT" && /'sha256-[A-Za-z0-9+/=]{44}'/.test(csp.get("script-src") ?? ""))) &&
        !(csp.get("script-src") ?? "").includes("unsafe-inline"),
    ],
    ["object-src 'none'", csp.get("object-src") === "'none'"],
    ["base-uri 'none'", csp.get("base-uri") === "'none'"],
    ["frame-ancestors 'none'", csp.get("frame-ancestors") === "'none'"],
    ["nosniff", headers["x-content-type-options"] === "nosniff"],
    ["Referrer-Policy", Boolean(headers["referrer-policy"]) && headers["referrer-policy"] !== "unsafe-url"],
    ["no X-Powered-By", headers["x-powered-by"] === undefined],
    ["no HSTS over plain HTTP", headers["strict-transport-security"] === undefined],
  ];
  for (const [what, ok] of expectations) if (!ok) failures.push(`${url}: ${what}`);
}

test.describe("headers over HTTP", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only; runs in the js project");

  test("every public page and admin page carries the security headers; admin pages are no-store", async ({
    request,
    baseURL,
  }) => {
    const failures: string[] = [];
    for (const route of publicPages) {
      const response = await request.get(route.url, { maxRedirects: 0 });
      if (response.status() >= 300 && response.status() < 400) continue;
      checkHeaders(route.url, response.headers(), failures);
    }
    const admin = await signedInClient(baseURL!, E2E_ADMIN);
    for (const route of adminPages) {
      const response = await admin.get(route.url, { maxRedirects: 0 });
      if (response.status() !== 200) continue;
      checkHeaders(route.url, response.headers(), failures);
      if (response.headers()["cache-control"] !== "no-store")
        failures.push(`${route.url}: Cache-Control ${response.headers()["cache-control"]}`);
    }
    await admin.dispose();
    expect(failures.join("\n")).toBe("");
  });

  test("every script runs by its response's own nonce, new each render, or by its hash in a stored copy", async ({
    request,
  }) => {
    const nonces = new Set<string>();
    const pages = publicPages.filter((r) => !/\.\w+$/.test(r.url)).slice(0, 6);
    for (const route of pages) {
      // The second answer may come from the page cache: both kinds are checked.
      for (const response of [await request.get(route.url), await request.get(route.url)]) {
        const html = await response.text();
        expect(scriptPolicyProblems(html, response.headers()), route.url).toEqual([]);
        const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
        if (nonce) {
          expect(nonces.has(nonce), `${route.url}: nonce used twice`).toBe(false);
          nonces.add(nonce);
        }
      }
    }
    expect(nonces.size).toBeGreaterThanOrEqual(pages.length);
  });

  test("a cached page lists its inline scripts' hashes, no nonce; content changes empty it, sign-in does not", async ({
    request,
    baseURL,
  }) => {
    // A search no other test makes: its cache entry is this test's alone.
    const url = `/camera2/report_list?q=cache${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const first = await request.get(url);
    expect(first.headers()["x-cache"]).toBe("MISS");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers()["content-security-policy"] ?? "")?.[1];
    expect(firstNonce).toBeTruthy();
    await first.text();
    // Another test's write in between empties the cache: ask until the stored copy answers.
    let hit = await request.get(url);
    for (let attempt = 0; attempt < 5 && hit.headers()["x-cache"] !== "HIT"; attempt++) hit = await request.get(url);
    expect(hit.headers()["x-cache"]).toBe("HIT");
    const csp = hit.headers()["content-security-policy"] ?? "";
    expect(csp).not.toContain("nonce-");
    expect(csp).not.toContain(firstNonce!);
    const html = await hit.text();
    expect(html).not.toContain(firstNonce!);
    expect(scriptPolicyProblems(html, hit.headers())).toEqual([]);
    expect(everyAnswerProblems(hit.headers())).toEqual([]);

    // Signing in changes no public page: the stored copy stays. (Another test's upload may empty the cache at
    // the same moment, so a MISS is asked again a few times.)
    let keptAfterSignIn = false;
    for (let attempt = 0; attempt < 3 && !keptAfterSignIn; attempt++) {
      for (let ask = 0; ask < 5 && (await request.get(url)).headers()["x-cache"] !== "HIT"; ask++);
      const visitor = await signedInClient(baseURL!, E2E_ADMIN);
      await visitor.dispose();
      keptAfterSignIn = (await request.get(url)).headers()["x-cache"] === "HIT";
    }
    expect(keptAfterSignIn).toBe(true);

    // A change of public content (a site var saved through /api) empties it.
    // A client of its own: a session cookie from signing in must not make this visitor's pages private.
    const api = await playwrightRequest.newContext({ baseURL });
    const login = await api.post("/api/auth/login", {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const saved = await api.post("/api/admin/site/vars", {
      headers: { authorization: `Bearer ${sessionToken}` },
      data: {
        key: `public_e2e_cache_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        sv_val: "1",
        sv_val_type: "str",
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await api.dispose();
    expect((await request.get(url)).headers()["x-cache"]).toBe("MISS");
  });

  test("/api answers are no-store and carry nosniff, error answers included", async ({ request }) => {
    for (const path of ["/api/auth/session", "/api/openapi.json", "/api/no/such/thing", "/api/health"]) {
      const response = await request.get(path);
      expect(response.headers()["cache-control"], path).toBe("no-store");
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers()["x-powered-by"], path).toBeUndefined();
      expect(everyAnswerProblems(response.headers()), path).toEqual([]);
    }
  });

  test("forwarded headers are not read without TRUST_PROXY: no HSTS, no foreign host in the site's own links", async ({
    request,
  }) => {
    const headers = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example", "x-forwarded-for": "6.6.6.6" };
    const page = await request.get("/", { headers });
    expect(page.headers()["strict-transport-security"]).toBeUndefined();
    expect(await page.text()).not.toContain("evil.example");
    expect(await (await request.get("/robots.txt", { headers })).text()).not.toContain("evil.example");
  });

  test("static files and other non-page answers carry Permissions-Policy and Cross-Origin-Resource-Policy", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    for (const path of [asset!, "/healthz/live", "/no/such/page"]) {
      const response = await request.get(path);
      expect(everyAnswerProblems(response.headers()), path).toEqual([]);
    }
  });
});

test("the browser reports no CSP violation (every script is allowed) and knows every policy feature", async ({
  page,
  javaScriptEnabled,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    // A Permissions-Policy feature Chromium does not know is a warning on every page a visitor opens.
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) violations.push(message.text());
  });
  // "/" twice: the second answer is the page cache's stored copy, whose scripts run by hash.
  for (const path of ["/", "/", "/contact", "/tools/json-pretty-format", "/account/login"]) {
    await page.goto(path);
    if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("a stored copy from the page cache hydrates: its scripts run", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "scripts only run with JavaScript");
  // A test on the other worker that changes public content (the terms, a report) empties the cache: ask again
  // until a stored copy answers.
  await expect(async () => {
    const response = await page.goto("/");
    expect(response!.headers()["x-cache"]).toBe("HIT");
  }).toPass({ timeout: 20_000 });
  // Headless UI's menu button replaces the server-rendered <details> only once React has hydrated the page.
  await expect(navMenuButton(page, "Tools")).toBeVisible();
});

test("the site cannot be framed (frame-ancestors 'none' and X-Frame-Options)", async ({ request }) => {
  const response = await request.get("/");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(cspDirectives(response.headers()["content-security-policy"]).get("frame-ancestors")).toBe("'none'");
});
