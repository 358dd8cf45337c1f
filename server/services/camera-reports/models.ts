// The list grouped by model (?group=model: one row per manufacturer and model with its report count and newest
// report) and the manufacturers with their report counts that the list's filter offers.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CameraModelSummary, CameraReportPage } from "#shared/contract/camera.ts";
import type { CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import type { Database } from "#server/db/client.ts";
import { cameraReportCounts, cameraReportModels, cameraReports } from "#server/db/schema.ts";
import { cameraReportConditions, directionSql } from "./query";

/** How many manufacturers the filter lists, most reports first; rarer ones are still found by searching. */
const MAX_LISTED_MANUFACTURERS = 200;

/** The sort of the grouped list: by name, or (for every other column) by its newest report. */
function groupOrder(query: CameraReportQuery, columns: { manufacturer: SQL; model: SQL; newestAt: SQL }) {
  const direction = directionSql(query.dir);
  const model = sql`lower(${columns.model})`;
  const manufacturer = sql`lower(${columns.manufacturer})`;
  if (query.sort === "device") return sql`${model} ${direction}, ${manufacturer} ${direction}`;
  if (query.sort === "manufacturer") return sql`${manufacturer} ${direction}, ${model} ${direction}`;
  const newest = sql`${columns.newestAt} ${query.sort === "uploaded" ? direction : sql`desc`}`;
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

/**
 * One page of models matching the search; total counts the models. Without a filter it reads the models the
 * triggers keep (docs/decisions/0082) instead of grouping every report.
 */
export async function listCameraModels(
  db: Database,
  query: CameraReportQuery,
): Promise<Omit<CameraReportPage, "probe_app_store_url">> {
  const where = cameraReportConditions(query);
  const offset = (query.page - 1) * query.size;
  const rows = where ? await groupedMatches(db, query, where, offset) : await keptModels(db, query, offset);
  const models: CameraModelSummary[] = rows.map((row) => ({
    manufacturer: row.manufacturer,
    device_model: row.device_model,
    report_count: Number(row.report_count),
    // A raw query's timestamps are not mapped by the schema: one driver gives a Date, another may give text.
    newest_at: new Date(row.newest_at).toISOString(),
    newest_id: row.newest_id,
  }));
  // A page past the last has no rows to carry the total: count the models alone.
  const total = rows.length ? Number(rows[0]!.total) : offset > 0 ? await countModels(db, query) : 0;
  return { reports: [], models, total, total_is_lower_bound: false, page: query.page, size: query.size };
}

async function groupedMatches(db: Database, query: CameraReportQuery, where: SQL, offset: number) {
  const order = groupOrder(query, {
    manufacturer: sql`${cameraReports.manufacturer}`,
    model: sql`${cameraReports.deviceModel}`,
    newestAt: sql`max(${cameraReports.createdAt})`,
  });
  const result = (await db.execute(sql`
    select ${cameraReports.manufacturer} as manufacturer, ${cameraReports.deviceModel} as device_model,
      count(*) as report_count, max(${cameraReports.createdAt}) as newest_at,
      (array_agg(${cameraReports.id} order by ${cameraReports.createdAt} desc, ${cameraReports.id} desc))[1]
        as newest_id,
      count(*) over () as total
    from ${cameraReports} where ${where}
    group by ${cameraReports.manufacturer}, ${cameraReports.deviceModel}
    order by ${order}
    limit ${query.size} offset ${offset}`)) as unknown as { rows: ModelRow[] };
  return result.rows;
}

async function keptModels(db: Database, query: CameraReportQuery, offset: number) {
  const order = groupOrder(query, {
    manufacturer: sql`${cameraReportModels.manufacturer}`,
    model: sql`${cameraReportModels.deviceModel}`,
    newestAt: sql`${cameraReportModels.newestAt}`,
  });
  const result = (await db.execute(sql`
    select ${cameraReportModels.manufacturer} as manufacturer, ${cameraReportModels.deviceModel} as device_model,
      ${cameraReportModels.reports} as report_count, ${cameraReportModels.newestAt} as newest_at,
      ${cameraReportModels.newestId} as newest_id, count(*) over () as total
    from ${cameraReportModels}
    order by ${order}
    limit ${query.size} offset ${offset}`)) as unknown as { rows: ModelRow[] };
  return result.rows;
}

async function countModels(db: Database, query: CameraReportQuery): Promise<number> {
  const where = cameraReportConditions(query);
  if (!where) return db.$count(cameraReportModels);
  const result = (await db.execute(sql`
    select count(*) as total from (select 1 from ${cameraReports} where ${where}
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
