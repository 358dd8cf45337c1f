import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CameraReportQuerySchema,
  CameraReportUploadSchema,
  CompareQuerySchema,
  EMPTY_CAMERA_REPORT_QUERY,
  normalizeCameraReportQuery,
  type CameraReportQuery,
} from "#shared/contract/camera.ts";
import { cameraReports, siteVars } from "#server/db/schema.ts";
import { cameraReportConditions, cameraReportOrder } from "./query";
import { generateCameraReportRows, seedManyCameraReports } from "#server/db/seeds/camera-report-generator.ts";
import { DEVICES } from "#server/db/seeds/camera-devices.ts";
import { demoCameraReportUploads, seedDemoCameraReports } from "#server/db/seeds/demo-camera-reports.ts";
import { openTestDatabase } from "#tests/support/api-harness.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import {
  countCameraReports,
  DEFAULT_PROBE_APP_STORE_URL,
  getCameraReport,
  listCameraReports,
  probeAppStoreUrl,
  reportFileName,
} from "./reports";
import { cameraReportRow, canonicalJson, jsonDepth } from "./storing";
import { queryTermsOf, searchTermsOf } from "./search-terms";
import { TtlCache } from "#server/lib/ttl-cache.ts";

describe("search terms", () => {
  it("stores every prefix of every word, lower-cased and without accents", () => {
    const terms = searchTermsOf("Sóny", "XQ-DQ72");
    expect(terms).toEqual(expect.arrayContaining(["s", "so", "son", "sony", "x", "xq", "d", "dq", "dq7", "dq72"]));
    expect(terms).not.toContain("xq-dq72");
  });

  it("turns a search into the words that must all match", () => {
    expect(queryTermsOf("  Pixel   7 ")).toEqual(["pixel", "7"]);
    expect(queryTermsOf("moto g(7)")).toEqual(["moto", "g", "7"]);
    expect(queryTermsOf("!!!")).toEqual([]);
    expect(queryTermsOf("a b c d e f g h i j")).toHaveLength(8);
    // Longer words than are stored still match by their stored prefix.
    expect(queryTermsOf("x".repeat(40))[0]).toHaveLength(24);
  });
});

describe("JSON helpers", () => {
  it("hashes bodies that mean the same to the same text", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe(canonicalJson({ a: [{ c: null, d: 2 }], b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
  });

  it("measures depth without recursion", () => {
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep)).toBeGreaterThan(32);
  });
});

describe("schemas", () => {
  it("accepts every demo upload and the three samples' shapes", () => {
    for (const upload of demoCameraReportUploads()) {
      const parsed = CameraReportUploadSchema.safeParse(upload);
      expect(
        parsed.success,
        `${upload.manufacturer} ${upload.device_model}: ${JSON.stringify(parsed.error?.issues[0])}`,
      ).toBe(true);
    }
  });

  it("normalizes a search: one capability or several, sorted, defaults filled", () => {
    const one = normalizeCameraReportQuery(CameraReportQuerySchema.parse({ cap: "RAW", page: "2" }));
    expect(one).toEqual({ ...EMPTY_CAMERA_REPORT_QUERY, caps: ["RAW"], page: 2 });
    const many = normalizeCameraReportQuery(
      CameraReportQuerySchema.parse({ cap: ["DYNAMIC_RANGE_TEN_BIT", "RAW", "RAW"] }),
    );
    expect(many.caps).toEqual(["RAW", "DYNAMIC_RANGE_TEN_BIT"]);
  });

  it("reads compare ids repeated or comma-separated, 2 to 4, without duplicates", () => {
    const a = "6f1c2b1e-8d2f-4c55-9f1a-0b8c7d6e5f4a";
    const b = "7a2d3c2f-9e3a-4d66-8a2b-1c9d8e7f6a5b";
    expect(CompareQuerySchema.parse({ ids: [`${a},${b}`] }).ids).toEqual([a, b]);
    expect(CompareQuerySchema.parse({ ids: [a, b, a] }).ids).toEqual([a, b]);
    expect(CompareQuerySchema.safeParse({ ids: [a] }).success).toBe(false);
    expect(CompareQuerySchema.safeParse({ ids: [a, "nope"] }).success).toBe(false);
    expect(
      CompareQuerySchema.safeParse({ ids: [a, b, a.replace("6", "1"), b.replace("7", "1"), a.replace("6", "2")] })
        .success,
    ).toBe(false);
  });
});

describe("rows and file names", () => {
  it("denormalises the columns the list filters on", () => {
    const upload = demoCameraReportUploads().find((u) => u.device_model === "SHIELD Android TV")!;
    const row = cameraReportRow({ ...upload, device_os_version: undefined, device_os: "Android 11 (SDK 30)" });
    expect(row).toMatchObject({
      manufacturer: "NVIDIA",
      deviceOsVersion: "11",
      cameraCount: 1,
      facings: ["EXTERNAL"],
      maxHardwareRank: 1,
      searchText: "nvidia shield android tv",
    });
    expect(cameraReportRow({ ...upload, camera_list: [] }).maxHardwareRank).toBe(-1);
  });

  it("names a download after the device, the day and the id", () => {
    const name = reportFileName({
      id: "6f1c2b1e-8d2f-4c55-9f1a-0b8c7d6e5f4a",
      created_at: "2024-05-01T10:00:00.000Z",
      device_os_version: "13",
      report_data: { manufacturer: "Motorola", device_model: 'moto g(7) "plus"/../' },
    });
    expect(name).toBe("camera-report-motorola-moto-g-7-plus-2024-05-01-6f1c2b1e.json");
  });
});

describe("with a database", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("seeds about thirty demo reports from at least 8 manufacturers, once", async () => {
    await seedDemoCameraReports(database.db, { demo: false });
    expect(await countCameraReports(database.db)).toBe(0);
    await seedDemoCameraReports(database.db, { demo: true });
    const count = await countCameraReports(database.db);
    expect(count).toBeGreaterThanOrEqual(30);
    expect(new Set(DEVICES.map((d) => d.manufacturer.toLowerCase())).size).toBeGreaterThanOrEqual(8);
    await seedDemoCameraReports(database.db, { demo: true });
    expect(await countCameraReports(database.db)).toBe(count);
    const levels = new Set(DEVICES.flatMap((d) => d.cameras.map((c) => c.level)));
    expect([...levels].sort()).toEqual(["EXTERNAL", "FULL", "LEGACY", "LEVEL_3", "LIMITED"]);
  });

  it("generates the same reports for the same seed, and inserts them in batches", async () => {
    const a = generateCameraReportRows(5, { seed: 7 });
    const b = generateCameraReportRows(5, { seed: 7 });
    expect(a.map((r) => r.id)).toEqual(b.map((r) => r.id));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(generateCameraReportRows(5, { seed: 8 }).map((r) => r.id)).not.toEqual(a.map((r) => r.id));
    const before = await countCameraReports(database.db);
    await seedManyCameraReports(database.db, 1200, { seed: 3, batchSize: 500 });
    expect(await countCameraReports(database.db)).toBe(before + 1200);
    // The trigger-kept total follows every kind of insert and delete.
    await database.db.execute(sql`insert into camera_reports
        (manufacturer, device_model, device_os, device_os_version, search_text, camera_count, max_hardware_rank)
      select 'x', 'y', 'z', '1', 'x y', 0, -1 from generate_series(1, 3)`);
    await database.db.execute(sql`delete from camera_reports where manufacturer = 'x'`);
    const counted = (await database.db.execute(sql`select count(*)::int as n from camera_reports`)) as unknown as {
      rows: { n: number }[];
    };
    expect(await countCameraReports(database.db)).toBe(counted.rows[0]!.n);
    // A filtered count stops once it knows there are more than 1,000.
    const backs = await listCameraReports(database.db, {
      ...EMPTY_CAMERA_REPORT_QUERY,
      q: "",
      facing: "BACK",
      minLevel: null,
      caps: [],
      page: 1,
      size: 10,
    });
    expect(backs).toMatchObject({ total: 1000, total_is_lower_bound: true });
    // More than 1,000 matches in another order than the time are read whole and sorted: the same rows as walking.
    const walked = (await database.db.execute(sql`select id from camera_reports where facings @> '{BACK}'
      order by camera_count asc, id asc limit 10 offset 20`)) as unknown as { rows: { id: string }[] };
    const sorted = await listCameraReports(database.db, {
      ...EMPTY_CAMERA_REPORT_QUERY,
      facing: "BACK",
      sort: "cameras",
      dir: "asc",
      page: 3,
      size: 10,
    });
    expect(sorted.reports.map((report) => report.id)).toEqual(walked.rows.map((row) => row.id));
    const externals = await listCameraReports(database.db, {
      ...EMPTY_CAMERA_REPORT_QUERY,
      q: "",
      facing: "EXTERNAL",
      minLevel: null,
      caps: [],
      page: 1,
      size: 10,
    });
    expect(externals.total_is_lower_bound).toBe(false);
    expect(externals.total).toBeLessThan(1000);
    const page = await listCameraReports(database.db, {
      ...EMPTY_CAMERA_REPORT_QUERY,
      q: "pixel",
      facing: "BACK",
      minLevel: "FULL",
      caps: ["RAW"],
      page: 1,
      size: 10,
    });
    expect(page.reports).toHaveLength(10);
    expect(page.reports.every((r) => r.device_model.startsWith("Pixel") && r.best_level !== null)).toBe(true);
    const one = await getCameraReport(database.db, page.reports[0]!.id);
    // The body is the upload's text: a seeded report's is its value as JSON.stringify writes it.
    expect(one!.report_data.text).toMatch(/^\{"manufacturer":"[^"]+","device_model":"Pixel/);
    expect(await getCameraReport(database.db, "not-an-id")).toBeNull();
    // Each stored report has its body, and deleting a report deletes its body.
    const orphans = (await database.db.execute(
      sql`select count(*)::int as n from camera_reports r
        left join camera_report_bodies b on b.report_id = r.id where b.report_id is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(orphans.rows[0]!.n).toBe(0);
    await database.db.execute(sql`delete from camera_reports where id = ${one!.id}`);
    const bodies = (await database.db.execute(
      sql`select count(*)::int as n from camera_report_bodies where report_id = ${one!.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(bodies.rows[0]!.n).toBe(0);
  });

  it("reads the probe app's store link from a site var, falling back to the default", async () => {
    expect(await probeAppStoreUrl(database.db)).toBe(DEFAULT_PROBE_APP_STORE_URL);
    await database.db.insert(siteVars).values({
      namedKey: "probe_app_store_link",
      valType: "str",
      valObjectJson: JSON.stringify({ val: "javascript:alert(1)" }),
    });
    expect(await probeAppStoreUrl(database.db)).toBe(DEFAULT_PROBE_APP_STORE_URL);
    await database.db.insert(siteVars).values({
      namedKey: "probe_app_store_url",
      valType: "str",
      valObjectJson: JSON.stringify({ val: " https://apps.example/probe " }),
    });
    expect(await probeAppStoreUrl(database.db)).toBe("https://apps.example/probe");
  });
});

describe("the list's reads", () => {
  let list: DatabaseHandle;
  beforeAll(async () => {
    list = await openTestDatabase();
    // More than 1,000 reports, so some filters count past the exact limit.
    await seedManyCameraReports(list.db, 1500, { seed: 11, batchSize: 500 });
  });
  afterAll(async () => {
    await list.close();
  });

  it("reads every sort, direction, filter and page as the plain ordered query does", async () => {
    const filters: Partial<CameraReportQuery>[] = [
      {},
      // Makers alone are walked by a column their models do not decide (countedWalk), by model along each maker's
      // range (makersAloneByModel), and read by maker.
      { manufacturers: ["Google"] },
      { manufacturers: ["samsung", "Xiaomi"] },
      { manufacturers: ["Google", "No such maker", "Xiaomi"] },
      { manufacturers: ["samsung", "Xiaomi"], minSdk: 30 },
      { manufacturers: ["Google"], model: "Pixel 7" },
      { caps: ["DEPTH_OUTPUT"] },
      // Alone, walked along the sort to its first pages (countedWalk); with more, read, and past 1,000 matches
      // by time walked after all, the capabilities tested as bits.
      { caps: ["RAW"] },
      { caps: ["BACKWARD_COMPATIBLE", "RAW"] },
      { caps: ["BACKWARD_COMPATIBLE", "MANUAL_SENSOR"], manufacturers: ["Google", "samsung"] },
      { facing: "BACK" },
      { features: ["4k"] },
      { features: ["ois", "60fps"], facing: "BACK", maxSdk: 33 },
      { facing: "EXTERNAL", minMegapixels: 12 },
      { minSdk: 99 },
    ];
    const sorts = ["uploaded", "device", "manufacturer", "cameras", "level", "android"] as const;
    for (const filter of filters) {
      const where = cameraReportConditions({ ...EMPTY_CAMERA_REPORT_QUERY, ...filter });
      const [{ matches }] = (
        (await list.db.execute(
          sql`select count(*)::int as matches from ${cameraReports} ${where ? sql`where ${where}` : sql``}`,
        )) as unknown as { rows: { matches: number }[] }
      ).rows as [{ matches: number }];
      for (const sort of sorts) {
        for (const dir of ["asc", "desc"] as const) {
          for (const page of [1, 4, Math.ceil(matches / 25), Math.ceil(matches / 25) + 1]) {
            const query = { ...EMPTY_CAMERA_REPORT_QUERY, ...filter, sort, dir, page, size: 25 };
            const expected = await list.db
              .select({ id: cameraReports.id })
              .from(cameraReports)
              .where(where)
              .orderBy(...cameraReportOrder(query))
              .limit(25)
              .offset((Math.max(1, page) - 1) * 25);
            const listed = await listCameraReports(list.db, query);
            const label = JSON.stringify({ filter, sort, dir, page });
            expect(
              listed.reports.map((report) => report.id),
              label,
            ).toEqual(expected.map((row) => row.id));
            const exact = !where || matches <= 1000;
            expect({ total: listed.total, lowerBound: listed.total_is_lower_bound }, label).toEqual({
              total: exact ? matches : 1000,
              lowerBound: !exact,
            });
          }
        }
      }
    }
  });
});

describe("TtlCache", () => {
  it("expires entries, evicts the least recently used, and shares concurrent loads", async () => {
    let now = 0;
    const cache = new TtlCache<string>({ maxEntries: 2, maxWeight: 100, now: () => now });
    cache.set("a", "A", 10);
    cache.set("b", "B", 10);
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C", 10);
    expect(cache.get("b")).toBeUndefined();
    now = 11;
    expect(cache.get("a")).toBeUndefined();

    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return "loaded";
    };
    const values = await Promise.all([1, 2, 3].map(() => cache.getOrLoad("k", load, () => 10)));
    expect(values).toEqual(["loaded", "loaded", "loaded"]);
    expect(loads).toBe(1);
    expect(cache.get("k")).toBe("loaded");
  });

  it("does not keep a value loaded across a clear, and refuses entries heavier than the cache", async () => {
    const cache = new TtlCache<string>({ maxEntries: 10, maxWeight: 10 });
    let release: () => void = () => {};
    const pending = cache.getOrLoad(
      "k",
      () => new Promise<string>((resolve) => (release = () => resolve("stale"))),
      () => 1000,
    );
    cache.clear();
    release();
    expect(await pending).toBe("stale");
    expect(cache.get("k")).toBeUndefined();
    cache.set("big", "x", 1000, 11);
    expect(cache.get("big")).toBeUndefined();
  });
});
