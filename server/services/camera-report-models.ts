// The list grouped by model (?group=model: one row per manufacturer and model with its report count and newest
// report) and the manufacturers with their report counts that the list's filter offers.
import { and, desc, eq, sql } from "drizzle-orm";
import type { CameraModelSummary, CameraReportPage } from "../../shared/contract/camera";
import type { CameraReportQuery } from "../../shared/contract/camera-vocabulary";
import type { Database } from "../db/client";
import { cameraReportCounts, cameraReports } from "../db/schema";
import { cameraReportConditions, directionSql } from "./camera-report-query";

/** How many manufacturers the filter lists, most reports first; rarer ones are still found by searching. */
export const MAX_LISTED_MANUFACTURERS = 200;

/** The sort of the grouped list: by name, or (for every other column) by its newest report. */
function groupOrder(query: CameraReportQuery) {
  const direction = directionSql(query.dir);
  const model = sql`lower(${cameraReports.deviceModel})`;
  const manufacturer = sql`lower(${cameraReports.manufacturer})`;
  if (query.sort === "device") return sql`${model} ${direction}, ${manufacturer} ${direction}`;
  if (query.sort === "manufacturer") return sql`${manufacturer} ${direction}, ${model} ${direction}`;
  const newest = sql`max(${cameraReports.createdAt}) ${query.sort === "uploaded" ? direction : sql`desc`}`;
  return sql`${newest}, ${manufacturer}, ${model}`;
}

interface ModelRow {
  manufacturer: string;
  device_model: string;
  report_count: number | string;
  newest_at: Date | string;
  newest_id: string;
  total: number | string;
}

/** One page of models matching the search; total counts the models. */
export async function listCameraModels(
  db: Database,
  query: CameraReportQuery,
): Promise<Omit<CameraReportPage, "probe_app_store_url">> {
  const where = cameraReportConditions(query);
  const offset = (query.page - 1) * query.size;
  const result = (await db.execute(sql`
    select ${cameraReports.manufacturer} as manufacturer, ${cameraReports.deviceModel} as device_model,
      count(*) as report_count, max(${cameraReports.createdAt}) as newest_at,
      (array_agg(${cameraReports.id} order by ${cameraReports.createdAt} desc, ${cameraReports.id} desc))[1]
        as newest_id,
      count(*) over () as total
    from ${cameraReports} ${where ? sql`where ${where}` : sql``}
    group by ${cameraReports.manufacturer}, ${cameraReports.deviceModel}
    order by ${groupOrder(query)}
    limit ${query.size} offset ${offset}`)) as unknown as { rows: ModelRow[] };
  const models: CameraModelSummary[] = result.rows.map((row) => ({
    manufacturer: row.manufacturer,
    device_model: row.device_model,
    report_count: Number(row.report_count),
    // A raw query's timestamps are not mapped by the schema: one driver gives a Date, another may give text.
    newest_at: new Date(row.newest_at).toISOString(),
    newest_id: row.newest_id,
  }));
  // A page past the last has no rows to carry the total: count the models alone.
  const total = result.rows.length ? Number(result.rows[0]!.total) : offset > 0 ? await countModels(db, query) : 0;
  return { reports: [], models, total, total_is_lower_bound: false, page: query.page, size: query.size };
}

async function countModels(db: Database, query: CameraReportQuery): Promise<number> {
  const where = cameraReportConditions(query);
  const result = (await db.execute(sql`
    select count(*) as total from (select 1 from ${cameraReports} ${where ? sql`where ${where}` : sql``}
    group by ${cameraReports.manufacturer}, ${cameraReports.deviceModel}) as models`)) as unknown as {
    rows: { total: number | string }[];
  };
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Manufacturers with their report counts, most reports first (then by name), from the counts the triggers keep as
 * reports arrive (docs/decisions/0084): a read of at most 200 rows through their index, whatever the number of
 * reports, so the answer can be as short-lived as the list's.
 */
export async function manufacturerCounts(db: Database): Promise<{ name: string; count: number }[]> {
  const rows = await db
    .select({ name: cameraReportCounts.key, count: cameraReportCounts.reports })
    .from(cameraReportCounts)
    .where(and(eq(cameraReportCounts.dimension, "manufacturer"), eq(cameraReportCounts.capability, "")))
    .orderBy(desc(cameraReportCounts.reports), cameraReportCounts.key)
    .limit(MAX_LISTED_MANUFACTURERS);
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}
