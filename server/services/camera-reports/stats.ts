// The statistics of camera reports, read from camera_report_counts: a table of counts that statement triggers on
// camera_reports keep up to date as reports arrive (server/db/migrations/0007_camera_report_counts.sql), so a read
// costs a few hundred rows at any number of reports.
import { sql } from "drizzle-orm";
import type { CameraStats, CameraStatsBin, CameraStatsGroup } from "#shared/contract/camera-stats.ts";
import { HARDWARE_LEVELS, KNOWN_CAPABILITIES } from "#shared/contract/camera-vocabulary.ts";
import type { Database } from "#server/db/client.ts";
import { cameraReportCounts } from "#server/db/schema.ts";

/** Android versions and manufacturers are what uploads say, so there may be any number: the page shows the most. */
export const MAX_ANDROID_VERSIONS = 30;
export const MAX_MANUFACTURERS = 10;

interface Bin {
  label: string;
  from: number;
  to: number | null;
}

function binsOf(edges: number[], name: (value: number) => string, unit: string): Bin[] {
  return edges.map((from, index) => {
    const to = edges[index + 1] ?? null;
    const label =
      index === 0
        ? `under ${name(to!)}${unit}`
        : to === null
          ? `${name(from)}${unit} or more`
          : `${name(from)} to ${name(to)}${unit}`;
    return { label, from: index === 0 ? 0 : from, to };
  });
}

/** Megapixels, counted by whole megapixel. */
const MEGAPIXEL_BINS = binsOf([0, 2, 5, 8, 12, 16, 24, 32, 48, 64, 100, 200], String, " MP");

/**
 * Sensor diagonals, counted by tenth of a millimetre, binned at the sensor types phones are sold by (a type's inch
 * is about 16 mm of diagonal: 1/2" ≈ 8 mm), each edge at its tenth of a millimetre.
 */
const SENSOR_TYPES: [number, string][] = [
  [4.0, '1/4"'],
  [5.3, '1/3"'],
  [6.4, '1/2.5"'],
  [8.0, '1/2"'],
  [9.4, '1/1.7"'],
  [12.3, '1/1.3"'],
  [16.0, '1"'],
];
const SENSOR_SIZE_BINS: Bin[] = [
  { label: `under ${SENSOR_TYPES[0]![1]}`, from: 0, to: SENSOR_TYPES[0]![0] },
  ...SENSOR_TYPES.map(([from, name], index) => {
    const next = SENSOR_TYPES[index + 1];
    return next ? { label: `${name} to ${next[1]}`, from, to: next[0] } : { label: `${name} or more`, from, to: null };
  }),
];

interface CountRow {
  dimension: string;
  key: string;
  capability: string;
  reports: number | string;
}

/**
 * Every count the page shows: the small dimensions whole, and the most reported Android versions and makers. Equal
 * counts are cut by name in byte order ("C", which PGlite and PostgreSQL both have whatever the database's collation),
 * so the same reports give the same page on either.
 */
async function readCounts(db: Database): Promise<{ rows: CountRow[]; manufacturers: number }> {
  const result = (await db.execute(sql`
    with top as (
      (select "dimension", "key" from ${cameraReportCounts}
       where "dimension" = 'android' and "capability" = ''
       order by "reports" desc, "key" collate "C" limit ${MAX_ANDROID_VERSIONS})
      union all
      (select "dimension", "key" from ${cameraReportCounts}
       where "dimension" = 'manufacturer' and "capability" = ''
       order by "reports" desc, "key" collate "C" limit ${MAX_MANUFACTURERS})
    )
    select "dimension", "key", "capability", "reports" from ${cameraReportCounts}
    where "dimension" in ('all', 'hardware_level', 'megapixels', 'sensor_diagonal_tenth_mm')
    union all
    select "dimension", "key", "capability", "reports" from ${cameraReportCounts} join top using ("dimension", "key")
    union all
    select 'manufacturers', '', '', count(*) from ${cameraReportCounts}
    where "dimension" = 'manufacturer' and "capability" = ''`)) as unknown as { rows: CountRow[] };
  const rows = result.rows.filter((row) => row.dimension !== "manufacturers");
  const manufacturers = Number(result.rows.find((row) => row.dimension === "manufacturers")?.reports ?? 0);
  return { rows, manufacturers };
}

function groupsOf(rows: CountRow[], dimension: string): CameraStatsGroup[] {
  const groups = new Map<string, CameraStatsGroup>();
  for (const row of rows) {
    if (row.dimension !== dimension) continue;
    let group = groups.get(row.key);
    if (!group) groups.set(row.key, (group = { name: row.key, reports: 0, capabilities: {} }));
    if (row.capability === "") group.reports = Number(row.reports);
    else group.capabilities[row.capability] = Number(row.reports);
  }
  return [...groups.values()];
}

function binned(
  rows: CountRow[],
  dimension: string,
  bins: Bin[],
  keyToValue: (key: number) => number,
): CameraStatsBin[] {
  const answer = bins.map((bin) => ({ ...bin, reports: 0 }));
  for (const row of rows) {
    if (row.dimension !== dimension) continue;
    const value = keyToValue(Number(row.key));
    const bin = answer.findLast((candidate) => value >= candidate.from);
    if (bin) bin.reports += Number(row.reports);
  }
  return answer;
}

/** Code point order, as the "C" collation compares UTF-8 text. */
function byteOrder(a: string, b: string): number {
  const left = [...a].map((char) => char.codePointAt(0)!);
  const right = [...b].map((char) => char.codePointAt(0)!);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index]! - right[index]!;
  }
  return left.length - right.length;
}

/** A version's number for sorting ("8" → 8); a key that is no number sorts last. */
function versionNumber(name: string): number {
  return /^\d+$/.test(name) ? Number(name) : Number.POSITIVE_INFINITY;
}

export async function cameraReportStats(db: Database): Promise<CameraStats> {
  const { rows, manufacturers } = await readCounts(db);
  const all = groupsOf(rows, "all")[0] ?? { name: "", reports: 0, capabilities: {} };
  const levels = new Map(groupsOf(rows, "hardware_level").map((group) => [Number(group.name), group.reports]));
  return {
    total: all.reports,
    hardware_levels: [
      ...HARDWARE_LEVELS.map((level, rank) => ({ level, reports: levels.get(rank) ?? 0 })),
      { level: null, reports: levels.get(-1) ?? 0 },
    ],
    capabilities: KNOWN_CAPABILITIES.map((capability) => ({ capability, reports: all.capabilities[capability] ?? 0 })),
    by_android: groupsOf(rows, "android").sort(
      (a, b) => versionNumber(a.name) - versionNumber(b.name) || a.name.localeCompare(b.name),
    ),
    // Ties in the order the query cut them, so the last maker shown is never one that sorts after a maker left out.
    by_manufacturer: groupsOf(rows, "manufacturer").sort((a, b) => b.reports - a.reports || byteOrder(a.name, b.name)),
    manufacturers,
    megapixels: binned(rows, "megapixels", MEGAPIXEL_BINS, (key) => key),
    sensor_sizes: binned(rows, "sensor_diagonal_tenth_mm", SENSOR_SIZE_BINS, (key) => key / 10),
  };
}
