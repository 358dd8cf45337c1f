import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, siteVars } from "./db/schema";
import { DEVICES, uploadOf } from "./db/seeds/camera-devices";
import { encryptSecret, hmacDigest, randomToken } from "./lib/crypto";
import { LISTENER_APPLICATION_NAME, listenForContentChanges } from "./content-change-listener";
import {
  ALL_TOPICS,
  changePublicContent,
  CONTENT_CHANGE_CHANNEL,
  decodeContentChange,
  dispatchContentChange,
  encodeContentChange,
  INSTANCE_ID,
  onContentChange,
  type ContentTopic,
} from "./content-changes";
import { createPageCache, type RenderPage } from "../host/page-cache";
import { cameraReportCaches } from "./services/camera-reports-cache";
import { createApiHarness, type ApiHarness } from "../tests/support/api-harness";

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

describe("content change bus", () => {
  it("tells every subscriber, even when one of them throws, until it unsubscribes", () => {
    const seen: string[] = [];
    const stopBroken = onContentChange(() => {
      throw new Error("broken subscriber");
    });
    const stop = onContentChange((topics) => seen.push([...topics].join(",")));
    const error = console.error;
    console.error = () => {};
    try {
      dispatchContentChange(new Set(["site-vars"]));
    } finally {
      console.error = error;
      stopBroken();
    }
    stop();
    dispatchContentChange(new Set(["site-data"]));
    expect(seen).toEqual(["site-vars"]);
  });

  it("skips its own notifications and reads an unknown topic as every topic", () => {
    expect(decodeContentChange(encodeContentChange(["camera-reports"]))).toBeNull();
    expect([...decodeContentChange(encodeContentChange(["camera-reports", "site-vars"], "elsewhere"))!]).toEqual([
      "camera-reports",
      "site-vars",
    ]);
    expect(decodeContentChange("elsewhere wonder-items")).toBe(ALL_TOPICS);
    expect(decodeContentChange(undefined)).toBe(ALL_TOPICS);
    expect(encodeContentChange(["site-data"])).toBe(`${INSTANCE_ID} site-data`);
  });
});

describe("changePublicContent", () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("announces a change once the write has committed, and nothing when it rolls back", async () => {
    let committedWhenTold: boolean | null = null;
    const stop = onContentChange(() => {
      // A fresh read outside the transaction: only a committed row is visible.
      void h.database.db
        .select()
        .from(siteVars)
        .then((rows) => (committedWhenTold = rows.some((row) => row.namedKey === "public_bus_test")));
    });
    try {
      await changePublicContent(h.database.db, ["site-vars"], (tx) =>
        tx.insert(siteVars).values({ namedKey: "public_bus_test", valType: "str", valObjectJson: { val: "x" } }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(committedWhenTold).toBe(true);
    } finally {
      stop();
    }

    const failed = await changesDuring(() =>
      changePublicContent(h.database.db, ["site-vars"], async (tx) => {
        await tx
          .insert(siteVars)
          .values({ namedKey: "public_rolled_back", valType: "str", valObjectJson: { val: "x" } });
        throw new Error("refused");
      }).catch(() => {}),
    );
    expect(failed).toEqual([]);
    expect((await h.database.db.select().from(siteVars)).map((row) => row.namedKey)).not.toContain(
      "public_rolled_back",
    );
  });
});

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

// The listener needs a PostgreSQL server: `npm run test:pg` runs this with DATABASE_URL set.
describe.skipIf(!process.env.DATABASE_URL)("content change listener (PostgreSQL)", () => {
  const url = process.env.DATABASE_URL!;

  async function notify(payload: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("select pg_notify($1, $2)", [CONTENT_CHANGE_CHANNEL, payload]);
    await client.end();
  }

  async function nextChange(timeoutMs: number): Promise<ContentTopic[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no change within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = onContentChange((topics) => {
        clearTimeout(timer);
        stop();
        resolve([...topics].sort());
      });
    });
  }

  it("passes on other instances' changes, skips its own, and drops everything after reconnecting", async () => {
    const connected = nextChange(5_000);
    const stopListening = await listenForContentChanges({
      connectionString: url,
      heartbeatMs: 500,
      retryMs: { first: 50, longest: 200 },
    });
    try {
      // Connecting counts as having missed whatever came before.
      expect(await connected).toEqual([...ALL_TOPICS].sort());

      const heard = nextChange(1_000);
      await notify(encodeContentChange(["site-vars"], "another-instance"));
      expect(await heard).toEqual(["site-vars"]);

      const own: ContentTopic[][] = [];
      const stop = onContentChange((topics) => own.push([...topics]));
      await notify(encodeContentChange(["site-vars"]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop();
      expect(own).toEqual([]);

      // The server ends the listener's session: it comes back by itself and drops every cache.
      const warn = console.warn;
      console.warn = () => {};
      try {
        const reconnected = nextChange(5_000);
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
          LISTENER_APPLICATION_NAME,
        ]);
        await admin.end();
        expect(await reconnected).toEqual([...ALL_TOPICS].sort());
        const heardAgain = nextChange(1_000);
        await notify(encodeContentChange(["camera-reports"], "another-instance"));
        expect(await heardAgain).toEqual(["camera-reports"]);
      } finally {
        console.warn = warn;
      }
    } finally {
      stopListening();
    }
  });
});
