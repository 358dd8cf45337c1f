// The public side of site data: the current terms and privacy entries, read-only. Editing site data is the
// admin site-data service's job; this module only reads the table.
//
// Every uncached view of /terms or /privacy asks for its entry, and a database read was a third of such a
// request's CPU time. The entries are kept in memory for a few seconds; a save (here or on another instance, see
// server/content-changes.ts) empties the cache at once, so an administrator sees their save on the next view.
import { and, eq, isNull } from "drizzle-orm";
import type { CurrentSiteData, LegalPageType, SiteDataEntry } from "#shared/contract/site-data.ts";
import { onContentChange } from "../content-changes";
import type { Database } from "../db/client";
import { siteData } from "../db/schema";
import { TtlCache } from "../lib/ttl-cache";
import { renderedColumns, toSiteDataEntry } from "./site-data";

/** Half the legal pages' shared max-age (10 s), so a page built from an entry can still be cached for 5 s. */
const LEGAL_ENTRY_TTL_MS = 5_000;

/** A current entry and its page's rendering, as GET /api/v1/site/data/current/{type} answers them. */
export type CurrentLegalPage = CurrentSiteData;

const NONE: CurrentLegalPage = { entry: null, rendered: null };

// One cache per database, so tests (a database per file) and the server never see each other's entries.
const cachesByDatabase = new WeakMap<Database, TtlCache<CurrentLegalPage>>();

function legalEntryCache(db: Database): TtlCache<CurrentLegalPage> {
  const existing = cachesByDatabase.get(db);
  if (existing) return existing;
  const cache = new TtlCache<CurrentLegalPage>({ maxEntries: 8, maxWeight: 8 });
  cachesByDatabase.set(db, cache);
  // Held weakly: the subscription must not keep a test's closed database and its cache alive.
  const held = new WeakRef(cache);
  const stop = onContentChange((topics) => {
    const live = held.deref();
    if (!live) return stop();
    if (topics.has("site-data")) live.clear();
  });
  return cache;
}

async function readCurrentLegalPage(db: Database, type: LegalPageType): Promise<CurrentLegalPage> {
  const [row] = await db
    .select()
    .from(siteData)
    .where(and(eq(siteData.type, type), eq(siteData.isCurrent, true)))
    .limit(1);
  if (!row) return NONE;
  if (row.html !== null && row.headings !== null)
    return { entry: toSiteDataEntry(row), rendered: { html: row.html, headings: row.headings } };
  // Saved before renderings were stored: rendered now and stored, unless it was saved again meanwhile.
  const rendered = renderedColumns(row.markdown);
  await db
    .update(siteData)
    .set(rendered)
    .where(and(eq(siteData.id, row.id), eq(siteData.markdown, row.markdown), isNull(siteData.html)));
  return { entry: toSiteDataEntry(row), rendered: { html: rendered.html ?? "", headings: rendered.headings ?? [] } };
}

/** The current entry of a public type with its rendering; at most a few seconds old, never older than the last save. */
export function currentLegalPage(db: Database, type: LegalPageType): Promise<CurrentLegalPage> {
  return legalEntryCache(db).getOrLoad(
    type,
    () => readCurrentLegalPage(db, type),
    () => LEGAL_ENTRY_TTL_MS,
  );
}

/** Changes whenever the entry does (another version made current, or the current one edited). */
export function legalEntryEtag(entry: SiteDataEntry | null): string {
  return entry ? `W/"${entry.id}-${Date.parse(entry.updated_at)}"` : 'W/"none"';
}
