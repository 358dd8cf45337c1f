// How a search by capabilities finds its page: walking the sort's index, which carries the capabilities as bits, or
// reading its matches through the capabilities' GIN index and sorting them. The site judges from the counts its
// triggers keep, because the planner cannot: it has no statistics for a test of capability_bits.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CameraReportQuery } from "../../shared/contract/camera-vocabulary";
import type { Database } from "../db/client";
import { cameraReportCounts, cameraReportStats } from "../db/schema";
import { cameraReportConditions } from "./camera-report-query";
import { searchWords } from "./camera-report-search-terms";

/**
 * How many index entries a walk passes in the time one match costs read through the capabilities' GIN index: that
 * read fetches a table page per match (about 10 µs each in PGlite at 100,000 reports), where a walk along a sort's
 * index tests an entry in about 0.4 µs.
 */
export const TABLE_READ_COST_IN_INDEX_ENTRIES = 25;

export interface WalkLimits {
  /** A read gives up past this many matches (and walks to the page after all). */
  readLimit: number;
  /** How many matches the walk needs for the page: its offset and size. */
  pageEnd: number;
  /** How many matches it needs to count, when their number is not known. */
  countTo: number;
}

/**
 * Whether a search by capabilities finds its page and count sooner walking the sort's index than reading its
 * matches (null: read them), judged by the share of reports with the rarest of them: a walk passes about (matches
 * it needs) / share entries, a read costs a table page per match. Other filters only make the matches rarer, so the
 * walk may pass more than judged, never more than the whole index. The number of matches comes with the walk when
 * the counts know it: a search by one capability alone. A search by words is always read: the sorts' indexes do not
 * carry them.
 */
export async function capabilityWalk(
  db: Database,
  query: CameraReportQuery,
  limits: WalkLimits,
): Promise<{ matches: number | null } | null> {
  if (!query.caps.length || searchWords(query.q).length) return null;
  const [kept] = await db
    .select({
      reports: sql<string>`(select ${cameraReportStats.total} from ${cameraReportStats} where ${cameraReportStats.id} = 1)`,
      fewest: sql<string | null>`min(${cameraReportCounts.reports})`,
      counted: sql<string>`count(*)`,
    })
    .from(cameraReportCounts)
    .where(
      and(
        eq(cameraReportCounts.dimension, "all"),
        eq(cameraReportCounts.key, ""),
        inArray(cameraReportCounts.capability, query.caps),
      ),
    );
  // A capability no report has has no row: nothing matches, and reading finds that at once.
  if (!kept || Number(kept.counted) < query.caps.length) return null;
  const fewest = Number(kept.fewest);
  const exact = query.caps.length === 1 && !cameraReportConditions({ ...query, caps: [] });
  const countTo = exact ? 0 : limits.countTo;
  return walkIsCheaper(fewest, Number(kept.reports), { ...limits, countTo })
    ? { matches: exact ? fewest : null }
    : null;
}

/** The cost model of capabilityWalk, in index entries: at most `matches` of `reports` match. */
export function walkIsCheaper(matches: number, reports: number, { readLimit, pageEnd, countTo }: WalkLimits): boolean {
  if (!(matches > 0 && reports > 0)) return false;
  const share = Math.min(1, matches / reports);
  const walkTo = (needed: number) => Math.min(reports, needed / share);
  const walk = walkTo(Math.max(pageEnd, countTo));
  // Past readLimit matches, the read is given up and the page walked to after all.
  const read =
    Math.min(matches, readLimit + 1) * TABLE_READ_COST_IN_INDEX_ENTRIES + (matches > readLimit ? walkTo(pageEnd) : 0);
  return walk < read;
}

/**
 * Runs a walk along the sort's index as one. The planner cannot tell how many reports a test of capability_bits
 * keeps (it assumes one in 200), so it would rather read the whole table, or another index, and sort what it
 * keeps: 6,000 table pages at 100,000 reports, or 69,000 matches sorted, against the few hundred index pages the
 * walk passes. The site has chosen the walk (capabilityWalk), or found more matches than it reads; without
 * capabilities the planner's own estimates hold, and it chooses.
 */
export async function alongTheSort<T>(
  db: Database,
  query: CameraReportQuery,
  walk: (db: Database) => Promise<T>,
): Promise<T> {
  if (!query.caps.length) return walk(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    return walk(tx);
  });
}
