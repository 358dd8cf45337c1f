// Response headers (issue 8): CSP with a fresh nonce on every script, object-src/base-uri 'none',
// frame-ancestors 'none', nosniff, Referrer-Policy, no X-Powered-By, and no-store for admin pages and /api.
import { E2E_ADMIN, expect, test } from "../fixtures";
import { signedInClient } from "./clients";
import { pageRoutes } from "./route-inventory";

const publicPages = pageRoutes().filter((r) => !r.admin && !r.signedIn);
const adminPages = pageRoutes().filter((r) => r.admin);

function cspDirectives(header: string | undefined): Map<string, string> {
  return new Map((header ?? "").split(";").map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(" ") + 1)]));
}

function checkHeaders(url: string, headers: Record<string, string>, failures: string[]) {
  if (headers["x-content-type-options"] !== "nosniff") failures.push(`${url}: nosniff`);
  if (headers["x-powered-by"] !== undefined) failures.push(`${url}: X-Powered-By`);
  // Resource routes (robots.txt, sitemap.xml, downloads) run no script: the CSP is for documents.
  if (!(headers["content-type"] ?? "").startsWith("text/html")) return;
  const csp = cspDirectives(headers["content-security-policy"]);
  const expectations: [string, boolean][] = [
    ["script-src with a nonce and no 'unsafe-inline'", /'nonce-[A-Za-z0-9+/=]{16,}'/.test(csp.get("script-src") ?? "") && !(csp.get("script-src") ?? "").includes("unsafe-inline")],
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

  test("every public page and admin page carries the security headers; admin pages are no-store", async ({ request, baseURL }) => {
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
      if (response.headers()["cache-control"] !== "no-store") failures.push(`${route.url}: Cache-Control ${response.headers()["cache-control"]}`);
    }
    await admin.dispose();
    expect(failures.join("\n")).toBe("");
  });

  test("every script element carries the response's nonce, and the nonce is new for each response", async ({ request }) => {
    const nonces = new Set<string>();
    for (const route of publicPages.filter((r) => !/\.\w+$/.test(r.url)).slice(0, 6)) {
      const response = await request.get(route.url);
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
      expect(nonce, route.url).toBeTruthy();
      nonces.add(nonce!);
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, route.url).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, `${route.url}: ${tag}`).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(Math.min(6, publicPages.length));
  });

  test("a page from the page cache gets a nonce of its own, and a successful write empties the cache", async ({ request, baseURL }) => {
    // A search no other test makes: its cache entry is this test's alone.
    const url = `/camera2/report_list?q=cache${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const first = await request.get(url);
    expect(first.headers()["x-cache"]).toBe("MISS");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers()["content-security-policy"] ?? "")?.[1];
    await first.text();
    // Another test's write in between empties the cache: ask until the stored copy answers.
    let hit = await request.get(url);
    for (let attempt = 0; attempt < 5 && hit.headers()["x-cache"] !== "HIT"; attempt++) hit = await request.get(url);
    expect(hit.headers()["x-cache"]).toBe("HIT");
    const nonce = /'nonce-([^']+)'/.exec(hit.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(firstNonce);
    const scripts = [...(await hit.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    // Signing in is a successful POST: the next visitor's page is rendered again.
    const admin = await signedInClient(baseURL!, E2E_ADMIN);
    await admin.dispose();
    expect((await request.get(url)).headers()["x-cache"]).toBe("MISS");
  });

  test("/api answers are no-store and carry nosniff, error answers included", async ({ request }) => {
    for (const path of ["/api/auth/session", "/api/openapi.json", "/api/no/such/thing", "/api/health"]) {
      const response = await request.get(path);
      expect(response.headers()["cache-control"], path).toBe("no-store");
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers()["x-powered-by"], path).toBeUndefined();
    }
  });
});

test("the browser reports no CSP violation on the pages (every script it runs is allowed)", async ({ page, javaScriptEnabled }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/contact", "/tools/json-pretty-format", "/account/login"]) {
    await page.goto(path);
    if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("the site cannot be framed (frame-ancestors 'none' and X-Frame-Options)", async ({ request }) => {
  const response = await request.get("/");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(cspDirectives(response.headers()["content-security-policy"]).get("frame-ancestors")).toBe("'none'");
});
