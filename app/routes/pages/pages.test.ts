// The loaders of /terms, /privacy and /site/health2 against the real /api, in-process.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext, sessionContext } from "#app/context.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { loader as legalLoader } from "./legal";
import { loader as healthLoader } from "./site-health";

let h: ApiHarness;
let closed = false;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  if (!closed) await h.close();
});

function contextFor(options: { signedIn?: boolean } = {}) {
  const context = createRequestContext({ clientIp: "203.0.113.50", api: h.api });
  const user = options.signedIn ? { id: "u1", email: "a@example.com", name: null, roles: [], avatar: null } : null;
  context.set(sessionContext, { user, expires: null, sessionToken: null, did: null });
  return context;
}

interface DataResult<T> {
  data: T;
  init: { status?: number; headers?: Record<string, string> } | null;
}

async function callLoader<T>(
  loader: (args: never) => Promise<unknown>,
  path: string,
  options: { cookie?: string; signedIn?: boolean } = {},
) {
  const headers = new Headers(options.cookie ? { cookie: options.cookie } : {});
  const request = new Request(`http://localhost${path}`, { headers });
  return (await loader({ request, context: contextFor(options), params: {} } as never)) as DataResult<T>;
}

type LegalData = Awaited<ReturnType<typeof legalLoader>>["data"];

describe("terms and privacy", () => {
  it("shows a placeholder, not an error, when no version is current", async () => {
    const result = await callLoader<LegalData>(legalLoader, "/privacy");
    expect(result.data).toMatchObject({ type: "privacy", version: null, html: "", headings: [] });
  });

  it("renders the current version safely, with its outline, version and date", async () => {
    // Written as an administrator does, through /api: version 1, then version 2, the current one.
    const { token } = await h.signIn({ admin: true });
    for (const entry of [
      { markdown: "# Old", is_current: false },
      {
        markdown: "# Terms\n\n## Use\n\n<script>alert(1)</script>\n\nA [link](javascript:alert(1)).\n\n## Changes",
        is_current: true,
      },
    ]) {
      const created = await h.request("/v1/admin/site/data/new", { method: "POST", token });
      const { id } = (await created.json()) as { id: string };
      const saved = await h.request(`/v1/admin/site/data/entry/${id}`, {
        method: "POST",
        token,
        json: { id, type: "terms", ...entry },
      });
      expect(saved.status).toBe(200);
    }
    const { data } = await callLoader<LegalData>(legalLoader, "/terms");
    expect(data.version).toMatchObject({ number: 2 });
    expect(data.html).toContain('<h2 id="section-terms">Terms</h2>');
    expect(data.html).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(data.html).toContain("<p>A link.</p>");
    expect(data.headings.map((heading) => heading.text)).toEqual(["Terms", "Use", "Changes"]);
    // Client-side navigations ask for /terms.data: still the terms.
    expect((await callLoader<LegalData>(legalLoader, "/terms.data")).data.type).toBe("terms");
  });

  it("renders once, when saved: the page serves the stored rendering, not a new one per visitor", async () => {
    const { token } = await h.signIn({ admin: true });
    const created = await h.request("/v1/admin/site/data/new", { method: "POST", token });
    const { id } = (await created.json()) as { id: string };
    const saved = await h.request(`/v1/admin/site/data/entry/${id}`, {
      method: "POST",
      token,
      json: { id, type: "privacy", markdown: "# Privacy\n\nWe keep *little*.", is_current: true },
    });
    expect(saved.status).toBe(200);
    const stored = (await h.database.db.execute(sql`select html from site_data where id = ${id}`)) as unknown as {
      rows: { html: string }[];
    };
    expect(stored.rows[0]?.html).toBe('<h2 id="section-privacy">Privacy</h2>\n<p>We keep <em>little</em>.</p>\n');
    // Were the page to render the markdown itself, it would not show what is stored.
    await h.database.db.execute(sql`update site_data set html = '<p>as stored</p>' where id = ${id}`);
    const { data } = await callLoader<LegalData>(legalLoader, "/privacy");
    expect(data.html).toBe("<p>as stored</p>");
    expect(data.headings).toEqual([{ level: 2, text: "Privacy", id: "section-privacy" }]);
  });

  it("refuses at save a text whose rendering would take seconds, naming the limit", async () => {
    const { token } = await h.signIn({ admin: true });
    const created = await h.request("/v1/admin/site/data/new", { method: "POST", token });
    const { id } = (await created.json()) as { id: string };
    const started = performance.now();
    const saved = await h.request(`/v1/admin/site/data/entry/${id}`, {
      method: "POST",
      token,
      json: { id, type: "terms", markdown: "*a".repeat(99_500), is_current: true },
    });
    expect(saved.status).toBe(400);
    expect(((await saved.json()) as { detail: string }).detail).toBe(
      "markdown: The paragraph at line 1 has more than 500 emphasis marks (* and _); the limit is 500 per paragraph.",
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("lets a cookieless visitor's browser reuse the page for a minute, and no one else", async () => {
    expect((await callLoader(legalLoader, "/terms")).init?.headers).toEqual({
      "Cache-Control": "public, max-age=60, s-maxage=10",
    });
    expect((await callLoader(legalLoader, "/terms", { cookie: "theme=x" })).init?.headers).toEqual({
      "Cache-Control": "private, no-cache",
    });
    expect((await callLoader(legalLoader, "/terms", { signedIn: true })).init?.headers).toEqual({
      "Cache-Control": "private, no-cache",
    });
  });
});

describe("site health", () => {
  it("reports the web tier, /api and the database with latencies, and 200 when all answer", async () => {
    type HealthData = Awaited<ReturnType<typeof healthLoader>>["data"];
    const result = await callLoader<HealthData>(healthLoader, "/site/health2");
    expect(result.init?.status).toBe(200);
    const { healthy, web, api, database } = result.data;
    expect(healthy).toBe(true);
    expect(web.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(api).toMatchObject({ ok: true, httpStatus: 200, error: null });
    expect(api.roundTripMs).toBeGreaterThanOrEqual(0);
    expect(database.ok).toBe(true);
    expect(database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  // Last: it closes the database.
  it("answers 503 with the reason when the database does not answer", async () => {
    await h.close();
    closed = true;
    type HealthData = Awaited<ReturnType<typeof healthLoader>>["data"];
    const result = await callLoader<HealthData>(healthLoader, "/site/health2");
    expect(result.init?.status).toBe(503);
    expect(result.data.healthy).toBe(false);
    expect(result.data.api).toMatchObject({ ok: true, httpStatus: 503 });
    expect(result.data.database.ok).toBe(false);
    expect(result.data.database.error).toMatch(/database/i);
  });
});
