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
  /** Paths each connection requests in turn instead of `path` alone. */
  paths?: string[];
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Buffer;
  connections: number;
  durationSeconds: number;
  /** Requests per second over all connections, evenly spaced (paced.ts); absent: as fast as the server answers. */
  rate?: number;
}
