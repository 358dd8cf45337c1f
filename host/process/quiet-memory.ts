// A worker gives back to the system the memory a burst of requests grew its heap to, once it has been quiet for a
// while. V8 keeps the pages its old generation grew to under load, and its own memory reducer, which would give them
// back, was seen to judge an idle worker's allocation rate "high" for as long as it stayed idle, and never start.
// With the context this module reaches the collection through (created at start-up), V8's reducer does start, 8–16 s
// into the quiet, for a reason not known; this module's own collection is the guarantee (docs/decisions/0037).
// Loaded by server.ts with Node's own TypeScript support: node built-ins only.
import type { Server } from "node:http";
import v8 from "node:v8";
import vm from "node:vm";

/** How long a worker must have had no request in flight before it collects. */
export const QUIET_BEFORE_RELEASE_MS = 30_000;
/** How much its resident memory must have grown since it last collected (or started). */
const RELEASE_AFTER_GROWTH_MB = 48;
/** How often a worker looks: the quiet time is met within this much. */
export const CHECK_EVERY_MS = 5_000;
const MB = 1024 * 1024;

export type QuietMemoryOptions = {
  quietMs?: number;
  growthBytes?: number;
  /** Collects garbage and gives the heap's free pages back: a whole, memory-reducing collection. */
  collect: () => void;
  residentBytes?: () => number;
  now?: () => number;
  log?: (message: string) => void;
  checkEveryMs?: number;
};

/**
 * The decision alone, without timers or a server: requests start and end, `check()` runs now and then and
 * collects when the worker has been quiet long enough after growing enough.
 */
export class QuietMemoryRelease {
  readonly #quietMs: number;
  readonly #growthBytes: number;
  readonly #collect: () => void;
  readonly #residentBytes: () => number;
  readonly #now: () => number;
  readonly #log: (message: string) => void;
  #inFlight = 0;
  #lastActivity: number;
  #residentAfterCollection: number;

  constructor(options: QuietMemoryOptions) {
    this.#quietMs = options.quietMs ?? QUIET_BEFORE_RELEASE_MS;
    this.#growthBytes = options.growthBytes ?? RELEASE_AFTER_GROWTH_MB * MB;
    this.#collect = options.collect;
    this.#residentBytes = options.residentBytes ?? (() => process.memoryUsage.rss());
    this.#now = options.now ?? (() => performance.now());
    this.#log = options.log ?? ((message) => console.log(message));
    this.#lastActivity = this.#now();
    this.#residentAfterCollection = this.#residentBytes();
  }

  requestStarted(): void {
    this.#inFlight++;
    this.#lastActivity = this.#now();
  }

  requestEnded(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    this.#lastActivity = this.#now();
  }

  /** Collects when no request is in flight, none has been for the quiet time, and memory grew enough. */
  check(): boolean {
    if (this.#inFlight > 0 || this.#now() - this.#lastActivity < this.#quietMs) return false;
    const before = this.#residentBytes();
    if (before - this.#residentAfterCollection < this.#growthBytes) return false;
    const started = this.#now();
    this.#collect();
    const after = this.#residentBytes();
    this.#residentAfterCollection = after;
    this.#log(
      `[memory] worker ${process.pid} quiet for ${Math.round(this.#quietMs / 1000)} s: resident memory ` +
        `${Math.round(before / MB)} → ${Math.round(after / MB)} MB after a collection of ` +
        `${Math.round(this.#now() - started)} ms`,
    );
    return true;
  }
}

/**
 * V8's last-resort collection (the one it runs before it gives up on an allocation), which also gives the free
 * pages back, reached through its `gc` extension in a context of its own, so that no `gc` is added to the site's
 * global scope. Null when the runtime refuses it.
 */
export function memoryReducingCollection(): (() => void) | null {
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as unknown;
    if (typeof gc !== "function") return null;
    return () => gc({ type: "major", execution: "sync", flavor: "last-resort" });
  } catch {
    return null;
  }
}

/** Watches the server's requests and collects when it falls quiet; returns a function that stops watching. */
export function releaseMemoryWhenQuiet(server: Server, options: Partial<QuietMemoryOptions> = {}): () => void {
  // Created now, not when first needed: the context it makes is what lets V8's own reducer start (see above).
  const collect = options.collect ?? memoryReducingCollection();
  if (!collect) return () => {};
  const release = new QuietMemoryRelease({ ...options, collect });
  const onRequest = (_request: unknown, response: NodeJS.EventEmitter) => {
    release.requestStarted();
    response.once("close", () => release.requestEnded());
  };
  server.on("request", onRequest);
  const timer = setInterval(() => release.check(), options.checkEveryMs ?? CHECK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off("request", onRequest);
  };
}
