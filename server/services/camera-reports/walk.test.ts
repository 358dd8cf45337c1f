// The choice between walking a sort's index and reading the matches of a search by one capability, lens facing or
// feature, or by makers, and the walk of makers alone by model. That both give the same pages is proven in
// camera-reports.test.ts (every sort, filter and page against the plain ordered query).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_CAMERA_REPORT_QUERY, type CameraReportQuery } from "#shared/contract/camera.ts";
import { openTestDatabase } from "#tests/support/api-harness.ts";
import type { Database, DatabaseHandle } from "#server/db/client.ts";
import { seedManyCameraReports } from "#server/db/seeds/camera-report-generator.ts";
import { capabilityMask } from "./query";
import {
  alongTheSort,
  countedWalk,
  MAKER_READ_COST_IN_INDEX_ENTRIES,
  makersAloneByModel,
  makersByModelPage,
  makersReportCount,
  walkIsCheaper,
} from "./walk";
import { COUNT_LIMIT, SORTED_READ_LIMIT } from "./reports";

describe("walkIsCheaper", () => {
  const sorted = { readLimit: SORTED_READ_LIMIT };

  it("walks to a near page of a common value and reads a rare one", () => {
    // 3,000 of 100,000 reports: page 1 of 100 is about 3,300 entries along, a read fetches 3,000 table pages.
    expect(walkIsCheaper(3_000, 100_000, { ...sorted, pageEnd: 100 })).toBe(true);
    expect(walkIsCheaper(3_000, 100_000, { readLimit: COUNT_LIMIT, pageEnd: 100 })).toBe(true);
    // 30 of 100,000: their first page is past half the index.
    expect(walkIsCheaper(30, 100_000, { ...sorted, pageEnd: 25 })).toBe(false);
    expect(walkIsCheaper(0, 100_000, { ...sorted, pageEnd: 25 })).toBe(false);
    expect(walkIsCheaper(0, 0, { ...sorted, pageEnd: 25 })).toBe(false);
  });

  it("judges a maker's matches cheaper to read than a capability's", () => {
    const maker = MAKER_READ_COST_IN_INDEX_ENTRIES;
    // Google's 9,580 of 100,000: page 1 is about 520 entries along, against 38,000 to read and sort.
    expect(walkIsCheaper(9_580, 100_000, { ...sorted, pageEnd: 50 }, maker)).toBe(true);
    // 600 of 100,000: page 1 is 8,300 entries along; the read, 2,400. A capability's 600 would be walked.
    expect(walkIsCheaper(600, 100_000, { ...sorted, pageEnd: 50 }, maker)).toBe(false);
    expect(walkIsCheaper(600, 100_000, { ...sorted, pageEnd: 50 })).toBe(true);
  });

  it("reads for a page past a quarter of the index, however costly the read is judged", () => {
    // Page 8 of 100 of 3,000 matches: about 27,000 entries along.
    expect(walkIsCheaper(3_000, 100_000, { ...sorted, pageEnd: 800 })).toBe(false);
    // The last page of 4,500 matches: most of the index.
    expect(walkIsCheaper(4_500, 100_000, { ...sorted, pageEnd: 4_500 })).toBe(false);
    // A page past the last match, of a value every report has: the whole index.
    expect(walkIsCheaper(1_500, 1_500, { ...sorted, pageEnd: 1_525 })).toBe(false);
  });
});

describe("countedWalk", () => {
  let list: DatabaseHandle;
  beforeAll(async () => {
    list = await openTestDatabase();
    await seedManyCameraReports(list.db, 1500, { seed: 11, batchSize: 500 });
  });
  afterAll(async () => {
    await list.close();
  });

  const search = (filter: Partial<CameraReportQuery>) => ({
    ...EMPTY_CAMERA_REPORT_QUERY,
    sort: "device" as const,
    ...filter,
  });
  const firstPage = { readLimit: SORTED_READ_LIMIT, pageEnd: 25 };

  it("walks for one common capability, facing or feature alone, with its number of matches", async () => {
    const counted = (await list.db.execute(sql`select
        count(*) filter (where capabilities @> '{RAW}')::int as raw,
        count(*) filter (where facings @> '{BACK}')::int as back,
        count(*) filter (where features @> '{raw}')::int as "rawFeature" from camera_reports`)) as unknown as {
      rows: { raw: number; back: number; rawFeature: number }[];
    };
    const { raw, back, rawFeature } = counted.rows[0]!;
    expect(await countedWalk(list.db, search({ caps: ["RAW"] }), firstPage)).toBe(raw);
    expect(await countedWalk(list.db, search({ facing: "BACK" }), firstPage)).toBe(back);
    expect(await countedWalk(list.db, search({ features: ["raw"] }), firstPage)).toBe(rawFeature);
  });

  it("walks for makers alone, by a column their models do not decide, with their number of matches", async () => {
    const counted = (await list.db.execute(sql`select
        count(*) filter (where manufacturer = 'Google')::int as google,
        count(*) filter (where manufacturer in ('samsung', 'Xiaomi'))::int as "samsungXiaomi"
        from camera_reports`)) as unknown as { rows: { google: number; samsungXiaomi: number }[] };
    const { google, samsungXiaomi } = counted.rows[0]!;
    expect(google).toBeGreaterThan(50);
    for (const sort of ["uploaded", "cameras", "level", "android"] as const) {
      expect(await countedWalk(list.db, search({ manufacturers: ["Google"], sort }), firstPage)).toBe(google);
      const several = search({ manufacturers: ["samsung", "Xiaomi", "samsung"], sort });
      expect(await countedWalk(list.db, several, firstPage)).toBe(samsungXiaomi);
    }
    // Along the model or maker, a maker's reports lie together, perhaps at the far end: not judged by their share.
    expect(await countedWalk(list.db, search({ manufacturers: ["Google"], sort: "device" }), firstPage)).toBeNull();
    const byMaker = search({ manufacturers: ["Google"], sort: "manufacturer" });
    expect(await countedWalk(list.db, byMaker, firstPage)).toBeNull();
    // With another filter, or a maker no report has.
    const withModel = search({ manufacturers: ["Google"], model: "Pixel 7", sort: "cameras" });
    expect(await countedWalk(list.db, withModel, firstPage)).toBeNull();
    const withCapability = search({ manufacturers: ["Google"], caps: ["RAW"], sort: "cameras" });
    expect(await countedWalk(list.db, withCapability, firstPage)).toBeNull();
    const unknown = search({ manufacturers: ["No such maker"], sort: "cameras" });
    expect(await countedWalk(list.db, unknown, firstPage)).toBeNull();
  });

  it("walks each maker's own range for makers alone sorted by model, with their number of reports", async () => {
    expect(makersAloneByModel(search({ manufacturers: ["Xiaomi", "Google", "Xiaomi"], sort: "device" }))).toEqual([
      "Xiaomi",
      "Google",
    ]);
    expect(makersAloneByModel(search({ manufacturers: ["Google"], sort: "cameras" }))).toBeNull();
    expect(makersAloneByModel(search({ manufacturers: ["Google"], model: "Pixel 7", sort: "device" }))).toBeNull();
    expect(makersAloneByModel(search({ manufacturers: [], sort: "device" }))).toBeNull();
    const counted = (await list.db.execute(sql`select count(*)::int as reports from camera_reports
      where manufacturer in ('Google', 'Xiaomi')`)) as unknown as { rows: { reports: number }[] };
    expect(await makersReportCount(list.db, ["Google", "Xiaomi", "No such maker"])).toBe(counted.rows[0]!.reports);
    expect(await makersReportCount(list.db, ["No such maker"])).toBe(0);
    // The page merges the makers' ranges of their own index, in order: nothing read in full, nothing sorted. The
    // table as the site's upkeep leaves it (pglite-maintenance.ts), so that the index alone can answer.
    await list.db.execute(sql`vacuum analyze camera_reports`);
    for (const dir of ["asc", "desc"] as const) {
      const page = makersByModelPage(search({ sort: "device", dir }), ["Google", "Xiaomi"], 25, 100);
      const result = (await list.db.execute(sql`explain ${page}`)) as unknown as {
        rows: { "QUERY PLAN": string }[];
      };
      const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toMatch(/Merge Append/);
      expect(plan.match(/Index Only Scan (Backward )?using camera_reports_maker_models_idx/g)).toHaveLength(2);
      expect(plan).not.toMatch(/(^|->\s+)(Incremental )?Sort\s+\(/m);
    }
  });

  it("reads a search by more than one value, with another filter, by words, or by a value no report has", async () => {
    expect(await countedWalk(list.db, search({ caps: ["BACKWARD_COMPATIBLE", "RAW"] }), firstPage)).toBeNull();
    expect(await countedWalk(list.db, search({ caps: ["RAW"], facing: "BACK" }), firstPage)).toBeNull();
    expect(await countedWalk(list.db, search({ caps: ["RAW"], minSdk: 30 }), firstPage)).toBeNull();
    expect(await countedWalk(list.db, search({ caps: ["RAW"], q: "pixel" }), firstPage)).toBeNull();
    expect(await countedWalk(list.db, search({ minSdk: 30 }), firstPage)).toBeNull();
    expect(await countedWalk(list.db, search({ caps: ["SECURE_IMAGE_DATA"] }), firstPage)).toBeNull();
  });

  it("runs a walk along the sort's index, however few matches the planner expects", async () => {
    // Page 37 of 25 by device, of the reports with RAW: the planner takes the bits test to keep one report in 200,
    // fewer than the page's offset, and left to itself reads the table and sorts.
    const raw = capabilityMask(["RAW"]);
    const plan = async (db: Database) => {
      const result =
        (await db.execute(sql`explain select id from camera_reports where (capability_bits & ${raw}) = ${raw}
        order by lower(device_model) desc nulls last, id desc nulls last limit 25 offset 900`)) as unknown as {
          rows: { "QUERY PLAN": string }[];
        };
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    };
    expect(await plan(list.db)).toMatch(/Seq Scan|Sort Key/);
    const walked = await alongTheSort(list.db, plan);
    expect(walked).toMatch(/Index (Only )?Scan using camera_reports_device_sort_idx/);
    expect(walked).not.toMatch(/Seq Scan|Sort Key/);
  });
});
