// Per-request timings for the Server-Timing header (api, db, render), so a slow page shows where its time went
// in the browser's network panel. The request's store travels with the async context: the in-process /api call,
// the database queries it makes and the React render all add to the store of the request that caused them.
import { AsyncLocalStorage } from "node:async_hooks";

export type TimingMetric = "api" | "db" | "render";

export interface RequestTimings {
  startedAt: number;
  totals: Record<TimingMetric, number>;
  counts: Record<TimingMetric, number>;
}

const storage = new AsyncLocalStorage<RequestTimings>();

function newTimings(): RequestTimings {
  return { startedAt: performance.now(), totals: { api: 0, db: 0, render: 0 }, counts: { api: 0, db: 0, render: 0 } };
}

/** Adds a measured duration to the current request, if there is one (start-up queries have none). */
export function recordTiming(metric: TimingMetric, milliseconds: number): void {
  const timings = storage.getStore();
  if (!timings) return;
  timings.totals[metric] += milliseconds;
  timings.counts[metric] += 1;
}

/** Starts a measurement for the current request; the returned stop function may run in any async context. */
export function startTiming(metric: TimingMetric): () => void {
  const timings = storage.getStore();
  const started = performance.now();
  return () => {
    if (!timings) return;
    timings.totals[metric] += performance.now() - started;
    timings.counts[metric] += 1;
  };
}

/** Runs `work` and adds its duration to `metric`, whether it succeeds or throws. */
export async function timed<T>(metric: TimingMetric, work: () => Promise<T>): Promise<T> {
  if (!storage.getStore()) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    recordTiming(metric, performance.now() - started);
  }
}

/** The header value: api and db are sums over the request's calls (api includes the db time it caused). */
export function formatServerTiming(timings: RequestTimings): string {
  const entry = (name: string, duration: number, description?: string) =>
    `${name};dur=${duration.toFixed(1)}${description ? `;desc="${description}"` : ""}`;
  const parts: string[] = [];
  const { totals, counts } = timings;
  if (counts.api > 0) parts.push(entry("api", totals.api, `${counts.api} API call${counts.api === 1 ? "" : "s"}`));
  if (counts.db > 0) parts.push(entry("db", totals.db, `${counts.db} quer${counts.db === 1 ? "y" : "ies"}`));
  if (counts.render > 0) parts.push(entry("render", totals.render));
  parts.push(entry("total", performance.now() - timings.startedAt));
  return parts.join(", ");
}

/**
 * Runs a request handler with a fresh timing store and puts the Server-Timing header on its response.
 * The header is written when the response starts: time spent streaming the body after that is not in it.
 */
export async function withServerTiming(handle: () => Promise<Response> | Response): Promise<Response> {
  const timings = newTimings();
  const response = await storage.run(timings, handle);
  const value = formatServerTiming(timings);
  try {
    response.headers.set("Server-Timing", value);
    return response;
  } catch {
    // Responses from fetch() have immutable headers; copy it into one we may change.
    const copy = new Response(response.body, response);
    copy.headers.set("Server-Timing", value);
    return copy;
  }
}
