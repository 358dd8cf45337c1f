import { readFileSync } from "node:fs";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_CAPABILITIES, LENS_FACINGS, REPORT_FEATURES } from "#shared/contract/camera-vocabulary.ts";
import { cameraReportCounts, cameraReports } from "#server/db/schema.ts";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { generateCameraReportRows } from "#server/db/seeds/camera-report-generator.ts";
import { openTestDatabase } from "#tests/support/api-harness.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createCameraReport, insertCameraReports } from "./storing";
import { cameraReportStats, MAX_ANDROID_VERSIONS, MAX_MANUFACTURERS } from "./stats";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Row = typeof cameraReports.$inferSelect;

/** The counts the triggers should hold, computed here from the rows themselves. */
function expectedCounts(rows: Row[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (dimension: string, key: string, capability = "") => {
    const name = `${dimension}|${key}|${capability}`;
    counts[name] = (counts[name] ?? 0) + 1;
  };
  for (const row of rows) {
    add("hardware_level", String(row.maxHardwareRank));
    // The columns are real (4-byte floats), as the triggers read them.
    if (row.bestMegapixels !== null) add("megapixels", String(Math.floor(row.bestMegapixels)));
    if (row.largestSensorDiagonalMm !== null) {
      add("sensor_diagonal_tenth_mm", String(Math.floor(row.largestSensorDiagonalMm * 10)));
    }
    for (const facing of new Set(row.facings)) {
      if ((LENS_FACINGS as readonly string[]).includes(facing)) add("facing", facing);
    }
    for (const feature of new Set(row.features)) {
      if ((REPORT_FEATURES as readonly string[]).includes(feature)) add("feature", feature);
    }
    const groups: [string, string][] = [
      ["all", ""],
      ["android", row.deviceOsVersion.split(".")[0]!],
      ["manufacturer", row.manufacturer],
    ];
    for (const [dimension, key] of groups) {
      add(dimension, key);
      for (const capability of new Set(row.capabilities)) {
        if ((KNOWN_CAPABILITIES as readonly string[]).includes(capability)) add(dimension, key, capability);
      }
    }
  }
  return counts;
}

async function storedCounts(): Promise<Record<string, number>> {
  const rows = await database.db.select().from(cameraReportCounts);
  return Object.fromEntries(rows.map((row) => [`${row.dimension}|${row.key}|${row.capability}`, row.reports]));
}

async function allReports(): Promise<Row[]> {
  return database.db.select().from(cameraReports);
}

describe("camera report counts", () => {
  it("are kept by the triggers as reports are inserted in batches, one by one, at once, and deleted", async () => {
    expect(await storedCounts()).toEqual({});
    await insertCameraReports(database.db, generateCameraReportRows(400, { seed: 16 }));
    expect(await storedCounts()).toEqual(expectedCounts(await allReports()));

    // A report with a capability nobody documented, junk figures and an odd version: only known names are counted.
    const odd = uploadOf(DEVICES[0]!);
    odd.device_os_version = "Baklava";
    odd.camera_list[0] = {
      ...odd.camera_list[0]!,
      capabilities: ["RAW", "VENDOR_MAGIC"],
      sensor: { physical_size_mm: [1e300, 1e300], pixel_array: null },
    };
    const uploads = [odd, ...DEVICES.slice(0, 12).map((device) => uploadOf(device))];
    // Concurrent uploads: on PostgreSQL each its own transaction, updating shared count rows at once.
    await Promise.all(uploads.map((upload) => createCameraReport(database.db, upload, { apiKeyId: null })));
    const rows = await allReports();
    expect(rows).toHaveLength(413);
    expect(await storedCounts()).toEqual(expectedCounts(rows));
    expect((await storedCounts())["manufacturer|" + odd.manufacturer + "|VENDOR_MAGIC"]).toBeUndefined();

    const doomed = rows.filter((_, index) => index % 3 === 0).map((row) => row.id);
    await database.db.delete(cameraReports).where(inArray(cameraReports.id, doomed));
    const kept = await allReports();
    expect(kept).toHaveLength(413 - doomed.length);
    // A count that reaches nothing is removed, not kept at 0.
    expect(await storedCounts()).toEqual(expectedCounts(kept));

    await database.db.execute(sql`truncate ${cameraReports} cascade`);
    expect(await storedCounts()).toEqual({});
  });

  it("are what the migration's backfill computes from the reports and their bodies", async () => {
    await insertCameraReports(database.db, generateCameraReportRows(150, { seed: 7 }));
    const stored = await allReports();
    const byTriggers = await storedCounts();

    // The backfill of the derived columns, as the migration runs it, must agree with the upload's derivation.
    const migration = readFileSync(
      new URL("../../db/migrations/0007_camera_report_counts.sql", import.meta.url),
      "utf8",
    ).split("--> statement-breakpoint");
    // The body was jsonb when the migration ran; it is the uploaded text since migration 0009, so read it as jsonb.
    const backfill = migration
      .find((statement) => statement.includes('UPDATE "camera_reports"'))!
      .replaceAll('b."report_data"', 'b."report_data"::jsonb');
    await database.db.execute(
      sql`update ${cameraReports} set best_megapixels = null, largest_sensor_diagonal_mm = null`,
    );
    await database.db.execute(sql.raw(backfill));
    const backfilled = await allReports();
    const figures = (rows: Row[]) =>
      Object.fromEntries(rows.map((row) => [row.id, [row.bestMegapixels, row.largestSensorDiagonalMm]]));
    expect(figures(backfilled)).toEqual(figures(stored));

    await database.db.delete(cameraReportCounts);
    await database.db.execute(
      sql`do $$ begin execute camera_report_counts_statement('camera_reports') using 1; end $$`,
    );
    expect(await storedCounts()).toEqual(byTriggers);
  });
});

describe("cameraReportStats", () => {
  it("answers the counts as levels, capabilities, groups and bins", async () => {
    await database.db.execute(sql`truncate ${cameraReports} cascade`);
    const pixel7 = DEVICES.find((device) => device.model === "Pixel 7")!;
    await createCameraReport(database.db, uploadOf(pixel7), { apiKeyId: null });
    await createCameraReport(database.db, uploadOf(pixel7, { android: "14", sdk: 34 }), { apiKeyId: null });
    const legacy = uploadOf(DEVICES[0]!);
    legacy.manufacturer = "Acme";
    legacy.device_os_version = "8.1.0";
    legacy.camera_list = [];
    await createCameraReport(database.db, legacy, { apiKeyId: null });

    const stats = await cameraReportStats(database.db);
    expect(stats.total).toBe(3);
    expect(stats.hardware_levels.map((entry) => entry.level)).toEqual([
      "LEGACY",
      "EXTERNAL",
      "LIMITED",
      "FULL",
      "LEVEL_3",
      null,
    ]);
    expect(stats.hardware_levels.at(-1)!.reports).toBe(1);
    expect(stats.hardware_levels.reduce((sum, entry) => sum + entry.reports, 0)).toBe(3);
    expect(stats.capabilities.map((entry) => entry.capability)).toEqual([...KNOWN_CAPABILITIES]);
    expect(stats.capabilities.find((entry) => entry.capability === "LOGICAL_MULTI_CAMERA")!.reports).toBe(2);
    expect(stats.by_android.map((group) => [group.name, group.reports])).toEqual([
      ["8", 1],
      [pixel7.android.split(".")[0], 1],
      ["14", 1],
    ]);
    expect(stats.by_android[0]!.capabilities).toEqual({});
    expect(stats.by_manufacturer.map((group) => [group.name, group.reports])).toEqual([
      ["Google", 2],
      ["Acme", 1],
    ]);
    expect(stats.by_manufacturer[0]!.capabilities.LOGICAL_MULTI_CAMERA).toBe(2);
    expect(stats.manufacturers).toBe(2);
    // The Pixel 7's figures land in one bin each; the report without cameras in none.
    expect(stats.megapixels.reduce((sum, bin) => sum + bin.reports, 0)).toBe(2);
    expect(stats.sensor_sizes.reduce((sum, bin) => sum + bin.reports, 0)).toBe(2);
    expect(stats.megapixels[0]).toMatchObject({ label: "under 2 MP", from: 0, to: 2 });
    expect(stats.megapixels.at(-1)).toMatchObject({ label: "200 MP or more", to: null });
    expect(stats.sensor_sizes.at(-1)).toMatchObject({ label: '1" or more', from: 16, to: null });
  });
});

describe("cameraReportStats' most reported lists", () => {
  // Inserted in reverse name order, so a cut that ignores names keeps the ones inserted first.
  it("cut equal counts by name, the same on PGlite and PostgreSQL", async () => {
    await database.db.execute(sql`truncate ${cameraReports} cascade`);
    const device = DEVICES[0]!;
    const makers = Array.from(
      { length: MAX_MANUFACTURERS + 3 },
      (_, index) => `Maker ${String(index).padStart(2, "0")}`,
    );
    // In byte order lower case comes after upper case, whatever the database's collation says (en_US would keep it).
    makers.push("acme");
    for (const manufacturer of makers.toReversed()) {
      await createCameraReport(database.db, { ...uploadOf(device), manufacturer }, { apiKeyId: null });
    }
    let stats = await cameraReportStats(database.db);
    expect(stats.manufacturers).toBe(makers.length);
    expect(stats.by_manufacturer.map((group) => group.name)).toEqual(makers.slice(0, MAX_MANUFACTURERS));

    await database.db.execute(sql`truncate ${cameraReports} cascade`);
    const versions = Array.from({ length: MAX_ANDROID_VERSIONS + 2 }, (_, index) => String(index + 1));
    for (const android of versions.toReversed()) {
      await createCameraReport(database.db, uploadOf(device, { android }), { apiKeyId: null });
    }
    stats = await cameraReportStats(database.db);
    // By name: "1", "10" to "19", "2", "20"... leaves out the last two names, "8" and "9".
    const kept = versions.filter((version) => version !== "8" && version !== "9");
    expect(stats.by_android.map((group) => group.name)).toEqual(kept);
  });
});
