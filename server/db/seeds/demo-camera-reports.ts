// Demo camera reports: on first start with an empty table (and SEED_DEMO not 0), about thirty realistic reports, so
// the list, search, filters and compare have something to show. Idempotent: it never touches a table with reports.
import { countCameraReports } from "#server/services/camera-reports/reports.ts";
import { cameraReportRow, insertCameraReports } from "#server/services/camera-reports/storing.ts";
import type { Database } from "../client";
import type { Seeder } from "./seeder";
import { DEVICES, uploadOf } from "./camera-devices";

const HOUR_MS = 3_600_000;

/** The demo uploads: one per device, plus two devices again on another OS version (firmware changes reports). */
export function demoCameraReportUploads() {
  const uploads = DEVICES.map((device) => uploadOf(device));
  const pixel7 = DEVICES.find((device) => device.model === "Pixel 7");
  const fp3 = DEVICES.find((device) => device.model === "FP3");
  if (pixel7) uploads.push(uploadOf(pixel7, { android: "14", sdk: 34, appVersion: "2.5.0" }));
  if (fp3) uploads.push(uploadOf(fp3, { android: "11", sdk: 30, appVersion: "2.2.0" }));
  return uploads;
}

export const seedDemoCameraReports: Seeder = async (db: Database, { demo }) => {
  if (!demo || (await countCameraReports(db)) > 0) return;
  const now = Date.now();
  const uploads = demoCameraReportUploads();
  // Spread over the last weeks, newest last in the list above, so the list reads like real traffic.
  const rows = uploads.map((upload, index) =>
    cameraReportRow(upload, {
      createdAt: new Date(now - (uploads.length - index) * 17 * HOUR_MS - ((index * 7919) % 60) * 60_000),
    }),
  );
  await insertCameraReports(db, rows);
  console.log(`[seed] ${rows.length} demo camera reports`);
};
