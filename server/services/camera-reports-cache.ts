// In-memory cache of the camera report answers (the list may be 10 s old, a detail about 24 minutes), so
// repeated views do not touch the database. Entries hold the serialized JSON and its ETag, ready to send.
// Each process has its own cache; an upload or a site var change, here or on another instance sharing the
// database, empties the lists at once (server/content-changes.ts). A report never changes once stored, so the
// details stay.
import { createHash } from "node:crypto";
import { onContentChange } from "../content-changes";
import type { Database } from "../db/client";

export { etagMatches } from "../../shared/http/cache-headers";

export const LIST_TTL_MS = 10_000;
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

interface Entry<V> {
  value: V;
  weight: number;
  expiresAt: number;
}

/**
 * A bounded map with a time to live per entry, evicting the least recently used entry when full. Concurrent
 * misses for one key share a single load (no stampede on the database when a popular entry expires).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private totalWeight = 0;
  private generation = 0;

  constructor(private readonly options: { maxEntries: number; maxWeight: number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Map order is insertion order: re-inserting marks the entry as most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number, weight = 1): void {
    const existing = this.entries.get(key);
    if (existing) this.remove(key, existing);
    if (weight > this.options.maxWeight || ttlMs <= 0) return;
    this.entries.set(key, { value, weight, expiresAt: this.now() + ttlMs });
    this.totalWeight += weight;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.totalWeight <= this.options.maxWeight) break;
      this.remove(oldestKey, oldest);
    }
  }

  /** The cached value, or the loader's (shared by concurrent callers); `ttlOf` decides how long it stays. */
  async getOrLoad(
    key: string,
    load: () => Promise<V>,
    ttlOf: (value: V) => number,
    weightOf: (value: V) => number = () => 1,
  ): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        // A clear() while loading means the value may predate a change: hand it out, but do not keep it.
        if (generation === this.generation) this.set(key, value, ttlOf(value), weightOf(value));
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.totalWeight = 0;
    this.generation += 1;
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }
}

export interface CameraReportCaches {
  list: TtlCache<CachedAnswer>;
  detail: TtlCache<CachedAnswer>;
}

// One set of caches per database, so tests (a database per file) and the server never see each other's entries.
const cachesByDatabase = new WeakMap<Database, CameraReportCaches>();

export function cameraReportCaches(db: Database): CameraReportCaches {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    caches = {
      list: new TtlCache({ maxEntries: 2_000, maxWeight: 32 * 1024 * 1024 }),
      detail: new TtlCache({ maxEntries: 20_000, maxWeight: 128 * 1024 * 1024 }),
    };
    cachesByDatabase.set(db, caches);
    // The lists show the reports and the probe app's store link (a site var). Held weakly: the subscription must
    // not keep a test's closed database and its caches alive.
    const held = new WeakRef(caches);
    const stop = onContentChange((topics) => {
      const live = held.deref();
      if (!live) return stop();
      if (topics.has("camera-reports") || topics.has("site-vars")) live.list.clear();
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
