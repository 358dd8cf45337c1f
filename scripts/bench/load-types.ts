// What a load run is asked for and what it measures, shared by autocannon runs (run.ts) and paced runs (paced.ts).
export interface RunFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

export interface LoadOptions {
  path: string;
  /** Paths requested in turn, over all connections, instead of `path` alone (see nextPathOf). */
  paths?: string[];
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Buffer;
  connections: number;
  durationSeconds: number;
  /** Requests per second over all connections, evenly spaced (paced.ts); absent: as fast as the server answers. */
  rate?: number;
}

// Where the last run over a list of paths stopped: the next run over the same list goes on from there, so its first
// requests are not the ones the warm-up or the run before has just made (and that a cache may still hold).
const pathCursors = new WeakMap<readonly string[], number>();

/** The next path of the list, in turn over every run and connection that requests it. */
export function nextPathOf(paths: readonly string[]): string {
  const next = pathCursors.get(paths) ?? 0;
  pathCursors.set(paths, next + 1);
  return paths[next % paths.length]!;
}
