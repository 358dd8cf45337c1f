// Two instances on one PostgreSQL database with the same secrets (the second with two workers): a report
// uploaded or a site var saved on one shows on the other's cached home page and /api list within a second, and
// what changes no public page (an anonymous sign-out, a refused write) leaves the page cache alone.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, test } from "node:test";
import { ADMIN, createPostgres, postgresAvailable, startServer, type Postgres, type ServerProcess } from "./support.ts";

const API_KEY = "fault-test-multi-instance-key-0123456789";
const FRESHNESS_BUDGET_MS = 1_000;

/** A GET on a connection of its own, so that successive requests reach every worker of a node:cluster. */
function get(url: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: 5_000 }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

/**
 * Milliseconds from `since` until every URL shows `text` in CONSECUTIVE answers in a row (one per worker and
 * then some: a stale worker would break the streak).
 */
async function timeUntilShown(
  urls: string[],
  text: string,
  since: number,
  consecutive = 4,
  timeoutMs = 15_000,
): Promise<number> {
  let streak = 0;
  let firstOfStreak = 0;
  for (;;) {
    const answers = await Promise.all(urls.map((url) => get(url)));
    const now = performance.now();
    if (answers.every((answer) => answer.status === 200 && answer.body.includes(text))) {
      if (streak === 0) firstOfStreak = now;
      if (++streak >= consecutive) return firstOfStreak - since;
    } else {
      streak = 0;
    }
    if (now - since > timeoutMs) throw new Error(`"${text}" not shown on ${urls.join(", ")} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let pg: Postgres;
let writer: ServerProcess;
let reader: ServerProcess;
let adminToken: string;
let siteNameVarId: number | undefined;

const skip = !postgresAvailable() && "PostgreSQL is not installed";

before(async () => {
  if (skip) return;
  pg = await createPostgres();
  // One after the other: start-up on an empty database is another test's subject.
  // PAGE_CACHE_HEADERS: the test tells a stored copy from a render by its X-Cache.
  writer = await startServer({ DATABASE_URL: pg.url, PAGE_CACHE_HEADERS: "1" });
  reader = await startServer({ DATABASE_URL: pg.url, WEB_CONCURRENCY: "2", PAGE_CACHE_HEADERS: "1" });
  const login = await fetch(`${writer.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  adminToken = ((await login.json()) as { sessionToken: string }).sessionToken;
  const created = await fetch(`${writer.url}/api/v1/admin/api_keys`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ service_name: "probe app (cache test)", api_key: API_KEY }),
  });
  assert.ok(created.ok, `issuing an API key: ${created.status} ${await created.text()}`);
});

after(async () => {
  await Promise.all([writer?.stop(), reader?.stop()]);
  pg?.destroy();
});

function report(model: string) {
  return {
    manufacturer: "Freshness",
    device_model: model,
    device_os: "Android 14 (SDK 34)",
    device_os_version: "14",
    camera_list: [
      {
        camera_id: "0",
        lens_facing: "BACK",
        hardware_level: "FULL",
        capabilities: ["BACKWARD_COMPATIBLE"],
        is_logical: false,
        physical_camera_ids: [],
        sensor_orientation: 90,
      },
    ],
  };
}

/** Asks until a page answers from the cache (each worker renders its own first copy). */
async function cachedHomePage(server: ServerProcess): Promise<void> {
  let hits = 0;
  for (let attempt = 0; attempt < 40 && hits < 4; attempt++)
    hits = (await get(`${server.url}/`)).headers["x-cache"] === "HIT" ? hits + 1 : 0;
  assert.equal(hits, 4, "the home page never came from the page cache");
}

test(
  "an anonymous sign-out and refused writes leave the page cache; an " +
    "upload on one instance shows on the other within 1 s",
  { skip },
  async () => {
    await cachedHomePage(reader);
    const logout = await fetch(`${reader.url}/api/auth/logout`, { method: "POST" });
    assert.equal(logout.status, 200);
    const refused = await fetch(`${reader.url}/api/camera/reports`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(report("refused")),
    });
    assert.equal(refused.status, 401);
    for (let worker = 0; worker < 4; worker++) {
      assert.equal(
        (await get(`${reader.url}/`)).headers["x-cache"],
        "HIT",
        "a sign-out or a refused write emptied the page cache",
      );
    }

    const delays: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await cachedHomePage(reader);
      await get(`${reader.url}/api/camera/reports`);
      const model = `fresh-${round}-${Date.now().toString(36)}`;
      const uploaded = await fetch(`${writer.url}/api/camera/reports`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": API_KEY },
        body: JSON.stringify(report(model)),
      });
      assert.equal(uploaded.status, 201, await uploaded.text());
      const since = performance.now();
      delays.push(await timeUntilShown([`${reader.url}/`, `${reader.url}/api/camera/reports`], model, since));
    }
    console.info(
      `[multi-instance cache] upload on one instance shown on the other's home page and ` +
        `/api list after ${delays.map((ms) => Math.round(ms)).join(", ")} ms`,
    );
    for (const delay of delays)
      assert.ok(delay < FRESHNESS_BUDGET_MS, `shown after ${Math.round(delay)} ms (budget ${FRESHNESS_BUDGET_MS} ms)`);
  },
);

test(
  "a site var saved through /api on one instance shows on the other's cached pages within 1 s",
  { skip },
  async () => {
    const delays: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await cachedHomePage(reader);
      const name = `Fresh Site ${round} ${Date.now().toString(36)}`;
      const saved = await fetch(`${writer.url}/api/admin/site/vars`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          key: "site_name",
          sv_val: name,
          sv_val_type: "str",
          ...(round > 1 ? { id: siteNameVarId } : {}),
        }),
      });
      const body = await saved.text();
      assert.equal(saved.status, 200, body);
      siteNameVarId = (JSON.parse(body) as { obj: { id: number } }).obj.id;
      const since = performance.now();
      delays.push(await timeUntilShown([`${reader.url}/`, `${writer.url}/`], name, since));
    }
    console.info(
      `[multi-instance cache] site var on one instance shown on the other's home ` +
        `page after ${delays.map((ms) => Math.round(ms)).join(", ")} ms`,
    );
    for (const delay of delays)
      assert.ok(delay < FRESHNESS_BUDGET_MS, `shown after ${Math.round(delay)} ms (budget ${FRESHNESS_BUDGET_MS} ms)`);
  },
);
