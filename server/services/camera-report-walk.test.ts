// The choice between walking a sort's index and reading a capability search's matches. That both give the same
// pages is proven in camera-reports.test.ts (every sort, filter and page against the plain ordered query).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_CAMERA_REPORT_QUERY, type KnownCapability } from "../../shared/contract/camera";
import { openTestDatabase } from "../../tests/support/api-harness";
import type { DatabaseHandle } from "../db/client";
import { seedManyCameraReports } from "../db/seeds/camera-report-generator";
import { capabilityWalk, walkIsCheaper } from "./camera-report-walk";
import { COUNT_LIMIT, SORTED_READ_LIMIT } from "./camera-reports";

describe("walkIsCheaper", () => {
  const counting = { readLimit: SORTED_READ_LIMIT, countTo: COUNT_LIMIT + 1 };

  it("walks for a common capability and reads a rare one", () => {
    // 3,000 of 100,000 reports: a walk to the count passes about 33,000 entries, a read fetches 3,000 table pages.
    expect(walkIsCheaper(3_000, 100_000, { ...counting, pageEnd: 100 })).toBe(true);
    expect(walkIsCheaper(3_000, 100_000, { ...counting, readLimit: COUNT_LIMIT, pageEnd: 800 })).toBe(true);
    // 100 of 100,000: the walk would pass the whole index to count them.
    expect(walkIsCheaper(100, 100_000, { ...counting, pageEnd: 25 })).toBe(false);
    expect(walkIsCheaper(0, 100_000, { ...counting, pageEnd: 25 })).toBe(false);
    expect(walkIsCheaper(0, 0, { ...counting, pageEnd: 25 })).toBe(false);
    // Every report: the walk stops at the count.
    expect(walkIsCheaper(1_500, 1_500, { ...counting, pageEnd: 25 })).toBe(true);
  });

  it("walks further for a rare capability when the count is known and only the page is needed", () => {
    // 400 of 100,000: counting them means walking the whole index, the first page of 25 about 6,000 entries.
    expect(walkIsCheaper(400, 100_000, { ...counting, pageEnd: 25 })).toBe(false);
    expect(walkIsCheaper(400, 100_000, { ...counting, countTo: 0, pageEnd: 25 })).toBe(true);
  });
});

describe("capabilityWalk", () => {
  let list: DatabaseHandle;
  beforeAll(async () => {
    list = await openTestDatabase();
    await seedManyCameraReports(list.db, 1500, { seed: 11, batchSize: 500 });
  });
  afterAll(async () => {
    await list.close();
  });

  const query = (caps: KnownCapability[]) => ({ ...EMPTY_CAMERA_REPORT_QUERY, caps, sort: "device" as const });
  const limits = { readLimit: SORTED_READ_LIMIT, pageEnd: 25, countTo: COUNT_LIMIT + 1 };

  it("walks for the common capabilities, with their number when the counts know it, and reads the rare", async () => {
    const counted = (await list.db.execute(sql`select count(*) filter (where capabilities @> '{RAW}')::int as raw,
        count(*) filter (where capabilities @> '{DEPTH_OUTPUT}')::int as depth from camera_reports`)) as unknown as {
      rows: { raw: number; depth: number }[];
    };
    const { raw, depth } = counted.rows[0]!;
    // RAW is on most of the generated reports, DEPTH_OUTPUT on few.
    expect(await capabilityWalk(list.db, query(["RAW"]), limits)).toEqual({ matches: raw });
    expect(await capabilityWalk(list.db, query(["BACKWARD_COMPATIBLE", "MANUAL_SENSOR"]), limits)).toEqual({
      matches: null,
    });
    expect(await capabilityWalk(list.db, { ...query(["RAW"]), minSdk: 30 }, limits)).toEqual({ matches: null });
    // Alone, DEPTH_OUTPUT's number is known: its first page is near enough to walk to. Counting it is not.
    expect(await capabilityWalk(list.db, query(["DEPTH_OUTPUT"]), limits)).toEqual({ matches: depth });
    expect(await capabilityWalk(list.db, { ...query(["DEPTH_OUTPUT"]), minSdk: 1 }, limits)).toBeNull();
    // No report has it: nothing to walk for.
    expect(await capabilityWalk(list.db, query(["SECURE_IMAGE_DATA"]), limits)).toBeNull();
    // Words are not in the sorts' indexes.
    expect(await capabilityWalk(list.db, { ...query(["RAW"]), q: "pixel" }, limits)).toBeNull();
  });
});
