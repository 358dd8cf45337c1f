// The models the triggers keep (one row per manufacturer and model: report count, newest report) against the same
// figures grouped from the reports themselves, and the grouped list read from them against the list grouped from
// the reports.
import { inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_CAMERA_REPORT_QUERY, type CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { cameraReportModels, cameraReports } from "#server/db/schema.ts";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { generateCameraReportRows } from "#server/db/seeds/camera-report-generator.ts";
import { openTestDatabase } from "#tests/support/api-harness.ts";
import { listCameraModels } from "./models";
import { createCameraReport, insertCameraReports } from "./storing";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

// Upload times to the microsecond, as fixed-width digits that sort as the times do: two concurrent uploads can
// share a millisecond, so a JavaScript Date would call a tie that the database does not.
const microseconds = (column: typeof cameraReports.createdAt | typeof cameraReportModels.newestAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

type Row = { id: string; manufacturer: string; deviceModel: string; at: string };

/** What the triggers should hold, computed here from the rows: newest by upload time, then by id. */
function expectedModels(rows: Row[]) {
  const models = new Map<string, { reports: number; newestAt: string; newestId: string }>();
  for (const row of rows) {
    const key = `${row.manufacturer}|${row.deviceModel}`;
    const { at } = row;
    const model = models.get(key);
    if (!model) models.set(key, { reports: 1, newestAt: at, newestId: row.id });
    else {
      model.reports += 1;
      if (at > model.newestAt || (at === model.newestAt && row.id > model.newestId)) {
        model.newestAt = at;
        model.newestId = row.id;
      }
    }
  }
  return Object.fromEntries(models);
}

async function storedModels() {
  const rows = await database.db
    .select({
      manufacturer: cameraReportModels.manufacturer,
      deviceModel: cameraReportModels.deviceModel,
      reports: cameraReportModels.reports,
      newestAt: microseconds(cameraReportModels.newestAt),
      newestId: cameraReportModels.newestId,
    })
    .from(cameraReportModels);
  return Object.fromEntries(
    rows.map(({ manufacturer, deviceModel, ...model }) => [`${manufacturer}|${deviceModel}`, model]),
  );
}

const allReports = (): Promise<Row[]> =>
  database.db
    .select({
      id: cameraReports.id,
      manufacturer: cameraReports.manufacturer,
      deviceModel: cameraReports.deviceModel,
      at: microseconds(cameraReports.createdAt),
    })
    .from(cameraReports);

describe("kept camera report models", () => {
  it("follow inserts in batches, concurrent uploads, deletes of a model's newest report, and truncation", async () => {
    expect(await storedModels()).toEqual({});
    await insertCameraReports(database.db, generateCameraReportRows(300, { seed: 21 }));
    expect(await storedModels()).toEqual(expectedModels(await allReports()));

    // Concurrent uploads: on PostgreSQL each its own transaction, upserting shared model rows at once.
    const uploads = DEVICES.slice(0, 12).flatMap((device) => [uploadOf(device), uploadOf(device)]);
    await Promise.all(uploads.map((upload) => createCameraReport(database.db, upload, { apiKeyId: null })));
    expect(await storedModels()).toEqual(expectedModels(await allReports()));

    // Delete every model's newest report, and a third of the rest: newest is read again, empty models go.
    const before = await storedModels();
    const newest = Object.values(before).map((model) => model.newestId);
    const rows = await allReports();
    const doomed = [...newest, ...rows.filter((_, index) => index % 3 === 0).map((row) => row.id)];
    await database.db.delete(cameraReports).where(inArray(cameraReports.id, doomed));
    const kept = await allReports();
    expect(kept.length).toBeLessThan(rows.length);
    expect(await storedModels()).toEqual(expectedModels(kept));

    await database.db.execute(sql`truncate ${cameraReports} cascade`);
    expect(await storedModels()).toEqual({});
  });

  it("are what the migration's backfill computes", async () => {
    await insertCameraReports(database.db, generateCameraReportRows(120, { seed: 5 }));
    const byTriggers = await storedModels();
    await database.db.delete(cameraReportModels);
    await database.db.execute(sql`do $$ begin execute camera_report_models_statement('camera_reports'); end $$`);
    expect(await storedModels()).toEqual(byTriggers);
    await database.db.execute(sql`truncate ${cameraReports} cascade`);
  });
});

describe("the grouped list without a filter", () => {
  it("reads the kept models in the same order, pages and totals as grouping every report", async () => {
    await insertCameraReports(database.db, generateCameraReportRows(400, { seed: 3 }));
    // Every report left has an Android version, so "version 0 or later" is a filter that keeps them all.
    await database.db.delete(cameraReports).where(isNull(cameraReports.sdk));
    expect(await database.db.$count(cameraReports)).toBeGreaterThan(300);
    const sorts: Pick<CameraReportQuery, "sort" | "dir">[] = [
      { sort: "uploaded", dir: "desc" },
      { sort: "uploaded", dir: "asc" },
      { sort: "device", dir: "asc" },
      { sort: "device", dir: "desc" },
      { sort: "manufacturer", dir: "asc" },
      { sort: "cameras", dir: "desc" },
    ];
    for (const order of sorts) {
      for (const page of [1, 2, 50]) {
        const query: CameraReportQuery = { ...EMPTY_CAMERA_REPORT_QUERY, ...order, group: "model", size: 10, page };
        const fromKept = await listCameraModels(database.db, query);
        const grouped = await listCameraModels(database.db, { ...query, minSdk: 0 });
        expect(fromKept, `${order.sort} ${order.dir} page ${page}`).toEqual(grouped);
        expect(fromKept.models!.length).toBe(page === 50 ? 0 : 10);
      }
    }
  });
});
