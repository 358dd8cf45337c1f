// How a search by one capability, lens facing or feature, or by makers, finds its page: walking the sort's index,
// which carries those (the capabilities as bits), or reading its matches (through their GIN indexes, or a maker's
// from the index that leads with the maker) and sorting them; makers alone sorted by model walk each maker's own range.
// The site judges from the counts its triggers keep; the planner cannot judge a test of capability_bits at all.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import type { Database } from "#server/db/client.ts";
import { cameraReportCounts, cameraReports, cameraReportStats } from "#server/db/schema.ts";
import { cameraReportConditions, directionSql, SORT_KEYS } from "./query";

/**
 * How many index entries a walk passes in the time one match costs read through a GIN index: that read fetches a
 * table page per match where the matches lie apart, where a walk along a sort's index only tests an entry
 * (docs/decisions/0050 has the measurements). Where the matches lie together in the table the read costs less.
 */
const TABLE_READ_COST_IN_INDEX_ENTRIES = 25;

/**
 * The same for a maker's match: read with every sort's key from camera_reports_manufacturer_sorts_idx alone, then
 * sorted, which costs less per match than a table read (docs/decisions/0050).
 */
export const MAKER_READ_COST_IN_INDEX_ENTRIES = 4;

/**
 * A walk is taken only when it is judged to pass at most this share of the index. The matches of a value need not
 * lie evenly along a sort (a capability of phones with several cameras lies at one end by number of cameras), so a
 * walk may pass more than judged; bounded so, it is short where the judgement holds and never much worse than the
 * read where it does not.
 */
const WALK_SHARE_LIMIT = 0.25;

export interface WalkLimits {
  /** A read gives up past this many matches (and walks to the page after all). */
  readLimit: number;
  /** How many matches the walk needs for the page: its offset and size. */
  pageEnd: number;
}

/** The kept counts' rows whose sum is a search's number of matches, and what reading one match costs. */
interface CountedFilter {
  dimension: string;
  keys: string[];
  capability: string;
  readCostPerMatch: number;
}

/**
 * The kept counts of the one filter of a search, if it has only that one: a capability, a facing or a feature (the
 * one value), or makers, whose reports are apart, so their counts add up. Not makers sorted by model or by maker:
 * a maker's model names share their start (Pixel, SM-), so its reports lie together along those sorts, perhaps at
 * the far end, where a walk judged from their share would pass most of the index. (By model, makers alone take their
 * own index instead: makersAloneByModel.)
 */
function countedFilter(query: CameraReportQuery): CountedFilter | null {
  const byTable = TABLE_READ_COST_IN_INDEX_ENTRIES;
  const values: CountedFilter[] = [
    ...query.caps.map((cap) => ({ dimension: "all", keys: [""], capability: cap, readCostPerMatch: byTable })),
    ...(query.facing ? [{ dimension: "facing", keys: [query.facing], capability: "", readCostPerMatch: byTable }] : []),
    ...query.features.map((feature) => ({
      dimension: "feature",
      keys: [feature],
      capability: "",
      readCostPerMatch: byTable,
    })),
    ...(query.manufacturers.length && query.sort !== "device" && query.sort !== "manufacturer"
      ? [
          {
            dimension: "manufacturer",
            keys: [...new Set(query.manufacturers)],
            capability: "",
            readCostPerMatch: MAKER_READ_COST_IN_INDEX_ENTRIES,
          },
        ]
      : []),
  ];
  const others = cameraReportConditions({ ...query, caps: [], facing: null, features: [], manufacturers: [] });
  return values.length === 1 && !others ? values[0]! : null;
}

/**
 * The number of matches of a search by one capability, lens facing or feature alone (and nothing else), or by makers
 * alone, when walking the sort's index finds its page sooner than reading the matches; null: read them. The kept
 * counts give the number exactly, so the walk need not count, only reach the page: about page end / share entries,
 * against a table page per match for the read (a few entries for a maker's).
 */
export async function countedWalk(db: Database, query: CameraReportQuery, limits: WalkLimits): Promise<number | null> {
  const filter = countedFilter(query);
  if (!filter) return null;
  const kept = await keptMatches(db, filter);
  // A value no report has has no row (no sum): nothing matches, and reading finds that at once.
  if (kept.matches === null) return null;
  return walkIsCheaper(kept.matches, kept.reports, limits, filter.readCostPerMatch) ? kept.matches : null;
}

/** From the kept counts: how many reports a filter's rows add up to (null: it has none), and how many there are. */
async function keptMatches(
  db: Database,
  filter: Pick<CountedFilter, "dimension" | "keys" | "capability">,
): Promise<{ matches: number | null; reports: number }> {
  const [kept] = await db
    .select({
      reports: sql<string>`(select ${cameraReportStats.total} from ${cameraReportStats}
        where ${cameraReportStats.id} = 1)`,
      matches: sql<string | null>`sum(${cameraReportCounts.reports})`,
    })
    .from(cameraReportCounts)
    .where(
      and(
        eq(cameraReportCounts.dimension, filter.dimension),
        inArray(cameraReportCounts.key, filter.keys),
        eq(cameraReportCounts.capability, filter.capability),
      ),
    );
  return { matches: kept?.matches == null ? null : Number(kept.matches), reports: Number(kept?.reports ?? 0) };
}

/**
 * The makers of a search by makers alone (and nothing else) sorted by model, else null. Each maker's reports lie in
 * that order in camera_reports_maker_models_idx, so its page is the merge of their first entries there
 * (makersByModelPage): a few hundred index entries, however many reports the makers have.
 */
export function makersAloneByModel(query: CameraReportQuery): string[] | null {
  if (query.sort !== "device" || !query.manufacturers.length) return null;
  return cameraReportConditions({ ...query, manufacturers: [] }) ? null : [...new Set(query.manufacturers)];
}

/**
 * The page (its ids and sort keys, as "pageId" and "sortKey") of a search by makers alone sorted by model: each
 * maker's first offset + size reports in that order from camera_reports_maker_models_idx alone, merged (a Merge Append
 * of the ranges), instead of reading and sorting every report of those makers (docs/decisions/0050).
 */
export function makersByModelPage(query: CameraReportQuery, makers: string[], size: number, offset: number): SQL {
  const direction = directionSql(query.dir);
  const ranges = makers.map(
    (maker) => sql`(select ${cameraReports.id} as "pageId", ${SORT_KEYS.device} as "sortKey" from ${cameraReports}
      where ${cameraReports.manufacturer} = ${maker}
      order by "sortKey" ${direction}, "pageId" ${direction} limit ${offset + size})`,
  );
  return sql`select * from (${sql.join(ranges, sql` union all `)}) ranges
    order by "sortKey" ${direction}, "pageId" ${direction} limit ${size} offset ${offset}`;
}

/** How many reports these makers have, exactly, from the kept counts. */
export async function makersReportCount(db: Database, makers: string[]): Promise<number> {
  const kept = await keptMatches(db, { dimension: "manufacturer", keys: makers, capability: "" });
  return kept.matches ?? 0;
}

/**
 * The cost model of countedWalk, in index entries: `matches` of `reports` match, and reading one costs
 * `readCostPerMatch`. A page past the last match is never walked to (the walk would pass the whole index), so a
 * walked page always has matches.
 */
export function walkIsCheaper(
  matches: number,
  reports: number,
  { readLimit, pageEnd }: WalkLimits,
  readCostPerMatch = TABLE_READ_COST_IN_INDEX_ENTRIES,
): boolean {
  if (!(matches > 0 && reports > 0)) return false;
  const share = Math.min(1, matches / reports);
  const walkTo = (needed: number) => Math.min(reports, needed / share);
  const walk = walkTo(Math.min(pageEnd, matches));
  // Past readLimit matches, the read is given up and the page walked to after all.
  const read = Math.min(matches, readLimit + 1) * readCostPerMatch + (matches > readLimit ? walkTo(pageEnd) : 0);
  return walk <= reports * WALK_SHARE_LIMIT && walk < read;
}

/**
 * Runs a walk along the sort's index as one, when the site has chosen the walk (countedWalk, or more matches found
 * than a read takes). The planner cannot tell how many reports a test of capability_bits keeps (it assumes one in
 * 200), and misjudges how far along a sort the matches of a facing or feature lie; left to choose, it would read the
 * whole table, or another index, and sort what it keeps: 6,000 table pages at 100,000 reports, or 69,000 matches
 * sorted, against the few hundred index pages the walk passes.
 */
export async function alongTheSort<T>(db: Database, walk: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // SET LOCAL, the three in one statement.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
      set_config('enable_sort', 'off', true)`);
    return walk(tx);
  });
}
