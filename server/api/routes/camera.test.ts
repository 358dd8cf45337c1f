import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#server/config.ts";
import { apiKeys, cameraReports, idempotencyKeys } from "#server/db/schema.ts";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { encryptSecret, hmacDigest, randomToken } from "#server/lib/crypto.ts";
import {
  cameraReportRow,
  IDEMPOTENCY_KEY_TTL_MS,
  insertCameraReports,
  purgeForgottenIdempotencyKeys,
} from "#server/services/camera-reports/storing.ts";
import type { CameraReportPage } from "#shared/contract/camera.ts";
import { CAMERA_REPORT_PARAMETER_NAMES } from "#shared/contract/camera-vocabulary.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
let key: string;

async function issueKey(serviceName = "camera-probe", scopes?: string[]): Promise<{ key: string; id: string }> {
  const value = randomToken();
  const [row] = await h.database.db
    .insert(apiKeys)
    .values({ serviceName, apiKeyEncrypted: encryptSecret(value), apiKeyDigest: hmacDigest(value), scopes })
    .returning({ id: apiKeys.id });
  return { key: value, id: row!.id };
}

function upload(body: unknown, headers: Record<string, string> = {}, apiKey: string | null = key) {
  return h.request("/camera/reports", {
    method: "POST",
    json: body,
    headers: { ...(apiKey ? { "x-api-key": apiKey } : {}), ...headers },
  });
}

async function reportCount(): Promise<number> {
  return (await h.database.db.select({ id: cameraReports.id }).from(cameraReports)).length;
}

const pixel7 = () => uploadOf(DEVICES.find((device) => device.model === "Pixel 7")!);

beforeAll(async () => {
  h = await createApiHarness();
  key = (await issueKey()).key;
});
afterAll(async () => {
  await h.close();
});

describe("POST /api/camera/reports: authentication", () => {
  it("refuses a missing, unknown or revoked x-api-key with 401 and stores nothing", async () => {
    const before = await reportCount();
    expect((await upload(pixel7(), {}, null)).status).toBe(401);
    const unknown = await upload(pixel7(), {}, "not-a-key-we-issued");
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ status_code: 401, detail: expect.stringMatching(/API key/) });

    const revoked = await issueKey("old-probe-build");
    expect((await upload(pixel7(), {}, revoked.key)).status).toBe(201);
    await h.database.db.delete(apiKeys).where(eq(apiKeys.id, revoked.id));
    expect((await upload(pixel7(), {}, revoked.key)).status).toBe(401);
    expect(await reportCount()).toBe(before + 1);
  });

  it("refuses a key without the reports:upload scope with 403 naming it, and stores nothing", async () => {
    const before = await reportCount();
    const kvOnly = await issueKey("kv-only-service", ["kv:read", "kv:write"]);
    const refused = await upload(pixel7(), {}, kvOnly.key);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toContain("reports:upload scope");
    expect(await reportCount()).toBe(before);
  });

  it("answers an address's unknown keys 429 past the limit; the probe app's key from it uploads", async () => {
    const saved = config.apiKeyFailuresPer15Minutes;
    config.apiKeyFailuresPer15Minutes = 3;
    try {
      const from = (apiKey: string) =>
        h.request("/camera/reports", {
          method: "POST",
          json: pixel7(),
          headers: { "x-api-key": apiKey },
          clientIp: "192.0.2.44",
        });
      for (let i = 0; i < 3; i++) expect((await from(`guessed-key-${i}`)).status).toBe(401);
      const throttled = await from("guessed-key-3");
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await throttled.json()).detail).toContain("the limit is 3 in 15 minutes");
      expect((await from(key)).status).toBe(201);
    } finally {
      config.apiKeyFailuresPer15Minutes = saved;
    }
  });

  it("accepts a key of any service name, and a session is no substitute", async () => {
    const other = await issueKey("some-other-service");
    expect((await upload(pixel7(), {}, other.key)).status).toBe(201);
    const { token } = await h.signIn({ admin: true });
    const withSession = await h.request("/camera/reports", { method: "POST", json: pixel7(), token });
    expect(withSession.status).toBe(401);
  });

  it("checks the key before validating the body", async () => {
    const response = await upload({ nonsense: true }, {}, "wrong");
    expect(response.status).toBe(401);
  });
});

describe("POST /api/camera/reports: validation and storage", () => {
  it("stores a report and keeps unknown keys, at the top and inside cameras", async () => {
    const body = { ...pixel7(), probe_build: "2024.05-beta", extra: { nested: [1, { deep: true }] } };
    body.camera_list[0] = {
      ...body.camera_list[0]!,
      vendor_tag_x: "kept",
      sensor: { ...body.camera_list[0]!.sensor, black_level: [64, 64, 64, 64] },
    };
    const response = await upload(body);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const detail = await (await h.request(`/camera/reports/${id}`)).json();
    expect(detail).toMatchObject({ id, device_os_version: "13" });
    expect(detail.report_data.probe_build).toBe("2024.05-beta");
    expect(detail.report_data.extra).toEqual({ nested: [1, { deep: true }] });
    expect(detail.report_data.camera_list[0].vendor_tag_x).toBe("kept");
    expect(detail.report_data.camera_list[0].sensor.black_level).toEqual([64, 64, 64, 64]);

    const [row] = await h.database.db.select().from(cameraReports).where(eq(cameraReports.id, id));
    expect(row).toMatchObject({ manufacturer: "Google", deviceModel: "Pixel 7", cameraCount: 4, maxHardwareRank: 3 });
    expect(row!.facings.sort()).toEqual(["BACK", "FRONT"]);
    expect(row!.capabilities).toEqual(expect.arrayContaining(["RAW", "LOGICAL_MULTI_CAMERA", "DYNAMIC_RANGE_TEN_BIT"]));
    expect(row!.searchTerms).toEqual(expect.arrayContaining(["goo", "google", "pix", "pixel", "7"]));
  });

  it("derives device_os_version from device_os when absent, and accepts UNKNOWN_<int> enums and nulls", async () => {
    const body = pixel7() as Record<string, unknown> & ReturnType<typeof pixel7>;
    delete body.device_os_version;
    body.device_os = "Android 8.1.0 (SDK 27)";
    body.camera_list = [
      { ...body.camera_list[1]!, hardware_level: "UNKNOWN_7", lens_facing: "UNKNOWN_3", sensor: null, lens: null },
    ];
    const response = await upload(body);
    expect(response.status).toBe(201);
    const detail = await (await h.request(`/camera/reports/${(await response.json()).id}`)).json();
    expect(detail.device_os_version).toBe("8.1.0");
  });

  it("answers 400 with one clear error per malformed field", async () => {
    const body = pixel7() as Record<string, unknown> & ReturnType<typeof pixel7>;
    delete (body as Record<string, unknown>).manufacturer;
    body.camera_list[0] = {
      ...body.camera_list[0]!,
      lens_facing: "SIDEWAYS",
      sensor: { ...body.camera_list[0]!.sensor, pixel_array: [4000, "3000"] },
    } as never;
    const response = await upload(body);
    expect(response.status).toBe(400);
    const errors: { field: string; message: string }[] = (await response.json()).errors;
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.message]));
    expect(byField.manufacturer).toBe("manufacturer is required.");
    expect(byField["camera_list.0.lens_facing"]).toMatch(/FRONT, BACK, EXTERNAL/);
    expect(byField["camera_list.0.sensor.pixel_array.1"]).toBeDefined();

    const duplicate = pixel7();
    duplicate.camera_list[1] = { ...duplicate.camera_list[1]!, camera_id: "0" };
    const second = await upload(duplicate);
    expect(second.status).toBe(400);
    expect((await second.json()).errors).toEqual([
      { field: "camera_list.1.camera_id", message: 'Duplicate camera_id "0".' },
    ]);
  });

  it("refuses a body that is not a report, not JSON, or not application/json", async () => {
    expect((await upload([1, 2, 3])).status).toBe(400);
    expect((await upload({ manufacturer: "X", device_model: "Y", device_os: "Z", camera_list: "none" })).status).toBe(
      400,
    );
    const notJson = await h.request("/camera/reports", {
      method: "POST",
      body: "{oops",
      headers: { "content-type": "application/json", "x-api-key": key },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ status_code: 400 });
    const form = await h.request("/camera/reports", {
      method: "POST",
      body: "a=b",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-api-key": key },
    });
    expect(form.status).toBe(415);
  });

  it("refuses hostile nesting and NUL characters with 400, not 500", async () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 200; i++) deep = [deep];
    expect((await upload({ ...pixel7(), deep })).status).toBe(400);
    // Half a million levels, just under 1 MiB: neither parsing nor checking may overflow the stack.
    const envelope = `"manufacturer":"X","device_model":"Y","device_os":"Z","camera_list":[]`;
    const raw = `{${envelope},"deep":${"[".repeat(500_000)}${"]".repeat(500_000)}}`;
    const abyss = await h.request("/camera/reports", {
      method: "POST",
      body: raw,
      headers: { "content-type": "application/json", "x-api-key": key },
    });
    expect(abyss.status).toBe(400);
    const nul = await upload({ ...pixel7(), note: "a\u0000b" });
    expect(nul.status).toBe(400);
    expect((await nul.json()).detail).toMatch(/NUL/);
  });

  it("refuses a body over 1 MiB with 413 and stores nothing", async () => {
    const before = await reportCount();
    const response = await upload({ ...pixel7(), padding: "x".repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/1 MiB/);
    expect(await reportCount()).toBe(before);
  });
});

describe("POST /api/camera/reports: Idempotency-Key", () => {
  it("answers a retry with the first report and stores nothing new", async () => {
    const body = pixel7();
    const first = await upload(body, { "Idempotency-Key": "retry-1" });
    expect(first.status).toBe(201);
    const before = await reportCount();
    // The same body with its keys in another order is the same report.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await upload(reordered, { "Idempotency-Key": "retry-1" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await reportCount()).toBe(before);
  });

  it("answers 422 for the same key with a different body", async () => {
    expect((await upload(pixel7(), { "Idempotency-Key": "retry-2" })).status).toBe(201);
    const other = await upload({ ...pixel7(), device_model: "Pixel 7a" }, { "Idempotency-Key": "retry-2" });
    expect(other.status).toBe(422);
    expect((await other.json()).errors[0].field).toBe("Idempotency-Key");
  });

  it("stores one report when requests with one key race", async () => {
    const before = await reportCount();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => upload(pixel7(), { "Idempotency-Key": "race-1" })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    expect(await reportCount()).toBe(before + 1);
  });

  it("forgets a key after 24 hours: the name then stores a new report, and old keys are deleted", async () => {
    const first = await (await upload(pixel7(), { "Idempotency-Key": "day-old" })).json();
    const aDayAgo = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 1_000);
    await h.database.db
      .update(idempotencyKeys)
      .set({ createdAt: aDayAgo })
      .where(like(idempotencyKeys.key, "%:day-old"));
    // A different body would be refused within the day; now it is a new report under the same name.
    const second = await upload({ ...pixel7(), device_model: "Pixel 7a" }, { "Idempotency-Key": "day-old" });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    const secondId = (await second.json()).id;
    expect(secondId).not.toBe(first.id);
    // And the key now stands for the new report.
    const retry = await upload({ ...pixel7(), device_model: "Pixel 7a" }, { "Idempotency-Key": "day-old" });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await retry.json()).id).toBe(secondId);

    await h.database.db
      .update(idempotencyKeys)
      .set({ createdAt: aDayAgo })
      .where(like(idempotencyKeys.key, "%:day-old"));
    expect(await purgeForgottenIdempotencyKeys(h.database.db)).toBe(1);
    expect(await h.database.db.select().from(idempotencyKeys).where(like(idempotencyKeys.key, "%:day-old"))).toEqual(
      [],
    );
  });

  it("keeps keys apart per API key, and refuses malformed keys", async () => {
    const other = await issueKey("second-probe");
    const a = await (await upload(pixel7(), { "Idempotency-Key": "shared-name" })).json();
    const b = await (await upload(pixel7(), { "Idempotency-Key": "shared-name" }, other.key)).json();
    expect(a.id).not.toBe(b.id);
    expect((await upload(pixel7(), { "Idempotency-Key": "x".repeat(256) })).status).toBe(400);
    expect((await upload(pixel7(), { "Idempotency-Key": "has space" })).status).toBe(400);
  });
});

describe("POST /api/camera/reports: rate limit per API key", () => {
  it("refuses a key's uploads past its hourly limit with 429 and Retry-After, and other keys go on", async () => {
    const saved = config.uploadRateLimitPerHour;
    config.uploadRateLimitPerHour = 3;
    try {
      const leaked = await issueKey("leaked-probe-key");
      for (let i = 0; i < 3; i++) expect((await upload(pixel7(), {}, leaked.key)).status).toBe(201);
      const before = await reportCount();
      const refused = await upload(pixel7(), {}, leaked.key);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3_000);
      expect(await refused.json()).toMatchObject({
        status_code: 429,
        detail: expect.stringContaining("the limit is 3 an hour"),
      });
      expect(await reportCount()).toBe(before);
      const other = await issueKey("honest-probe-key");
      expect((await upload(pixel7(), {}, other.key)).status).toBe(201);
    } finally {
      config.uploadRateLimitPerHour = saved;
    }
  });
});

describe("GET /api/camera/reports", () => {
  let fresh: ApiHarness;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    fresh = await createApiHarness();
    // Oldest first: a report per demo device, a minute apart, so the order is known.
    const start = Date.UTC(2024, 0, 1);
    const rows = DEVICES.map((device, index) =>
      cameraReportRow(uploadOf(device), { createdAt: new Date(start + index * 60_000) }),
    );
    await insertCameraReports(fresh.database.db, rows);
    DEVICES.forEach((device, index) => (ids[device.model] = rows[index]!.id!));
  });
  afterAll(async () => {
    await fresh.close();
  });
  const list = async (query = "") => {
    const response = await fresh.request(`/camera/reports${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json() as Promise<CameraReportPage>;
  };

  it("answers summaries, newest first, with the total and the probe app link", async () => {
    const body = await list();
    expect(body.total).toBe(DEVICES.length);
    expect(body.page).toBe(1);
    expect(body.size).toBe(50);
    const last = DEVICES.at(-1)!;
    expect(body.total_is_lower_bound).toBe(false);
    expect(body.reports[0]).toEqual({
      id: ids[last.model],
      manufacturer: last.manufacturer,
      device_model: last.model,
      os: `Android ${last.android} (SDK ${last.sdk})`,
      os_ver: last.android,
      created_at: new Date(Date.UTC(2024, 0, 1) + (DEVICES.length - 1) * 60_000).toISOString(),
      camera_count: last.cameras.length,
      best_level: "LEGACY",
      sdk: last.sdk,
      best_megapixels: expect.any(Number),
    });
    expect(body.probe_app_store_url).toMatch(/^https:\/\/play\.google\.com\//);
  });

  it("pages", async () => {
    const first = await list("?size=5");
    const second = await list("?size=5&page=2");
    expect(first.reports).toHaveLength(5);
    expect(second.reports).toHaveLength(5);
    expect(second.page).toBe(2);
    expect(second.total).toBe(DEVICES.length);
    expect(new Set([...first.reports, ...second.reports].map((r) => r.id)).size).toBe(10);
    expect((await list("?page=4&size=20")).reports).toEqual([]);
    // Paging reaches back 10,000 reports; older ones are found by searching.
    const tooFar = await fresh.request("/camera/reports?page=201");
    expect(tooFar.status).toBe(400);
    expect((await tooFar.json()).errors[0]).toMatchObject({ field: "page", message: expect.stringMatching(/10,000/) });
  });

  it("pages a filtered list (few matches: read whole, then sorted) in the same newest-first order", async () => {
    const all = (await list("?facing=BACK&size=100")).reports.map((r) => r.id);
    expect(all.length).toBeGreaterThan(6);
    const createdAt = (await list("?facing=BACK&size=100")).reports.map((r) => r.created_at);
    expect([...createdAt].sort().reverse()).toEqual(createdAt);
    // Read the other way, the summaries are the same objects as in the unfiltered list (types and values).
    const unfiltered = new Map((await list("?size=100")).reports.map((r) => [r.id, r]));
    for (const report of (await list("?facing=BACK&size=100")).reports)
      expect(report).toEqual(unfiltered.get(report.id));
    expect((await list("?facing=BACK&size=3&page=2")).reports.map((r) => r.id)).toEqual(all.slice(3, 6));
    const last = Math.ceil(all.length / 3);
    expect((await list(`?facing=BACK&size=3&page=${last}`)).reports.map((r) => r.id)).toEqual(
      all.slice((last - 1) * 3),
    );
    expect((await list(`?facing=BACK&size=3&page=${last + 1}`)).reports).toEqual([]);
    expect((await list("?q=zzz")).reports).toEqual([]);
  });

  it("searches word prefixes of manufacturer and model, ignoring case and accents", async () => {
    const pixels = await list("?q=PIX");
    expect(pixels.reports.map((r) => r.device_model).sort()).toEqual(["Pixel 3", "Pixel 7", "Pixel 8 Pro"]);
    expect((await list("?q=google%20pixel%208")).reports.map((r) => r.device_model)).toEqual(["Pixel 8 Pro"]);
    expect((await list("?q=sámsung")).total).toBe(DEVICES.filter((d) => d.manufacturer === "samsung").length);
    expect((await list("?q=moto%20g(7")).reports.map((r) => r.device_model)).toEqual(["moto g(7) plus"]);
    expect((await list("?q=zzz")).total).toBe(0);
  });

  it("filters by facing, minimum hardware level in real order, and capabilities", async () => {
    const external = await list("?facing=EXTERNAL");
    expect(external.reports.map((r) => r.device_model)).toEqual(["SHIELD Android TV"]);

    const level3 = await list("?min_level=LEVEL_3");
    const expected3 = DEVICES.filter((d) => d.cameras.some((c) => c.level === "LEVEL_3")).length;
    expect(level3.total).toBe(expected3);
    // EXTERNAL ranks below LIMITED: "at least LIMITED" leaves out the EXTERNAL-only and LEGACY-only devices.
    const limited = await list("?min_level=LIMITED&size=100");
    expect(limited.reports.map((r) => r.device_model)).not.toContain("SHIELD Android TV");
    expect(limited.reports.map((r) => r.device_model)).not.toContain("SM-J500F");
    expect((await list("?min_level=EXTERNAL&size=100")).reports.map((r) => r.device_model)).toContain(
      "SHIELD Android TV",
    );

    const logicalRaw = await list("?cap=LOGICAL_MULTI_CAMERA&cap=RAW&size=100");
    const expected = DEVICES.filter(
      (d) =>
        d.cameras.some((c) => c.physical) && d.cameras.some((c) => c.level === "LEVEL_3" || c.caps?.includes("RAW")),
    );
    expect(logicalRaw.reports.map((r) => r.device_model).sort()).toEqual(expected.map((d) => d.model).sort());

    const combined = await list("?q=samsung&facing=FRONT&min_level=FULL&cap=DYNAMIC_RANGE_TEN_BIT");
    expect(combined.reports.map((r) => r.device_model)).toEqual(["SM-S918B"]);
  });

  it("answers 400 in the error shape for invalid parameters", async () => {
    const response = await fresh.request(
      "/camera/reports?facing=UP&min_level=BEST&cap=NOPE&page=0&size=1000&q=" + "x".repeat(101),
    );
    expect(response.status).toBe(400);
    const fields = ((await response.json()).errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["facing", "min_level", "page", "size", "q"]));
    expect(fields.some((f) => f.startsWith("cap"))).toBe(true);
  });

  it("sends Cache-Control and an ETag, answers 304 to If-None-Match, and shows a new upload at once", async () => {
    const first = await fresh.request("/camera/reports?size=3");
    expect(first.headers.get("cache-control")).toBe("public, max-age=10");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const again = await fresh.request("/camera/reports?size=3", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);

    const probeKey = randomToken();
    await fresh.database.db
      .insert(apiKeys)
      .values({ serviceName: "probe", apiKeyEncrypted: encryptSecret(probeKey), apiKeyDigest: hmacDigest(probeKey) });
    const created = await fresh.request("/camera/reports", {
      method: "POST",
      json: pixel7(),
      headers: { "x-api-key": probeKey },
    });
    const { id } = await created.json();
    const after = await fresh.request("/camera/reports?size=3", { headers: { "if-none-match": etag! } });
    expect(after.status).toBe(200);
    expect((await after.json()).reports[0].id).toBe(id);
  });

  it("serves repeated reads from the cache, not the database", async () => {
    await list("?q=nokia");
    // A row changed behind the cache's back does not show until the entry expires (10 s).
    await fresh.database.db
      .update(cameraReports)
      .set({ manufacturer: "Changed" })
      .where(eq(cameraReports.id, ids["Nokia 7.2"]!));
    expect((await list("?q=nokia")).reports.map((r) => r.manufacturer)).not.toContain("Changed");
  });

  it("reads the probe app's store link from the site var, again once a site var change is announced", async () => {
    const { siteVars } = await import("#server/db/schema.ts");
    const { changePublicContent } = await import("#server/content-changes.ts");
    expect((await list("?q=vivo")).probe_app_store_url).toMatch(/^https:\/\/play\.google\.com\//);
    // Written behind the caches' back, the link is not read again for every new search.
    await fresh.database.db.insert(siteVars).values({
      namedKey: "probe_app_store_url",
      valType: "str",
      valObjectJson: JSON.stringify({ val: "https://example.com/probe" }),
    });
    expect((await list("?q=vivo&sort=device")).probe_app_store_url).toMatch(/^https:\/\/play\.google\.com\//);
    // Saved as the site saves a site var, the change is announced and the next answer carries it.
    await changePublicContent(fresh.database.db, ["site-vars"], async () => undefined);
    expect((await list("?q=vivo&sort=level")).probe_app_store_url).toBe("https://example.com/probe");
  });
});

describe("GET /api/camera/reports/{id} and the download", () => {
  let id: string;
  beforeAll(async () => {
    id = (await (await upload(pixel7())).json()).id;
  });

  it("answers the report with Cache-Control, ETag and 304", async () => {
    const response = await h.request(`/camera/reports/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=1440");
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["created_at", "device_os_version", "id", "report_data"]);
    expect(body.report_data).toMatchObject({
      manufacturer: "Google",
      device_model: "Pixel 7",
      device_os: "Android 13 (SDK 33)",
    });
    expect(body.report_data.camera_list).toHaveLength(4);
    const again = await h.request(`/camera/reports/${id}`, {
      headers: { "if-none-match": `W/${response.headers.get("etag")}` },
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 in the error shape for unknown and malformed ids", async () => {
    for (const missing of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1'; drop table camera_reports; --"]) {
      const response = await h.request(`/camera/reports/${encodeURIComponent(missing)}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: "No report data available", status_code: 404, errors: [] });
    }
  });

  it("downloads the report as a JSON file with a meaningful name", async () => {
    const response = await h.request(`/camera2/report/download?rid=${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="camera-report-google-pixel-7-\\d{4}-\\d{2}-\\d{2}-${id.slice(0, 8)}\\.json"$`),
    );
    // The file is the body as it was uploaded.
    expect(await response.text()).toBe(JSON.stringify(pixel7()));
    expect((await h.request("/camera2/report/download?rid=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await h.request("/camera2/report/download")).status).toBe(400);
  });

  it("lists every endpoint in the OpenAPI document", async () => {
    const doc = await (await h.request("/openapi.json")).json();
    expect(doc.paths["/api/camera/reports"].post).toBeDefined();
    expect(doc.paths["/api/camera/reports"].get).toBeDefined();
    expect(doc.paths["/api/camera/reports/{id}"].get).toBeDefined();
    expect(doc.paths["/api/camera2/report/download"].get).toBeDefined();
    // The list's parameters are the query schema's, each described where it is declared.
    const parameters = doc.paths["/api/camera/reports"].get.parameters as { name: string; description?: string }[];
    expect(parameters.map(({ name }) => name).sort()).toEqual([...CAMERA_REPORT_PARAMETER_NAMES].sort());
    for (const parameter of parameters) expect(parameter.description, parameter.name).toMatch(/\S/);
  });
});
