// Many realistic camera reports, fast: for benchmarks and load tests (100,000 reports in a few multi-row inserts).
// Deterministic: the same count and seed give the same reports, ids and times.
import type { Database } from "../client";
import {
  cameraReportRow,
  insertCameraReports,
  type CameraReportInsert,
} from "#server/services/camera-reports/storing.ts";
import { DEVICES, uploadOf } from "./camera-devices";

/** Android versions by SDK level, for devices reporting again after an update. */
const ANDROID_BY_SDK: Record<number, string> = {
  23: "6.0.1",
  24: "7.0",
  25: "7.1.2",
  26: "8.0.0",
  27: "8.1.0",
  28: "9",
  29: "10",
  30: "11",
  31: "12",
  32: "12L",
  33: "13",
  34: "14",
  35: "15",
};
const APP_VERSIONS = ["2.2.0", "2.3.1", "2.4.1", "2.5.0"];
const DAY_MS = 86_400_000;

/** mulberry32: a small, fast, seedable generator; plenty for test data. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seededUuid(random: () => number): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface GenerateOptions {
  seed?: number;
  /** Reports are spread over the `spanDays` before this time. */
  until?: Date;
  spanDays?: number;
}

/** `count` report rows, one at a time, ready for a multi-row insert. */
function* cameraReportRows(count: number, options: GenerateOptions = {}): Generator<CameraReportInsert> {
  const random = seededRandom(options.seed ?? 1);
  const until = (options.until ?? new Date("2025-06-01T00:00:00Z")).getTime();
  const span = (options.spanDays ?? 730) * DAY_MS;
  for (let i = 0; i < count; i++) {
    const device = DEVICES[Math.floor(random() * DEVICES.length)]!;
    // Some devices report again after one or two Android updates.
    const sdk = Math.min(35, device.sdk + (random() < 0.3 ? 1 + Math.floor(random() * 2) : 0));
    const upload = uploadOf(device, {
      sdk,
      android: ANDROID_BY_SDK[sdk] ?? device.android,
      appVersion: APP_VERSIONS[Math.floor(random() * APP_VERSIONS.length)],
    });
    yield cameraReportRow(upload, { id: seededUuid(random), createdAt: new Date(until - Math.floor(random() * span)) });
  }
}

export function generateCameraReportRows(count: number, options: GenerateOptions = {}): CameraReportInsert[] {
  return [...cameraReportRows(count, options)];
}

/**
 * Generates and inserts `count` reports in multi-row statements of `batchSize` (PostgreSQL allows 65,535 parameters
 * a statement), a batch at a time so memory stays flat. Returns the milliseconds it took.
 */
export async function seedManyCameraReports(
  db: Database,
  count: number,
  options: GenerateOptions & { batchSize?: number } = {},
): Promise<number> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 500;
  let batch: CameraReportInsert[] = [];
  for (const row of cameraReportRows(count, options)) {
    batch.push(row);
    if (batch.length === batchSize) {
      await insertCameraReports(db, batch);
      batch = [];
    }
  }
  if (batch.length) await insertCameraReports(db, batch);
  return performance.now() - started;
}
