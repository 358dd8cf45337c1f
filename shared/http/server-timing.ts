// Per-request timings for the Server-Timing header (api, db, render), so a slow page shows where its time went
// in the browser's network panel. The request's store travels with the async context: the in-process /api call,
// the database queries it makes and the React render all add to the store of the request that caused them.
// The figures say how many API calls and queries a request made and how long they took, which helps anyone probing
// for a slow, expensive request: they go to signed-in administrators only (the session look-up marks the request),
// or to everyone when the operator turns SERVER_TIMING on (docs/decisions/0035).
import { AsyncLocalStorage } from "node:async_hooks";

export type TimingMetric = "api" | "db" | "render";

interface RequestTimings {
  startedAt: number;
  totals: Record<TimingMetric, number>;
  counts: Record<TimingMetric, number>;
  /** An administrator's session was found for this request: the header may go out. */
  shown: boolean;
}

const storage = new AsyncLocalStorage<RequestTimings>();

function newTimings(): RequestTimings {
  return {
    startedAt: performance.now(),
    totals: { api: 0, db: 0, render: 0 },
    counts: { api: 0, db: 0, render: 0 },
    shown: false,
  };
}

/** Adds a measured duration to the current request, if there is one (start-up queries have none). */
export function recordTiming(metric: TimingMetric, milliseconds: number): void {
  const timings = storage.getStore();
  if (!timings) return;
  timings.totals[metric] += milliseconds;
  timings.counts[metric] += 1;
}

/** The current request is an administrator's: its answer may carry Server-Timing. */
export function showServerTiming(): void {
  const timings = storage.getStore();
  if (timings) timings.shown = true;
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
function formatServerTiming(timings: RequestTimings): string {
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

export interface ServerTimingOptions {
  /** Every answer carries the header, not only administrators' (the operator's SERVER_TIMING). */
  everyone?: boolean;
}

/**
 * Runs a request handler with a fresh timing store and puts the Server-Timing header on its response, when the
 * request was an administrator's or `everyone` is set. The header is written when the response starts: time spent
 * streaming the body after that is not in it.
 */
export async function withServerTiming(
  handle: () => Promise<Response> | Response,
  { everyone = false }: ServerTimingOptions = {},
): Promise<Response> {
  const timings = newTimings();
  const response = await storage.run(timings, handle);
  if (!everyone && !timings.shown) return response;
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
