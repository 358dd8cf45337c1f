// Storing camera report uploads: the checks zod cannot express, the row with its denormalised search and filter
// columns, the body in its own table as the text uploaded, and Idempotency-Key replays.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { CameraReportUpload } from "#shared/contract/camera.ts";
import {
  bestMegapixels,
  hardwareLevelRank,
  largestSensorDiagonalMm,
  osVersionOf,
  reportCapabilities,
  reportFacings,
  reportFeatures,
  sdkOf,
} from "#shared/camera.ts";
import { checkJsonText } from "#shared/stored-json.ts";
import { InvalidInputError, MismatchError } from "../errors";
import { changePublicContent } from "#server/content-changes.ts";
import type { Database } from "#server/db/client.ts";
import { cameraReportBodies, cameraReports, idempotencyKeys } from "#server/db/schema.ts";
import { searchTermsOf } from "./search-terms";

/** Deeper JSON than any report needs; a limit keeps hostile nesting from exhausting the stack. */
const MAX_JSON_DEPTH = 32;

/** JSON depth without recursion: the value may be hostile. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** JSON with object keys sorted: two bodies that mean the same give the same text (and request hash). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * Checks zod cannot express on unknown keys, which are stored as uploaded. `text` is the body as uploaded, checked
 * by the lossless parser: a key written twice would be stored, and each reader would keep another of its values.
 */
function assertStorable(upload: unknown, text?: string): void {
  if (text !== undefined) {
    const checked = checkJsonText(text, "The report");
    if (!checked.ok) throw new InvalidInputError(checked.message, [{ field: "_form", message: checked.message }]);
  }
  if (jsonDepth(upload) > MAX_JSON_DEPTH) {
    throw new InvalidInputError(`The report is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`, [
      { field: "_form", message: `At most ${MAX_JSON_DEPTH} levels of nesting.` },
    ]);
  }
  // PostgreSQL text and jsonb cannot hold NUL characters.
  if (JSON.stringify(upload).includes("\\u0000")) {
    throw new InvalidInputError("The report contains a NUL character (\\u0000), which cannot be stored.", [
      { field: "_form", message: "Text must not contain NUL characters." },
    ]);
  }
}

/** A report to store: the list's row (camera_reports) and the body's text as uploaded (camera_report_bodies). */
export type CameraReportInsert = typeof cameraReports.$inferInsert & { id: string; reportText: string };

/**
 * The row for an upload: the report as uploaded plus the columns the list searches and filters on. `text` is the
 * upload's JSON text (stored and answered as it is); seeds, which have only the value, leave it to JSON.stringify.
 */
export function cameraReportRow(
  upload: CameraReportUpload,
  extra: { id?: string; createdAt?: Date; apiKeyId?: string | null; text?: string } = {},
): CameraReportInsert {
  const manufacturer = upload.manufacturer.trim();
  const deviceModel = upload.device_model.trim();
  const deviceOs = upload.device_os.trim();
  const cameras = upload.camera_list;
  const deviceOsVersion = upload.device_os_version?.trim() || osVersionOf(deviceOs);
  return {
    id: extra.id ?? randomUUID(),
    ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
    manufacturer,
    deviceModel,
    deviceOs,
    deviceOsVersion,
    sdk: sdkOf(deviceOs, deviceOsVersion),
    searchText: `${manufacturer} ${deviceModel}`.toLowerCase(),
    searchTerms: searchTermsOf(manufacturer, deviceModel),
    cameraCount: cameras.length,
    facings: reportFacings(cameras),
    maxHardwareRank: Math.max(-1, ...cameras.map((camera) => hardwareLevelRank(camera.hardware_level))),
    capabilities: reportCapabilities(cameras),
    features: reportFeatures(cameras),
    bestMegapixels: bestMegapixels(cameras),
    largestSensorDiagonalMm: largestSensorDiagonalMm(cameras),
    reportText: extra.text ?? JSON.stringify(upload),
    apiKeyId: extra.apiKeyId ?? null,
  };
}

/**
 * Stores reports, each as its row and its body. Call it inside a transaction (as createCameraReport does), or let it
 * open one, so no report is ever stored without its body.
 */
export async function insertCameraReports(db: Database, reports: CameraReportInsert[]): Promise<void> {
  if (reports.length === 0) return;
  const rows = reports.map(({ reportText: _body, ...row }) => row);
  const bodies = reports.map((report) => ({ reportId: report.id, reportData: report.reportText }));
  await db.transaction(async (tx) => {
    await tx.insert(cameraReports).values(rows);
    await tx.insert(cameraReportBodies).values(bodies);
  });
}

export interface CreateReportOptions {
  /** The upload's JSON text, stored as it is: digits, key order and whitespace (absent: JSON.stringify's). */
  text?: string;
  apiKeyId: string | null;
  /** The client's Idempotency-Key header, if any. */
  idempotencyKey?: string | null;
}

export interface CreatedReport {
  id: string;
  /** True when an earlier request with the same Idempotency-Key and body created it. */
  replayed: boolean;
}

const KEY_REUSED = "This Idempotency-Key was already used with a different report.";

/**
 * How long an Idempotency-Key is remembered: a client retries within minutes, and a key kept forever would make
 * the table grow with every upload and refuse a name reused a month later. After this a key is free again.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Forgotten keys are deleted at most this often per process, by the next upload that carries a key. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
let nextPurgeAt = 0;

class IdempotencyKeyTaken extends Error {}

/**
 * Stores one report in one transaction (it is committed before the caller answers 2xx). With an Idempotency-Key,
 * the key is recorded in the same transaction; a second request with the key gets the first report back, also
 * when both arrive at once: the key's primary key lets one of them win and the other rolls back.
 */
export async function createCameraReport(
  db: Database,
  upload: CameraReportUpload,
  options: CreateReportOptions,
): Promise<CreatedReport> {
  assertStorable(upload, options.text);
  const key = options.idempotencyKey ? `${options.apiKeyId ?? "-"}:${options.idempotencyKey}` : null;
  const requestHash = createHash("sha256").update(canonicalJson(upload)).digest("hex");
  if (key) {
    if (Date.now() >= nextPurgeAt) {
      nextPurgeAt = Date.now() + PURGE_INTERVAL_MS;
      await purgeForgottenIdempotencyKeys(db);
    }
    const earlier = await replayOf(db, key, requestHash);
    if (earlier) return earlier;
  }
  const row = cameraReportRow(upload, { apiKeyId: options.apiKeyId, text: options.text });
  try {
    return await changePublicContent(db, ["camera-reports"], async (tx) => {
      await insertCameraReports(tx, [row]);
      if (key) {
        const recorded = await tx
          .insert(idempotencyKeys)
          .values({ key, requestHash, reportId: row.id })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (recorded.length === 0) throw new IdempotencyKeyTaken();
      }
      return { id: row.id, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken) || !key) throw error;
    const earlier = await replayOf(db, key, requestHash);
    if (earlier) return earlier;
    throw error;
  }
}

async function replayOf(db: Database, key: string, requestHash: string): Promise<CreatedReport | null> {
  const [earlier] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  if (!earlier) return null;
  if (earlier.createdAt.getTime() <= Date.now() - IDEMPOTENCY_KEY_TTL_MS) {
    // Forgotten: the key names a new report now. Deleting it lets this request record it again; racing requests
    // with the key still meet at its primary key.
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, earlier.createdAt)));
    return null;
  }
  if (earlier.requestHash !== requestHash) {
    throw new MismatchError(KEY_REUSED, [{ field: "Idempotency-Key", message: KEY_REUSED }]);
  }
  return { id: earlier.reportId, replayed: true };
}

/** Deletes the keys older than IDEMPOTENCY_KEY_TTL_MS; answers how many. */
export async function purgeForgottenIdempotencyKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
