// The public side of site data: the current terms and privacy entries, read-only. Editing site data is the
// admin site-data service's job; this module only reads the table.
//
// Every uncached view of /terms or /privacy asks for its entry, and a database read was a third of such a
// request's CPU time. The entries are kept in memory for a few seconds; a save (here or on another instance, see
// server/content-changes.ts) empties the cache at once, so an administrator sees their save on the next view.
import { and, eq } from "drizzle-orm";
import type { LegalPageType, SiteDataEntry } from "../../shared/contract/site-data";
import { onContentChange } from "../content-changes";
import type { Database } from "../db/client";
import { siteData } from "../db/schema";
import { TtlCache } from "../lib/ttl-cache";
import { toSiteDataEntry } from "./site-data";

/** Half the legal pages' shared max-age (10 s), so a page built from an entry can still be cached for 5 s. */
const LEGAL_ENTRY_TTL_MS = 5_000;

// One cache per database, so tests (a database per file) and the server never see each other's entries.
const cachesByDatabase = new WeakMap<Database, TtlCache<SiteDataEntry | null>>();

function legalEntryCache(db: Database): TtlCache<SiteDataEntry | null> {
  const existing = cachesByDatabase.get(db);
  if (existing) return existing;
  const cache = new TtlCache<SiteDataEntry | null>({ maxEntries: 8, maxWeight: 8 });
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

async function readCurrentLegalEntry(db: Database, type: LegalPageType): Promise<SiteDataEntry | null> {
  const [row] = await db
    .select()
    .from(siteData)
    .where(and(eq(siteData.type, type), eq(siteData.isCurrent, true)))
    .limit(1);
  return row ? toSiteDataEntry(row) : null;
}

/** The current entry of a public type; at most a few seconds old, and never older than the last save. */
export function currentLegalEntry(db: Database, type: LegalPageType): Promise<SiteDataEntry | null> {
  return legalEntryCache(db).getOrLoad(
    type,
    () => readCurrentLegalEntry(db, type),
    () => LEGAL_ENTRY_TTL_MS,
  );
}

/** Changes whenever the entry does (another version made current, or the current one edited). */
export function legalEntryEtag(entry: SiteDataEntry | null): string {
  return entry ? `W/"${entry.id}-${Date.parse(entry.updated_at)}"` : 'W/"none"';
}
