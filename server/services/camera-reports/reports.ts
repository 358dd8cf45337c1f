// Camera reports: the paged and filtered list, one report, and the probe app's store link. Every query of the list
// reads indexed columns only, never the report JSON. Storing an upload is camera-report-storing.ts, the search terms
// camera-report-search-terms.ts; this module answers for all three.
import { count, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_PAGE_SIZE,
  isReportId,
  type CameraReportDetail,
  type CameraReportPage,
  type CameraReportQuery,
  type CameraReportSummary,
} from "#shared/contract/camera.ts";
import { hardwareLevelOfRank } from "#shared/camera.ts";
import type { Database } from "#server/db/client.ts";
import { JsonText } from "#server/lib/json-text.ts";
import { cameraReportBodies, cameraReports, cameraReportStats, siteVars } from "#server/db/schema.ts";
import { searchWords } from "./search-terms";
import { listCameraModels } from "./models";
import { cameraReportConditions, cameraReportOrder, directionSql, SORT_KEYS } from "./query";
import { alongTheSort, countedWalk, makersAloneByModel, makersByModelPage, makersReportCount } from "./walk";
import { siteVarValue } from "../secret-site-vars";

/** The WHERE of a search (the list's filters); undefined matches every report. */
function conditionsOf(query: CameraReportQuery): SQL | undefined {
  return cameraReportConditions(query);
}

/**
 * Counting matches reads them, so a filtered total is exact up to this many and "at least" beyond. The unfiltered
 * total is always exact: a trigger keeps it in camera_report_stats.
 */
export const COUNT_LIMIT = 1_000;

export const LIST_COLUMNS = {
  id: cameraReports.id,
  manufacturer: cameraReports.manufacturer,
  deviceModel: cameraReports.deviceModel,
  deviceOs: cameraReports.deviceOs,
  deviceOsVersion: cameraReports.deviceOsVersion,
  createdAt: cameraReports.createdAt,
  cameraCount: cameraReports.cameraCount,
  maxHardwareRank: cameraReports.maxHardwareRank,
  sdk: cameraReports.sdk,
  bestMegapixels: cameraReports.bestMegapixels,
};
/** A column's value as read: its type, or null too where the column allows it. */
type ColumnValue<Column> = Column extends { _: { data: infer Data; notNull: infer NotNull } }
  ? NotNull extends true
    ? Data
    : Data | null
  : never;
export type ListRow = { [Name in keyof typeof LIST_COLUMNS]: ColumnValue<(typeof LIST_COLUMNS)[Name]> };

/** One page of the list; the route adds the probe app's store link, which is no part of the search. */
export async function listCameraReports(
  db: Database,
  query: CameraReportQuery,
): Promise<Omit<CameraReportPage, "probe_app_store_url">> {
  if (query.group === "model") return listCameraModels(db, query);
  const where = conditionsOf(query);
  const size = query.size || DEFAULT_PAGE_SIZE;
  const page = Math.max(1, query.page);
  const offset = (page - 1) * size;
  let rows: ListRow[];
  let total: number;
  let lowerBound = false;
  const makersByModel = makersAloneByModel(query);
  if (!where) {
    total = await totalCount(db);
    rows = offset >= total ? [] : await pageAlongSort(db, query, undefined, size, offset);
  } else if (makersByModel) {
    // Each maker's reports lie in the list's order in their own index: the page merges their ranges.
    const matches = await makersReportCount(db, makersByModel);
    total = Math.min(matches, COUNT_LIMIT);
    lowerBound = matches > COUNT_LIMIT;
    const page = makersByModelPage(query, makersByModel, size, offset);
    rows = offset >= matches ? [] : await rowsOfPage(db, directionSql(query.dir), page);
  } else {
    // Walking the sort's index with the filter finds a page of a search with many matches at once when the
    // matches lie evenly along it, as they do by time. By another column they may all lie at the far end: there
    // up to SORTED_READ_LIMIT matches are read and sorted instead. A search by one capability, facing or feature
    // alone walks when the kept counts say its page is near (countedWalk).
    const readLimit = sortedByTime(query) ? COUNT_LIMIT : SORTED_READ_LIMIT;
    const walkWhere = cameraReportConditions(query, { capabilitiesAsBits: true })!;
    const pageFound = (tx: Database) => pageAlongSort(tx, query, walkWhere, size, offset);
    const counted = await countedWalk(db, query, { readLimit, pageEnd: offset + size });
    if (counted !== null) {
      total = Math.min(counted, COUNT_LIMIT);
      lowerBound = counted > COUNT_LIMIT;
      rows = await alongTheSort(db, pageFound);
    } else {
      const read = await readMatches(db, query, where, readLimit, size, offset);
      total = Math.min(read.matches, COUNT_LIMIT);
      lowerBound = read.matches > COUNT_LIMIT;
      // Without capabilities the planner judges this walk well (decision 0050); with them it cannot.
      rows =
        read.matches <= readLimit ? read.rows : await (query.caps.length ? alongTheSort(db, pageFound) : pageFound(db));
    }
  }
  return { reports: rows.map(summaryOf), total, total_is_lower_bound: lowerBound, page, size };
}

/** A row of the list's columns as the list and the exports answer it. */
export function summaryOf(row: ListRow): CameraReportSummary {
  return {
    id: row.id,
    manufacturer: row.manufacturer,
    device_model: row.deviceModel,
    os: row.deviceOs,
    os_ver: row.deviceOsVersion,
    created_at: row.createdAt.toISOString(),
    camera_count: row.cameraCount,
    best_level: hardwareLevelOfRank(row.maxHardwareRank),
    sdk: row.sdk,
    best_megapixels: row.bestMegapixels,
  };
}

/** The list's own columns, under their names in LIST_COLUMNS, for a raw query whose rows must match drizzle's. */
const LIST_COLUMNS_SQL = sql.join(
  Object.entries(LIST_COLUMNS).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
);

type RawListRow = Omit<ListRow, "createdAt"> & { createdAt: Date | string };

/** A raw query's timestamps are not mapped by the schema: one driver gives a Date, another may give text. */
function listRowOf(row: RawListRow): ListRow {
  return { ...row, createdAt: new Date(row.createdAt) };
}

/**
 * A page walked along the sort's index: the page's ids from the index alone (it holds the key, the id and the
 * filters' columns, see the schema), then only those rows. Reading the rows the walk passes would fetch a table
 * page for each: 10,000 of them for page 100 of 100 of the whole list, and for a filter every report it skips.
 * A search by words tests them in the table (the index does not carry them); capabilities are tested as their bits.
 */
async function pageAlongSort(
  db: Database,
  query: CameraReportQuery,
  where: SQL | undefined,
  size: number,
  offset: number,
): Promise<ListRow[]> {
  if (offset === 0 && !where) {
    return db
      .select(LIST_COLUMNS)
      .from(cameraReports)
      .orderBy(...cameraReportOrder(query))
      .limit(size);
  }
  const direction = directionSql(query.dir);
  return rowsOfPage(
    db,
    direction,
    sql`select ${cameraReports.id} as "pageId", ${SORT_KEYS[query.sort]} as "sortKey" from ${cameraReports}
      ${where ? sql`where ${where}` : sql``}
      order by "sortKey" ${direction}, "pageId" ${direction} limit ${size} offset ${offset}`,
  );
}

/** The list's rows of a page whose ids and sort keys `page` selects (as "pageId" and "sortKey"), in its order. */
async function rowsOfPage(db: Database, direction: SQL, page: SQL): Promise<ListRow[]> {
  const result = (await db.execute(sql`
    with page as (${page})
    select ${LIST_COLUMNS_SQL} from page join ${cameraReports} on ${cameraReports.id} = page."pageId"
    order by page."sortKey" ${direction}, page."pageId" ${direction}`)) as unknown as { rows: RawListRow[] };
  return result.rows.map(listRowOf);
}

/**
 * How many reports match, counted no further than readLimit + 1, and when they are no more than readLimit, the
 * page: in one statement, which reads each match once. Only the id and the sort key of every match are read through
 * the search indexes and sorted; the page's own rows are read by id afterwards.
 * Left to choose, PostgreSQL walks the sort's index and filters, which finds a page of many matches at once but
 * reads the whole table for a search with few or none, such as a word no report has (docs/decisions/0050).
 * MATERIALIZED keeps it from folding the matches back into that walk.
 */
async function readMatches(
  db: Database,
  query: CameraReportQuery,
  where: SQL,
  readLimit: number,
  size: number,
  offset: number,
): Promise<{ matches: number; rows: ListRow[] }> {
  const direction = directionSql(query.dir);
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${cameraReports.id} as "matchId", ${SORT_KEYS[query.sort]} as "sortKey" from ${cameraReports}
      where ${where} limit ${readLimit + 1}),
    counted as (select count(*) as "matchCount" from matches),
    page as (
      select * from matches where (select "matchCount" from counted) <= ${readLimit}
      order by "sortKey" ${direction}, "matchId" ${direction} limit ${size} offset ${offset})
    select counted."matchCount", rows.* from counted left join (
      select page."sortKey", page."matchId", ${LIST_COLUMNS_SQL}
      from page join ${cameraReports} on ${cameraReports.id} = page."matchId") rows on true
    order by rows."sortKey" ${direction}, rows."matchId" ${direction}`)) as unknown as {
    rows: (RawListRow & { matchCount: number | string; matchId: string | null; sortKey: unknown })[];
  };
  const matches = Number(result.rows[0]?.matchCount ?? 0);
  const rows = result.rows
    .filter((row) => row.matchId !== null)
    .map(({ matchCount: _count, matchId: _id, sortKey: _key, ...row }) => listRowOf(row));
  return { matches, rows };
}

/**
 * Sorted by another column than the time, a filter's matches are no longer spread evenly along the walked index:
 * the 3,000 reports of a one-camera device come last by number of cameras, and walking there reads the whole table
 * (a second at 100,000 reports). Up to this many matches are read through the filters' indexes and sorted instead.
 */
export const SORTED_READ_LIMIT = 10_000;

function sortedByTime(query: Pick<CameraReportQuery, "sort">): boolean {
  return query.sort === "uploaded";
}

/** How many reports there are, exactly: a trigger keeps the figure in camera_report_stats. */
async function totalCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: cameraReportStats.total })
    .from(cameraReportStats)
    .where(eq(cameraReportStats.id, 1));
  // The migration creates the row; a database restored without it falls back to counting.
  if (row) return Number(row.total);
  const [counted] = await db.select({ total: count() }).from(cameraReports);
  return Number(counted?.total ?? 0);
}

/** One report as its answer has it, with the body as the text uploaded: send it with stringifyWithJsonText. */
export type StoredCameraReport = Omit<CameraReportDetail, "report_data"> & { report_data: JsonText };

export async function getCameraReport(db: Database, id: string): Promise<StoredCameraReport | null> {
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
    report_data: new JsonText(row.reportData),
  };
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
const PROBE_APP_STORE_VARS = ["probe_app_store_url", "probe_app_store_link"] as const;

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
  return totalCount(db);
}
