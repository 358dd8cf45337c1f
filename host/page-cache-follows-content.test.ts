// The page cache and /api's report list cache follow changes of public content, wired as host/app.ts wires them,
// and only those: sign-in, sign-out and refused writes leave every cached page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "#server/db/schema.ts";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { encryptSecret, hmacDigest, randomToken } from "#server/lib/crypto.ts";
import { onContentChange, type ContentTopic } from "#server/content-changes.ts";
import { cameraReportCaches } from "#server/services/camera-reports/caches.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { createPageCache, type RenderPage } from "./page-cache";

/** Records every change this process is told of while `body` runs. */
async function changesDuring(body: () => Promise<unknown>): Promise<ContentTopic[][]> {
  const seen: ContentTopic[][] = [];
  const stop = onContentChange((topics) => seen.push([...topics].sort()));
  try {
    await body();
  } finally {
    stop();
  }
  return seen;
}

describe("the page cache and the report list cache follow public changes only (through /api)", () => {
  let h: ApiHarness;
  let apiKey: string;
  let admin: string;
  const pageCache = createPageCache({
    maxBytes: 1024 * 1024,
    maxEntryBytes: 64 * 1024,
    storedCopyPolicy: () => "script-src 'self'",
  });
  let stopFollowing: () => void;
  const render: RenderPage = async () =>
    new Response("<!doctype html><p>reports</p>", {
      headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=10" },
    });

  async function fillCaches() {
    await (await pageCache.serve(new Request("http://site.test/"), render)).text();
    await (await h.request("/camera/reports")).text();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pageCache.stats.pages).toBe(1);
    expect(cameraReportCaches(h.database.db).list.size).toBe(1);
  }
  const cachesIntact = () => pageCache.stats.pages === 1 && cameraReportCaches(h.database.db).list.size === 1;

  beforeAll(async () => {
    h = await createApiHarness();
    admin = (await h.signIn({ admin: true })).token;
    apiKey = randomToken();
    await h.database.db
      .insert(apiKeys)
      .values({ serviceName: "probe", apiKeyEncrypted: encryptSecret(apiKey), apiKeyDigest: hmacDigest(apiKey) });
    // As host/app.ts wires it.
    stopFollowing = onContentChange(() => pageCache.invalidate());
  });
  afterAll(async () => {
    stopFollowing();
    await h.close();
  });

  it("an anonymous sign-out answers 200 and leaves every cached page", async () => {
    await fillCaches();
    const changes = await changesDuring(async () =>
      expect((await h.request("/auth/logout", { method: "POST" })).status).toBe(200),
    );
    expect(changes).toEqual([]);
    expect(cachesIntact()).toBe(true);
  });

  it("sign-in, sign-out of a real session and refused writes leave them too", async () => {
    await fillCaches();
    const changes = await changesDuring(async () => {
      const user = await h.signIn();
      expect((await h.request("/auth/logout", { method: "POST", token: user.token })).status).toBe(200);
      // Refused: no API key, a bad report, a visitor who is not an administrator, a var that does not exist.
      expect((await h.request("/camera/reports", { method: "POST", json: uploadOf(DEVICES[0]!) })).status).toBe(401);
      expect(
        (
          await h.request("/camera/reports", {
            method: "POST",
            json: { manufacturer: 1 },
            headers: { "x-api-key": apiKey },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await h.request("/admin/site/vars", {
            method: "POST",
            token: user.token,
            json: { key: "site_name", sv_val: "x", sv_val_type: "str" },
          })
        ).status,
      ).toBeGreaterThanOrEqual(401);
      expect((await h.request("/admin/site/var/999999", { method: "DELETE", token: admin })).status).toBe(404);
    });
    expect(changes).toEqual([]);
    expect(cachesIntact()).toBe(true);
  });

  it("an upload empties the page cache and the report lists", async () => {
    await fillCaches();
    const changes = await changesDuring(async () => {
      const response = await h.request("/camera/reports", {
        method: "POST",
        json: uploadOf(DEVICES[0]!),
        headers: { "x-api-key": apiKey },
      });
      expect(response.status).toBe(201);
    });
    expect(changes).toEqual([["camera-reports"]]);
    expect(pageCache.stats.pages).toBe(0);
    expect(cameraReportCaches(h.database.db).list.size).toBe(0);
  });

  it("a site var saved through /api empties them too (the lists carry the store link)", async () => {
    await fillCaches();
    const changes = await changesDuring(async () => {
      const response = await h.request("/admin/site/vars", {
        method: "POST",
        token: admin,
        json: { key: "probe_app_store_link", sv_val: "https://play.example/x", sv_val_type: "str" },
      });
      expect(response.status).toBe(200);
    });
    expect(changes).toEqual([["site-vars"]]);
    expect(pageCache.stats.pages).toBe(0);
    expect(cameraReportCaches(h.database.db).list.size).toBe(0);
  });

  it("a cached list answer says how old it is (Age, rounded up)", async () => {
    await (await h.request("/camera/reports?size=5")).text();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await h.request("/camera/reports?size=5");
    expect(Number(again.headers.get("age"))).toBeGreaterThanOrEqual(2);
    expect(again.headers.get("cache-control")).toBe("public, max-age=10");
  });
});
