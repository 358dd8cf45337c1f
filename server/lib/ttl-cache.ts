// A bounded in-memory cache with a time to live per entry, least recently used out first; concurrent misses for
// one key share a single load.
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

  private readonly options: { maxEntries: number; maxWeight: number; now?: () => number };

  constructor(options: { maxEntries: number; maxWeight: number; now?: () => number }) {
    this.options = options;
  }

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
