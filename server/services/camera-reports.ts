// Camera reports: storing an upload (with its denormalised search columns and idempotency), the paged and filtered
// list, one report, and the probe app's store link. Every query of the list reads indexed columns only, never the
// report JSON.
import { createHash, randomUUID } from "node:crypto";
import { and, arrayContains, count, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import {
  CameraReportUploadSchema,
  DEFAULT_PAGE_SIZE,
  isReportId,
  type CameraReportDetail,
  type CameraReportPage,
  type CameraReportQuery,
  type CameraReportUpload,
} from "../../shared/contract/camera";
import {
  hardwareLevelOfRank,
  hardwareLevelRank,
  osVersionOf,
  reportCapabilities,
  reportFacings,
} from "../../shared/camera";
import { InvalidInputError, MismatchError } from "./errors";
import { changePublicContent } from "../content-changes";
import type { Database } from "../db/client";
import { cameraReportBodies, cameraReports, cameraReportStats, idempotencyKeys, siteVars } from "../db/schema";
import { siteVarValue } from "./secret-site-vars";

// ---------------------------------------------------------------- search terms

const MAX_TERM_LENGTH = 24;
const MAX_QUERY_TERMS = 8;

/** Lower-case words without accents: "Motorola moto g(7) Plus" → ["motorola", "moto", "g", "7", "plus"]. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every prefix of every word, so that an array-contains query through the GIN index finds word prefixes. */
export function searchTermsOf(...texts: string[]): string[] {
  const terms = new Set<string>();
  for (const word of texts.flatMap(searchWords)) {
    const capped = word.slice(0, MAX_TERM_LENGTH);
    for (let length = 1; length <= capped.length; length++) terms.add(capped.slice(0, length));
  }
  return [...terms];
}

/** The terms a search must all match: its words, each cut to the longest prefix that is stored. */
export function queryTermsOf(q: string): string[] {
  return [...new Set(searchWords(q).map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_QUERY_TERMS);
}

// ---------------------------------------------------------------- storing an upload

/** Deeper JSON than any report needs; a limit keeps hostile nesting from exhausting the stack. */
export const MAX_JSON_DEPTH = 32;

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

/** Checks zod cannot express on unknown keys, which are stored as uploaded. */
export function assertStorable(upload: unknown): void {
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

/** A report to store: the list's row (camera_reports) and the body as uploaded (camera_report_bodies). */
export type CameraReportInsert = typeof cameraReports.$inferInsert & { id: string; reportData: CameraReportUpload };

/** The row for an upload: the report as uploaded plus the columns the list searches and filters on. */
export function cameraReportRow(
  upload: CameraReportUpload,
  extra: { id?: string; createdAt?: Date; apiKeyId?: string | null } = {},
): CameraReportInsert {
  const manufacturer = upload.manufacturer.trim();
  const deviceModel = upload.device_model.trim();
  const deviceOs = upload.device_os.trim();
  const cameras = upload.camera_list;
  return {
    id: extra.id ?? randomUUID(),
    ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
    manufacturer,
    deviceModel,
    deviceOs,
    deviceOsVersion: upload.device_os_version?.trim() || osVersionOf(deviceOs),
    searchText: `${manufacturer} ${deviceModel}`.toLowerCase(),
    searchTerms: searchTermsOf(manufacturer, deviceModel),
    cameraCount: cameras.length,
    facings: reportFacings(cameras),
    maxHardwareRank: Math.max(-1, ...cameras.map((camera) => hardwareLevelRank(camera.hardware_level))),
    capabilities: reportCapabilities(cameras),
    reportData: upload,
    apiKeyId: extra.apiKeyId ?? null,
  };
}

/**
 * Stores reports, each as its row and its body. Call it inside a transaction (as createCameraReport does), or let it
 * open one, so no report is ever stored without its body.
 */
export async function insertCameraReports(db: Database, reports: CameraReportInsert[]): Promise<void> {
  if (reports.length === 0) return;
  const rows = reports.map(({ reportData: _body, ...row }) => row);
  const bodies = reports.map((report) => ({ reportId: report.id, reportData: report.reportData }));
  await db.transaction(async (tx) => {
    await tx.insert(cameraReports).values(rows);
    await tx.insert(cameraReportBodies).values(bodies);
  });
}

export interface CreateReportOptions {
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
  assertStorable(upload);
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
  const row = cameraReportRow(upload, { apiKeyId: options.apiKeyId });
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

// ---------------------------------------------------------------- reading

function conditionsOf(query: CameraReportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const terms = queryTermsOf(query.q);
  if (terms.length) conditions.push(arrayContains(cameraReports.searchTerms, terms));
  if (query.facing) conditions.push(arrayContains(cameraReports.facings, [query.facing]));
  if (query.minLevel) conditions.push(gte(cameraReports.maxHardwareRank, hardwareLevelRank(query.minLevel)));
  if (query.caps.length) conditions.push(arrayContains(cameraReports.capabilities, query.caps));
  return conditions.length ? and(...conditions) : undefined;
}

// The index is (created_at DESC NULLS LAST, id DESC NULLS LAST), as drizzle-kit writes it; a plain DESC means
// NULLS FIRST, which that index cannot serve, and the list would sort the whole table at every query.
const NEWEST_FIRST = [sql`${cameraReports.createdAt} desc nulls last`, sql`${cameraReports.id} desc nulls last`];

/**
 * Counting matches reads them, so a filtered total is exact up to this many and "at least" beyond. The unfiltered
 * total is always exact: a trigger keeps it in camera_report_stats.
 */
export const COUNT_LIMIT = 1_000;

const LIST_COLUMNS = {
  id: cameraReports.id,
  manufacturer: cameraReports.manufacturer,
  deviceModel: cameraReports.deviceModel,
  deviceOs: cameraReports.deviceOs,
  deviceOsVersion: cameraReports.deviceOsVersion,
  createdAt: cameraReports.createdAt,
  cameraCount: cameraReports.cameraCount,
  maxHardwareRank: cameraReports.maxHardwareRank,
};
type ListRow = { [Name in keyof typeof LIST_COLUMNS]: (typeof LIST_COLUMNS)[Name]["_"]["data"] };

/** One page of the list; the route adds the probe app's store link, which is no part of the search. */
export async function listCameraReports(
  db: Database,
  query: CameraReportQuery,
): Promise<Omit<CameraReportPage, "probe_app_store_url">> {
  const where = conditionsOf(query);
  const size = query.size || DEFAULT_PAGE_SIZE;
  const page = Math.max(1, query.page);
  const offset = (page - 1) * size;
  // The count comes first: how many match decides how the page is read.
  const counted = where ? await cappedCount(db, where) : await totalCount(db);
  let rows: ListRow[];
  if (where && !counted.lowerBound) {
    rows = offset >= counted.total ? [] : await fewMatchesPage(db, where, size, offset);
  } else {
    rows = await db
      .select(LIST_COLUMNS)
      .from(cameraReports)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(size)
      .offset(offset);
  }
  return {
    reports: rows.map((row) => ({
      id: row.id,
      manufacturer: row.manufacturer,
      device_model: row.deviceModel,
      os: row.deviceOs,
      os_ver: row.deviceOsVersion,
      created_at: row.createdAt.toISOString(),
      camera_count: row.cameraCount,
      best_level: hardwareLevelOfRank(row.maxHardwareRank),
    })),
    total: counted.total,
    total_is_lower_bound: counted.lowerBound,
    page,
    size,
  };
}

/**
 * A page of a search with at most COUNT_LIMIT matches: all of them read through the search indexes, then sorted.
 * Left to choose, PostgreSQL walks the newest-first index and filters, which finds 20 of many matches at once but
 * reads the whole table for a search with few or none (a word no report has: 120 ms at 100,000 reports, against
 * 5 ms this way). MATERIALIZED keeps it from folding the matches back into that walk.
 */
async function fewMatchesPage(db: Database, where: SQL, size: number, offset: number): Promise<ListRow[]> {
  // The list's own columns, under their names in LIST_COLUMNS, so the rows come back as the other branch's do.
  const columns = sql.join(
    Object.entries(LIST_COLUMNS).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with matches as materialized (select ${columns} from ${cameraReports} where ${where})
    select * from matches order by "createdAt" desc nulls last, "id" desc nulls last
    limit ${size} offset ${offset}`)) as unknown as {
    rows: (Omit<ListRow, "createdAt"> & { createdAt: Date | string })[];
  };
  // A raw query's timestamps are not mapped by the schema: one driver gives a Date, another may give text.
  return result.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

async function cappedCount(db: Database, where: SQL): Promise<{ total: number; lowerBound: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(cameraReports)
    .where(where)
    .limit(COUNT_LIMIT + 1)
    .as("matches");
  const [row] = await db.select({ total: count() }).from(matches);
  const total = Number(row?.total ?? 0);
  return total > COUNT_LIMIT ? { total: COUNT_LIMIT, lowerBound: true } : { total, lowerBound: false };
}

async function totalCount(db: Database): Promise<{ total: number; lowerBound: boolean }> {
  const [row] = await db
    .select({ total: cameraReportStats.total })
    .from(cameraReportStats)
    .where(eq(cameraReportStats.id, 1));
  // The migration creates the row; a database restored without it falls back to counting.
  if (row) return { total: Number(row.total), lowerBound: false };
  const [counted] = await db.select({ total: count() }).from(cameraReports);
  return { total: Number(counted?.total ?? 0), lowerBound: false };
}

export async function getCameraReport(db: Database, id: string): Promise<CameraReportDetail | null> {
  if (!isReportId(id)) return null;
  const [row] = await db
    .select({
      id: cameraReports.id,
      createdAt: cameraReports.createdAt,
      deviceOsVersion: cameraReports.deviceOsVersion,
      reportData: cameraReportBodies.reportData,
    })
    .from(cameraReports)
    .innerJoin(cameraReportBodies, eq(cameraReportBodies.reportId, cameraReports.id))
    .where(eq(cameraReports.id, id.toLowerCase()))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    device_os_version: row.deviceOsVersion,
    report_data: inDocumentedOrder(row.reportData, CameraReportUploadSchema) as CameraReportDetail["report_data"],
  };
}

type SchemaLike = { shape?: Record<string, unknown>; def?: { innerType?: unknown; element?: unknown } } | undefined;

/** The schema inside optional and nullable wrappers. */
function unwrap(schema: SchemaLike): SchemaLike {
  let current = schema;
  for (let i = 0; current?.def?.innerType && i < 5; i++) current = current.def.innerType as SchemaLike;
  return current;
}

/**
 * jsonb stores keys in its own order (shortest first); readers expect the report's documented order (manufacturer
 * first, camera_id first). Known keys come in schema order, unknown ones after them as stored.
 */
export function inDocumentedOrder(value: unknown, schema: unknown): unknown {
  const inner = unwrap(schema as SchemaLike);
  if (Array.isArray(value)) return value.map((item) => inDocumentedOrder(item, inner?.def?.element));
  const shape = inner?.shape;
  if (!value || typeof value !== "object" || !shape) return value;
  const record = value as Record<string, unknown>;
  const known = Object.keys(shape).filter((key) => Object.hasOwn(record, key));
  const unknown = Object.keys(record).filter((key) => !Object.hasOwn(shape, key));
  // fromEntries defines own properties, so an uploaded "__proto__" key stays data.
  return Object.fromEntries([
    ...known.map((key) => [key, inDocumentedOrder(record[key], shape[key])]),
    ...unknown.map((key) => [key, record[key]]),
  ]);
}

/** "camera-report-google-pixel-7-2024-05-01-1a2b3c4d.json": who, when, and which, for a downloads folder. */
export function reportFileName(report: CameraReportDetail): string {
  const data = report.report_data as { manufacturer?: unknown; device_model?: unknown };
  const slug = [data.manufacturer, data.device_model]
    .filter((part): part is string => typeof part === "string")
    .flatMap(searchWords)
    .join("-")
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, 60);
  const day = report.created_at.slice(0, 10);
  return ["camera-report", slug, day, report.id.slice(0, 8)].filter(Boolean).join("-") + ".json";
}

// ---------------------------------------------------------------- the probe app's store link

/** Where the camera probe app can be installed, until an administrator sets the site var. */
export const DEFAULT_PROBE_APP_STORE_URL = "https://play.google.com/store/search?q=camera%20probe&c=apps";
/** The site var that overrides it; the older name is read too. */
export const PROBE_APP_STORE_VARS = ["probe_app_store_url", "probe_app_store_link"] as const;

export async function probeAppStoreUrl(db: Database): Promise<string> {
  const rows = await db
    .select({ key: siteVars.namedKey, value: siteVars.valObjectJson })
    .from(siteVars)
    .where(inArray(siteVars.namedKey, [...PROBE_APP_STORE_VARS]));
  for (const name of PROBE_APP_STORE_VARS) {
    const stored = rows.find((row) => row.key === name)?.value;
    const value = stored === undefined ? undefined : siteVarValue(stored);
    if (typeof value === "string" && isHttpUrl(value.trim())) return value.trim();
  }
  return DEFAULT_PROBE_APP_STORE_URL;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** How many reports there are; the demo seeder only fills an empty table. */
export async function countCameraReports(db: Database): Promise<number> {
  return (await totalCount(db)).total;
}
