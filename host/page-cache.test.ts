import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPageCache, sharedMaxAge, withoutNonce, type PageCacheOptions, type RenderPage } from "./page-cache";

const PUBLIC = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "public, max-age=10",
  Vary: "Cookie",
  ETag: 'W/"v1"',
};

function page(nonce: string, text = "reports") {
  return (
    `<!doctype html><html><head><script ` +
    `nonce="${nonce}">boot()</script></head><body>${text}<script ` +
    `nonce="${nonce}">go()</script></body></html>`
  );
}

/** A renderer that counts its calls and answers like a page: the nonce in its body and in its CSP header. */
function renderer(headers: Record<string, string> = PUBLIC, text = "reports") {
  const calls = { count: 0 };
  const render: RenderPage = async (nonce) => {
    calls.count++;
    return new Response(page(nonce, text), {
      headers: { ...headers, "Content-Security-Policy": `script-src 'nonce-${nonce}'` },
    });
  };
  return { render, calls };
}

/** The stored copy is written once the tee'd branch is read: let that happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const get = (url = "http://site.test/", init: RequestInit = {}) => new Request(url, init);
const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const storedCopyPolicy = (hashes: string[]) => `script-src 'self' ${hashes.join(" ")}`;

/**
 * By default each page lives its whole max-age (no spread), so the tests can step the clock to the second; X-Cache
 * and the counted Age are on (as with PAGE_CACHE_HEADERS=1) so they can tell a hit from a miss.
 */
function newCache(now = () => 1_000_000, random = () => 0, options: Partial<PageCacheOptions> = {}) {
  return createPageCache({
    maxBytes: 1024 * 1024,
    maxEntryBytes: 64 * 1024,
    storedCopyPolicy,
    now,
    random,
    statusHeaders: true,
    ...options,
  });
}
/** The theme cookie as the site sets it (React Router's encoding of an unsigned value). */
const themeCookie = (theme: string) =>
  `theme=${encodeURIComponent(Buffer.from(JSON.stringify(theme)).toString("base64"))}`;

describe("page cache and foreign cookies", () => {
  it("is not evicted or changed by 700 requests with random Cookie values", async () => {
    // Room for a few pages only: were each Cookie header its own key, the first page would be evicted.
    const cache = newCache(
      () => 1_000_000,
      () => 0,
      { maxBytes: 8 * 1024 },
    );
    const { render, calls } = renderer();
    const first = await cache.serve(get(), render);
    const html = await first.text();
    await settle();
    const random = () => Math.random().toString(36).slice(2);
    for (let i = 0; i < 700; i++) {
      const cookie = [
        `${random()}=${random()}`,
        `theme=${random()}`,
        ...(i % 2 ? [`_ga=${random()}`, `theme=${random()}`] : []),
      ].join("; ");
      const response = await cache.serve(get("http://site.test/", { headers: { cookie } }), render);
      expect(response.headers.get("x-cache"), cookie).toBe("HIT");
      expect(await response.text()).toBe(html.replace(/ nonce="[^"]+"/g, ""));
    }
    expect(calls.count).toBe(1);
    expect(cache.stats.pages).toBe(1);
    const again = await cache.serve(get(), render);
    expect(again.headers.get("x-cache")).toBe("HIT");
  });
});

describe("page cache, as the public sees it (PAGE_CACHE_HEADERS off)", () => {
  it("sends a stored copy with its render's headers: no X-Cache, its Age not counted on", async () => {
    let clock = 1_000_000;
    const cache = newCache(
      () => clock,
      () => 0,
      { statusHeaders: false },
    );
    const { render, calls } = renderer({ ...PUBLIC, Age: "2" });
    const miss = await cache.serve(get(), render);
    await miss.text();
    await settle();
    clock += 6_000;
    const hit = await cache.serve(get(), render);
    expect(calls.count).toBe(1);
    const headersOf = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => name !== "content-security-policy"));
    expect(headersOf(hit)).toEqual(headersOf(miss));
    expect(hit.headers.has("x-cache")).toBe(false);
    expect(hit.headers.get("age")).toBe("2");
    const revalidated = await cache.serve(get("http://site.test/", { headers: { "if-none-match": 'W/"v1"' } }), render);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.has("x-cache")).toBe(false);
    expect(revalidated.headers.get("age")).toBe("2");
  });
});

describe("page cache", () => {
  it("answers a public page from memory: no nonce, inline scripts allowed by hash, the same bytes", async () => {
    const cache = newCache();
    const { render, calls } = renderer();
    const first = await cache.serve(get(), render);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstHtml = await first.text();
    const [renderNonce] = noncesIn(firstHtml);
    expect(first.headers.get("content-security-policy")).toBe(`script-src 'nonce-${renderNonce}'`);
    await settle();

    const second = await cache.serve(get(), render);
    const third = await cache.serve(get(), render);
    expect(calls.count).toBe(1);
    expect(second.headers.get("x-cache")).toBe("HIT");
    const secondHtml = await second.text();
    expect(noncesIn(secondHtml)).toEqual([]);
    expect(secondHtml).toBe(firstHtml.replaceAll(` nonce="${renderNonce}"`, ""));
    expect(second.headers.get("content-security-policy")).toBe(
      `script-src 'self' ${sha256("boot()")} ${sha256("go()")}`,
    );
    expect(second.headers.get("content-security-policy")).not.toContain(renderNonce);
    expect(await third.text()).toBe(secondHtml);
    expect(second.headers.get("etag")).toBe('W/"v1"');
  });

  it("hashes inline scripts only, once each", () => {
    const html =
      `<script nonce="n1" type="module" async="">import "/a.js";</script><script nonce="n1" ` +
      `src="/b.js"></script><SCRIPT nonce="n1">x()</SCRIPT ><script nonce="n1">x()</script>`;
    const { html: bare, inlineScriptHashes } = withoutNonce(html, "n1");
    expect(bare).not.toContain("nonce");
    expect(inlineScriptHashes).toEqual([sha256('import "/a.js";'), sha256("x()")]);
  });

  it("keeps separate copies per theme cookie (the pages say Vary: Cookie)", async () => {
    const cache = newCache();
    const { render, calls } = renderer();
    await (await cache.serve(get(), render)).text();
    await settle();
    for (const theme of ["dark", "light"])
      await (await cache.serve(get("http://site.test/", { headers: { cookie: themeCookie(theme) } }), render)).text();
    await settle();
    expect(calls.count).toBe(3);
    expect(cache.stats.pages).toBe(3);
    // "system" is the default: the same page as without the cookie.
    await (await cache.serve(get("http://site.test/", { headers: { cookie: themeCookie("system") } }), render)).text();
    expect(calls.count).toBe(3);
  });

  it("renders with the site's cookies only, and never stores a page with a session or a flash message", async () => {
    const cache = newCache();
    const seen: (string | null)[] = [];
    const { render: counted, calls } = renderer();
    const render: RenderPage = (nonce, request) => {
      seen.push(request.headers.get("cookie"));
      return counted(nonce, request);
    };
    const dark = themeCookie("dark");
    await (
      await cache.serve(get("http://site.test/", { headers: { cookie: `_ga=GA1.2.3; ${dark}; x=1` } }), render)
    ).text();
    expect(seen).toEqual([dark]);
    await settle();
    for (const cookie of ["session=abc", "__Host-session=abc", "toast=xyz", `${dark}; session=abc`]) {
      const response = await cache.serve(get("http://site.test/", { headers: { cookie } }), render);
      expect(response.headers.get("x-cache"), cookie).not.toBe("HIT");
      await response.text();
      await settle();
    }
    expect(calls.count).toBe(5);
    expect(cache.stats.pages).toBe(1);
    expect(seen.slice(1)).toEqual(["session=abc", "__Host-session=abc", "toast=xyz", `${dark}; session=abc`]);
  });

  it("renders again once the page's max-age has passed", async () => {
    let clock = 1_000_000;
    const cache = newCache(() => clock);
    const { render, calls } = renderer();
    await (await cache.serve(get(), render)).text();
    await settle();
    clock += 9_000;
    expect((await cache.serve(get(), render)).headers.get("age")).toBe("9");
    clock += 1_000;
    await (await cache.serve(get(), render)).text();
    expect(calls.count).toBe(2);
  });

  it("spreads the expiry of pages stored together over the last fifth of their max-age", async () => {
    let clock = 1_000_000;
    const draws = [0, 0.5, 0.999];
    const cache = newCache(
      () => clock,
      () => draws.shift() ?? 0,
    );
    const { render, calls } = renderer();
    for (const path of ["a", "b", "c"]) await (await cache.serve(get(`http://site.test/${path}`), render)).text();
    await settle();
    const rendered = async (path: string) => {
      const before = calls.count;
      await (await cache.serve(get(`http://site.test/${path}`), render)).text();
      return calls.count > before;
    };
    clock += 7_990;
    expect([await rendered("a"), await rendered("b"), await rendered("c")]).toEqual([false, false, false]);
    // c lives 10 s less 0.999 of 2 s; b 10 s less 1 s; a its whole 10 s.
    clock += 20;
    expect(await rendered("c")).toBe(true);
    expect(await rendered("b")).toBe(false);
    clock += 1_000;
    expect([await rendered("b"), await rendered("a")]).toEqual([true, false]);
    clock += 1_000;
    expect(await rendered("a")).toBe(true);
  });

  it("past its max-age, one request renders the replacement while the others get the old copy", async () => {
    let clock = 1_000_000;
    const cache = newCache(() => clock);
    const { render, calls } = renderer(PUBLIC, "old");
    await (await cache.serve(get(), render)).text();
    await settle();
    clock += 10_000;

    let finish!: () => void;
    const slowRender: RenderPage = async (nonce) => {
      calls.count++;
      await new Promise<void>((resolve) => (finish = resolve));
      return new Response(page(nonce, "new"), { headers: PUBLIC });
    };
    const refreshing = cache.serve(get(), slowRender);
    const meanwhile = await cache.serve(get(), slowRender);
    expect(meanwhile.headers.get("x-cache")).toBe("HIT");
    expect(await meanwhile.text()).toContain("old");
    finish();
    expect(await (await refreshing).text()).toContain("new");
    await settle();
    expect(await (await cache.serve(get(), slowRender)).text()).toContain("new");
    expect(calls.count).toBe(2);
  });

  it("drops the old copy when its replacement may not be stored", async () => {
    let clock = 1_000_000;
    const cache = newCache(() => clock);
    await (await cache.serve(get(), renderer().render)).text();
    await settle();
    clock += 10_000;
    const { render: privateRender, calls } = renderer({ ...PUBLIC, "Cache-Control": "private, max-age=10" });
    await (await cache.serve(get(), privateRender)).text();
    await (await cache.serve(get(), privateRender)).text();
    expect(calls.count).toBe(2);
    expect(cache.stats.pages).toBe(0);
  });

  it.each([
    ["private pages", { ...PUBLIC, "Cache-Control": "private, max-age=10" }],
    ["pages without Cache-Control", { "Content-Type": "text/html" }],
    ["pages that set a cookie", { ...PUBLIC, "Set-Cookie": "toast=; Max-Age=0" }],
    ["pages that vary on another header", { ...PUBLIC, Vary: "Cookie, Accept-Language" }],
    ["binary downloads", { ...PUBLIC, "Content-Type": "application/zip" }],
  ])("never stores %s", async (_name, headers) => {
    const cache = newCache();
    const { render, calls } = renderer(headers as Record<string, string>);
    await (await cache.serve(get(), render)).text();
    await settle();
    await (await cache.serve(get(), render)).text();
    expect(calls.count).toBe(2);
    expect(cache.stats.pages).toBe(0);
  });

  it("never stores an error page", async () => {
    const cache = newCache();
    let calls = 0;
    const render: RenderPage = async () => {
      calls++;
      return new Response("gone", { status: 404, headers: PUBLIC });
    };
    await cache.serve(get(), render);
    await settle();
    await cache.serve(get(), render);
    expect(calls).toBe(2);
  });

  it("empties itself when public content changes, and not otherwise", async () => {
    const cache = newCache();
    const { render, calls } = renderer();
    await (await cache.serve(get(), render)).text();
    await settle();
    await (await cache.serve(get(), render)).text();
    expect(calls.count).toBe(1);

    cache.invalidate();
    expect(cache.stats.pages).toBe(0);
    expect((await cache.serve(get(), render)).headers.get("x-cache")).toBe("MISS");
    expect(calls.count).toBe(2);
  });

  it("does not store a page whose render was under way when public content changed", async () => {
    const cache = newCache();
    let finishRender!: () => void;
    const slowRender: RenderPage = async (nonce) => {
      await new Promise<void>((resolve) => (finishRender = resolve));
      return new Response(page(nonce, "old"), { headers: PUBLIC });
    };
    const rendering = cache.serve(get(), slowRender);
    await settle();
    cache.invalidate();
    finishRender();
    await (await rendering).text();
    await settle();
    expect(cache.stats.pages).toBe(0);

    // A render that starts after the change is stored as usual.
    const { render, calls } = renderer(PUBLIC, "new");
    await (await cache.serve(get(), render)).text();
    await settle();
    expect(await (await cache.serve(get(), render)).text()).toContain("new");
    expect(calls.count).toBe(1);
  });

  it("keeps a page built from data already N seconds old (its Age) N seconds less, and counts its Age on", async () => {
    let clock = 1_000_000;
    const cache = newCache(() => clock);
    const { render, calls } = renderer({ ...PUBLIC, Age: "4" });
    await (await cache.serve(get(), render)).text();
    await settle();
    clock += 5_000;
    const hit = await cache.serve(get(), render);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("age")).toBe("9");
    clock += 1_000;
    await (await cache.serve(get(), render)).text();
    expect(calls.count).toBe(2);
  });

  it("never stores a page whose data is as old as its max-age", async () => {
    const cache = newCache();
    const { render, calls } = renderer({ ...PUBLIC, Age: "10" });
    await (await cache.serve(get(), render)).text();
    await settle();
    await (await cache.serve(get(), render)).text();
    expect(calls.count).toBe(2);
    expect(cache.stats.pages).toBe(0);
  });

  it("answers 304 to a matching If-None-Match and HEAD without a body", async () => {
    const cache = newCache();
    const { render } = renderer();
    await (await cache.serve(get(), render)).text();
    await settle();
    const notModified = await cache.serve(get("http://site.test/", { headers: { "if-none-match": 'W/"v1"' } }), render);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe('W/"v1"');
    expect(notModified.headers.has("content-security-policy")).toBe(false);
    const head = await cache.serve(get("http://site.test/", { method: "HEAD" }), render);
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it("drops the least recently used pages beyond its byte budget", async () => {
    const cache = createPageCache({ maxBytes: 700, maxEntryBytes: 400, storedCopyPolicy, now: () => 0 });
    const { render } = renderer(PUBLIC, "x".repeat(150));
    for (const path of ["/a", "/b", "/c"]) {
      await (await cache.serve(get(`http://site.test${path}`), render)).text();
      await settle();
    }
    expect(cache.stats.pages).toBe(2);
    expect(cache.stats.bytes).toBeLessThanOrEqual(700);
  });
});

describe("sharedMaxAge", () => {
  it("prefers s-maxage and refuses no-store", () => {
    const response = (cacheControl: string) =>
      new Response("x", { headers: { "Cache-Control": cacheControl, "Content-Type": "text/html" } });
    expect(sharedMaxAge(response("public, max-age=10, s-maxage=30"))).toBe(30);
    expect(sharedMaxAge(response("public, max-age=10"))).toBe(10);
    expect(sharedMaxAge(response("public, no-store"))).toBe(0);
  });

  it("counts the answer's Age against its max-age", () => {
    const response = (age: string) =>
      new Response("x", { headers: { "Cache-Control": "public, max-age=10", "Content-Type": "text/html", Age: age } });
    expect(sharedMaxAge(response("3"))).toBe(7);
    expect(sharedMaxAge(response("12"))).toBe(0);
    expect(sharedMaxAge(response("nonsense"))).toBe(10);
  });
});
