// In-memory cache of the camera report answers (the list may be 10 s old, a detail about 24 minutes), so
// repeated views do not touch the database. Entries hold the serialized JSON and its ETag, ready to send.
// Each process has its own cache; an upload or a site var change, here or on another instance sharing the
// database, empties the lists at once (server/content-changes.ts). A report never changes once stored, so the
// details stay.
import { createHash } from "node:crypto";
import { onContentChange } from "#server/content-changes.ts";
import type { Database } from "#server/db/client.ts";
import { TtlCache } from "#server/lib/ttl-cache.ts";

/** How long a list answer may be shown: its max-age for a browser, a proxy and the page cache. */
export const LIST_MAX_AGE_S = 10;
/**
 * How long this cache keeps a list answer: half its max-age, so a page built from it (max-age 10 s, counted from the
 * database read) always has at least 5 s left to be cached. With the two equal, a page built in the entry's last
 * second had nothing left, and every visitor rendered it for that second.
 */
export const LIST_TTL_MS = (LIST_MAX_AGE_S * 1000) / 2;
export const DETAIL_TTL_MS = 24 * 60_000;
/** An unknown id is remembered briefly, so a crawler hammering bad ids does not reach the database each time. */
export const MISSING_TTL_MS = 10_000;

export interface CachedAnswer {
  /** null: the thing does not exist (cached 404). */
  json: string | null;
  etag: string | null;
  /** When it was read from the database (Date.now()): its age is sent as Age, so no cache after this one stacks. */
  loadedAt: number;
}

export interface CameraReportCaches {
  list: TtlCache<CachedAnswer>;
  detail: TtlCache<CachedAnswer>;
  /** The statistics, one entry: read from counts kept by triggers, emptied by an upload like the lists. */
  stats: TtlCache<CachedAnswer>;
  /** The manufacturers with their report counts, from the trigger-kept counts; emptied by an upload like the lists. */
  manufacturers: TtlCache<CachedAnswer>;
  /** The probe app's store link (a site var) that every list answer carries; emptied by a site var change. */
  probeAppStoreUrl: TtlCache<string>;
}

// One set of caches per database, so tests (a database per file) and the server never see each other's entries.
const cachesByDatabase = new WeakMap<Database, CameraReportCaches>();

export function cameraReportCaches(db: Database): CameraReportCaches {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    caches = {
      list: new TtlCache({ maxEntries: 2_000, maxWeight: 32 * 1024 * 1024 }),
      detail: new TtlCache({ maxEntries: 20_000, maxWeight: 128 * 1024 * 1024 }),
      stats: new TtlCache({ maxEntries: 1, maxWeight: 1024 * 1024 }),
      manufacturers: new TtlCache({ maxEntries: 1, maxWeight: 1024 * 1024 }),
      probeAppStoreUrl: new TtlCache({ maxEntries: 1, maxWeight: 64 * 1024 }),
    };
    cachesByDatabase.set(db, caches);
    // The lists show the reports and the probe app's store link (a site var). Held weakly: the subscription must
    // not keep a test's closed database and its caches alive.
    const held = new WeakRef(caches);
    const stop = onContentChange((topics) => {
      const live = held.deref();
      if (!live) return stop();
      if (topics.has("camera-reports") || topics.has("site-vars")) live.list.clear();
      if (topics.has("site-vars")) live.probeAppStoreUrl.clear();
      if (topics.has("camera-reports")) live.stats.clear();
      if (topics.has("camera-reports")) live.manufacturers.clear();
    });
  }
  return caches;
}

/** A strong validator of a JSON text: equal bodies, equal tags, in every process. */
export function etagOf(text: string): string {
  return `"${createHash("sha256").update(text).digest("base64url").slice(0, 32)}"`;
}

/** The answer as a cache entry: JSON text, its tag and its size. */
export function cachedAnswer(value: unknown): CachedAnswer {
  const loadedAt = Date.now();
  if (value === null || value === undefined) return { json: null, etag: null, loadedAt };
  const json = JSON.stringify(value);
  return { json, etag: etagOf(json), loadedAt };
}

export function answerWeight(answer: CachedAnswer): number {
  return (answer.json?.length ?? 0) + 100;
}
