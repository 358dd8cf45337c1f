// GET /api/camera/reports: every sort in both directions, every filter, grouping by model, the manufacturers'
// counts, and the 400 a bad parameter gets. The expectations come from the stored rows through plain JavaScript,
// so the SQL is checked against what the reports say, not against itself.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import {
  cameraReportRow,
  insertCameraReports,
  type CameraReportInsert,
} from "#server/services/camera-reports/storing.ts";
import type { CameraManufacturerCounts, CameraReportPage } from "#shared/contract/camera.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
let rows: CameraReportInsert[];

beforeAll(async () => {
  h = await createApiHarness();
  const start = Date.UTC(2024, 0, 1);
  // A report per device a minute apart, a second Pixel 7 on a later Android, and two reports at the same moment, so
  // ties in every column are broken by id.
  const pixel7 = DEVICES.find((device) => device.model === "Pixel 7")!;
  const uploads = [...DEVICES.map((device) => uploadOf(device)), uploadOf(pixel7, { android: "14", sdk: 34 })];
  rows = uploads.map((upload, index) =>
    cameraReportRow(upload, { createdAt: new Date(start + Math.min(index, uploads.length - 2) * 60_000) }),
  );
  await insertCameraReports(h.database.db, rows);
});
afterAll(async () => {
  await h.close();
});

async function list(query: string): Promise<CameraReportPage> {
  const response = await h.request(`/camera/reports?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<CameraReportPage>;
}

const byId = (a: CameraReportInsert, b: CameraReportInsert) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const compare = (a: number | string | null, b: number | string | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

/** What each sort orders by, as JavaScript reads the row; nulls lowest, as the SQL orders them. */
const SORT_VALUES: Record<string, (row: CameraReportInsert) => number | string | null> = {
  uploaded: (row) => row.createdAt!.getTime(),
  device: (row) => row.deviceModel.toLowerCase(),
  manufacturer: (row) => row.searchText,
  cameras: (row) => row.cameraCount,
  level: (row) => row.maxHardwareRank,
  android: (row) => row.sdk ?? null,
};

function expectedOrder(sort: string, dir: "asc" | "desc", matching = rows): string[] {
  const value = SORT_VALUES[sort]!;
  const sorted = [...matching].sort((a, b) => compare(value(a), value(b)) || byId(a, b));
  if (dir === "desc") sorted.reverse();
  return sorted.map((row) => row.id);
}

describe("sorting", () => {
  for (const sort of Object.keys(SORT_VALUES)) {
    for (const dir of ["asc", "desc"] as const) {
      it(`sorts by ${sort}, ${dir}, ties by id, and pages without overlap`, async () => {
        const whole = await list(`sort=${sort}&dir=${dir}&size=100`);
        expect(whole.reports.map((report) => report.id)).toEqual(expectedOrder(sort, dir));
        const first = await list(`sort=${sort}&dir=${dir}&size=7`);
        const second = await list(`sort=${sort}&dir=${dir}&size=7&page=2`);
        expect([...first.reports, ...second.reports].map((report) => report.id)).toEqual(
          expectedOrder(sort, dir).slice(0, 14),
        );
      });
    }
  }

  it("sorts a filtered search with few matches the same way", async () => {
    const matching = rows.filter((row) => row.facings!.includes("FRONT"));
    const body = await list("facing=FRONT&sort=cameras&dir=asc&size=100");
    expect(body.reports.map((report) => report.id)).toEqual(expectedOrder("cameras", "asc", matching));
  });

  it("leaves the default order as it was: newest first", async () => {
    const body = await list("size=100");
    expect(body.reports.map((report) => report.id)).toEqual(expectedOrder("uploaded", "desc"));
  });
});

describe("filters", () => {
  const ids = (body: CameraReportPage) => body.reports.map((report) => report.id).sort();
  const expected = (test: (row: CameraReportInsert) => boolean) =>
    rows
      .filter(test)
      .map((row) => row.id)
      .sort();

  it("by manufacturer (one or several) and model, exactly", async () => {
    expect(ids(await list("mfr=Google&size=100"))).toEqual(expected((row) => row.manufacturer === "Google"));
    const two = await list("mfr=Google&mfr=samsung&size=100");
    expect(ids(two)).toEqual(expected((row) => ["Google", "samsung"].includes(row.manufacturer)));
    expect(two.total).toBeGreaterThan(2);
    const model = await list("mfr=Google&model=Pixel%207&size=100");
    expect(ids(model)).toEqual(expected((row) => row.deviceModel === "Pixel 7"));
    expect(model.total).toBe(2);
    expect((await list("mfr=google")).total).toBe(0);
  });

  it("by Android API level range", async () => {
    const body = await list("min_sdk=30&max_sdk=33&size=100");
    expect(ids(body)).toEqual(expected((row) => row.sdk! >= 30 && row.sdk! <= 33));
    expect(body.reports.every((report) => report.sdk! >= 30 && report.sdk! <= 33)).toBe(true);
    expect(ids(await list("min_sdk=34&size=100"))).toEqual(expected((row) => row.sdk! >= 34));
  });

  it("by the best camera's megapixels", async () => {
    const body = await list("min_mp=48&size=100");
    expect(ids(body)).toEqual(expected((row) => (row.bestMegapixels ?? 0) >= 48));
    expect(body.total).toBeGreaterThan(0);
    expect(body.reports.every((report) => report.best_megapixels! >= 48)).toBe(true);
  });

  for (const feature of ["raw", "4k", "60fps", "high_speed", "ois", "logical_multi_camera"]) {
    it(`by feature ${feature}`, async () => {
      const matching = expected((row) => row.features!.includes(feature));
      expect(matching.length, "the demo devices have and lack it").toBeGreaterThan(0);
      expect(matching.length).toBeLessThan(rows.length);
      expect(ids(await list(`feature=${feature}&size=100`))).toEqual(matching);
    });
  }

  it("by any documented capability, not only the four of the old form", async () => {
    const body = await list("cap=DEPTH_OUTPUT&cap=BACKWARD_COMPATIBLE&size=100");
    expect(ids(body)).toEqual(expected((row) => row.capabilities!.includes("DEPTH_OUTPUT")));
  });

  it("combines filters with sorting and grouping", async () => {
    const test = (row: CameraReportInsert) =>
      row.features!.includes("ois") && row.sdk! >= 29 && row.maxHardwareRank >= 3;
    const body = await list("feature=ois&min_sdk=29&min_level=FULL&sort=level&dir=desc&size=100");
    expect(body.reports.map((report) => report.id)).toEqual(expectedOrder("level", "desc", rows.filter(test)));
    expect(body.reports.every((report) => ["FULL", "LEVEL_3"].includes(report.best_level!))).toBe(true);
  });
});

describe("group=model", () => {
  it("answers one entry per manufacturer and model with its report count and newest report", async () => {
    const body = await list("group=model&size=100");
    expect(body.reports).toEqual([]);
    expect(body.total).toBe(DEVICES.length);
    expect(body.models).toHaveLength(DEVICES.length);
    const pixel7 = body.models!.find((model) => model.device_model === "Pixel 7")!;
    expect(pixel7).toMatchObject({ manufacturer: "Google", report_count: 2, newest_id: rows.at(-1)!.id });
    expect(rows.at(-1)!.createdAt!.toISOString()).toBe(pixel7.newest_at);
    // Newest first by default; the filters narrow the reports counted.
    expect(body.models![0]!.newest_at >= body.models![1]!.newest_at).toBe(true);
    const android14 = await list("group=model&min_sdk=34&size=100");
    const models14 = new Set(rows.filter((row) => row.sdk! >= 34).map((row) => row.deviceModel));
    expect(android14.total).toBe(models14.size);
    expect(android14.models).toContainEqual(expect.objectContaining({ device_model: "Pixel 7", report_count: 1 }));
  });

  it("sorts by name and pages, with the model count past the last page", async () => {
    const body = await list("group=model&sort=manufacturer&dir=asc&size=5&page=2");
    const names = [...new Set(rows.map((row) => `${row.manufacturer.toLowerCase()}\u0000${row.deviceModel}`))]
      .map((key) => key.split("\u0000"))
      .sort(([a, b], [c, d]) => compare(a!, c!) || compare(b!.toLowerCase(), d!.toLowerCase()));
    expect(body.models!.map((model) => model.device_model)).toEqual(names.slice(5, 10).map(([, model]) => model));
    const past = await list("group=model&size=50&page=3");
    expect(past).toMatchObject({ models: [], total: DEVICES.length });
  });
});

describe("GET /api/camera/manufacturers", () => {
  it("counts reports per manufacturer, most first", async () => {
    const response = await h.request("/camera/manufacturers");
    expect(response.status).toBe(200);
    const { manufacturers } = (await response.json()) as CameraManufacturerCounts;
    const google = rows.filter((row) => row.manufacturer === "Google").length;
    expect(manufacturers).toContainEqual({ name: "Google", count: google });
    expect(manufacturers.reduce((sum, entry) => sum + entry.count, 0)).toBe(rows.length);
    for (let i = 1; i < manufacturers.length; i++)
      expect(manufacturers[i - 1]!.count).toBeGreaterThanOrEqual(manufacturers[i]!.count);
  });

  it("is never more than 5 s old, like a list answer, so the list page built from both stays cacheable", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const ages: number[] = [];
      for (let elapsedMs = 0; elapsedMs <= 30_000; elapsedMs += 900) {
        vi.setSystemTime(1_900_000_000_000 + elapsedMs);
        for (const path of ["/camera/manufacturers", "/camera/reports?q=pixel"]) {
          const response = await h.request(path);
          ages.push(Number(response.headers.get("age") ?? 0));
        }
      }
      expect(Math.max(...ages)).toBeLessThanOrEqual(5);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("bad parameters", () => {
  const cases: [string, RegExp][] = [
    ["sort=price", /sort is one of uploaded, device/],
    ["dir=up", /dir is asc or desc/],
    ["group=brand", /group is model/],
    ["feature=8k", /Expected one of raw, 4k/],
    ["cap=TELEPORT", /Expected one of BACKWARD_COMPATIBLE/],
    ["min_sdk=abc", /min_sdk must be a number/],
    ["min_sdk=33.5", /whole number/],
    ["max_sdk=100", /max_sdk is at most 99/],
    ["min_sdk=34&max_sdk=30", /max_sdk must not be below min_sdk/],
    ["min_mp=-1", /min_mp is at least 0/],
    ["min_mp=lots", /min_mp must be a number/],
    [`mfr=${"x".repeat(101)}`, /at most 100 characters/],
    [Array.from({ length: 11 }, (_, i) => `mfr=m${i}`).join("&"), /At most 10 manufacturers/],
    [`model=${"y".repeat(101)}`, /at most 100 characters/],
  ];
  for (const [query, message] of cases) {
    it(`answers 400 with a message for ${query.slice(0, 40)}`, async () => {
      const response = await h.request(`/camera/reports?${query}`);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toMatch(message);
    });
  }
});

describe("the migration's backfill", () => {
  it("derives the same Android API level and features from stored reports as an upload does", async () => {
    const migration = readFileSync(
      new URL("../../db/migrations/0008_camera_report_sorts_and_filters.sql", import.meta.url),
      "utf8",
    );
    const updates = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => /^(--[^\n]*\n)*UPDATE/.test(statement));
    expect(updates).toHaveLength(2);
    const db = h.database.db;
    await db.execute(sql`update camera_reports set sdk = null, features = '{}'`);
    for (const statement of updates) await db.execute(sql.raw(statement));
    const stored = (await db.execute(sql`select id, sdk, features from camera_reports`)) as unknown as {
      rows: { id: string; sdk: number | null; features: string[] }[];
    };
    const byRow = new Map(stored.rows.map((row) => [row.id, row]));
    for (const row of rows) {
      expect(byRow.get(row.id), row.deviceModel).toEqual({ id: row.id, sdk: row.sdk, features: row.features });
    }
  });
});
