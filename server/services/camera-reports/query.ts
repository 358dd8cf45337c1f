// The list's search as SQL: the WHERE of its filters and the ORDER BY of its sort, built in one place so that the
// list, the grouped list and the exports select the same reports in the same order. Every condition reads an
// indexed column of camera_reports that was derived at upload (camera-report-storing.ts), never the report JSON.
import { and, arrayContains, gte, inArray, lte, eq, sql, type SQL } from "drizzle-orm";
import { hardwareLevelRank } from "#shared/camera.ts";
import {
  KNOWN_CAPABILITIES,
  type CameraReportQuery,
  type KnownCapability,
  type ReportSort,
  type SortDirection,
} from "#shared/contract/camera-vocabulary.ts";
import { cameraReports } from "#server/db/schema.ts";
import { queryTermsOf } from "./search-terms";

/**
 * The WHERE of a search; undefined matches every report. Filters combine with AND. The capabilities are tested in
 * their array (which their GIN index finds), or with `capabilitiesAsBits` in capability_bits, which the sorts'
 * indexes carry: a walk along a sort then tests them without reading the table. Both select the same reports.
 */
export function cameraReportConditions(
  query: CameraReportQuery,
  { capabilitiesAsBits = false }: { capabilitiesAsBits?: boolean } = {},
): SQL | undefined {
  const conditions: SQL[] = [];
  const terms = queryTermsOf(query.q);
  if (terms.length) conditions.push(arrayContains(cameraReports.searchTerms, terms));
  if (query.facing) conditions.push(arrayContains(cameraReports.facings, [query.facing]));
  if (query.minLevel) conditions.push(gte(cameraReports.maxHardwareRank, hardwareLevelRank(query.minLevel)));
  if (query.caps.length && capabilitiesAsBits) {
    const mask = capabilityMask(query.caps);
    conditions.push(sql`(${cameraReports.capabilityBits} & ${mask}) = ${mask}`);
  } else if (query.caps.length) {
    conditions.push(arrayContains(cameraReports.capabilities, query.caps));
  }
  if (query.manufacturers.length) conditions.push(inArray(cameraReports.manufacturer, query.manufacturers));
  if (query.model) conditions.push(eq(cameraReports.deviceModel, query.model));
  if (query.minSdk !== null) conditions.push(gte(cameraReports.sdk, query.minSdk));
  if (query.maxSdk !== null) conditions.push(lte(cameraReports.sdk, query.maxSdk));
  if (query.minMegapixels !== null) conditions.push(gte(cameraReports.bestMegapixels, query.minMegapixels));
  if (query.features.length) conditions.push(arrayContains(cameraReports.features, query.features));
  return conditions.length ? and(...conditions) : undefined;
}

/** The bits of these capabilities in capability_bits: bit i for KNOWN_CAPABILITIES[i]. */
export function capabilityMask(caps: readonly KnownCapability[]): number {
  return caps.reduce((mask, cap) => mask | (1 << KNOWN_CAPABILITIES.indexOf(cap)), 0);
}

/**
 * The value each sort orders by. Each has an index (key, id) in the schema, written DESC NULLS LAST by drizzle-kit:
 * descending walks it forwards, ascending (ASC NULLS FIRST) backwards, so neither sorts the table.
 */
export const SORT_KEYS: Record<ReportSort, SQL> = {
  uploaded: sql`${cameraReports.createdAt}`,
  device: sql`lower(${cameraReports.deviceModel})`,
  // "manufacturer model", lower-cased: by manufacturer, then model.
  manufacturer: sql`${cameraReports.searchText}`,
  cameras: sql`${cameraReports.cameraCount}`,
  level: sql`${cameraReports.maxHardwareRank}`,
  android: sql`${cameraReports.sdk}`,
};

/** The direction as SQL, with the NULLS placement the indexes can serve in both directions. */
export function directionSql(dir: SortDirection): SQL {
  return dir === "asc" ? sql`asc nulls first` : sql`desc nulls last`;
}

/** ORDER BY of a search: its column, then the report id, both in the one direction, so the order is total. */
export function cameraReportOrder(query: Pick<CameraReportQuery, "sort" | "dir">): SQL[] {
  const direction = directionSql(query.dir);
  return [sql`${SORT_KEYS[query.sort]} ${direction}`, sql`${cameraReports.id} ${direction}`];
}

/** The WHERE and ORDER BY of a search, for the list and the exports. */
export function cameraReportSearchSql(query: CameraReportQuery): { where: SQL | undefined; orderBy: SQL[] } {
  return { where: cameraReportConditions(query), orderBy: cameraReportOrder(query) };
}
