// The server's memory as the benchmark reads it: the resident set of the worker that serves the pages (the
// supervising primary forks it), and the soak: mixed uncached load for minutes with the RSS sampled each minute.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { LOOPBACK, round, type ChildServer } from "./run.ts";

/** The worker's resident set in MB (the primary's first child), or null where /proc cannot tell. */
export function workerRssMegabytes(server: ChildServer): number | null {
  const primary = server.process.pid;
  if (!primary) return null;
  try {
    const [worker] = readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/);
    const status = readFileSync(`/proc/${worker}/status`, "utf8");
    const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kilobytes) ? round(kilobytes / 1024) : null;
  } catch {
    return null;
  }
}

export interface SoakResult {
  minutes: number;
  paths: number;
  connections: number;
  /** The worker's RSS in MB before the load and after each minute of it. */
  rssMegabytes: (number | null)[];
  requestsPerSecond: number[];
  errors: number;
  /** The last sample within 10% of the one after the first minute (the warm-up is over by then). */
  flat: boolean | null;
}

/** Minutes of load cycling through `paths` (every request rendered: run it with the page cache off). */
export async function soak(
  server: ChildServer,
  paths: string[],
  { minutes, connections, log }: { minutes: number; connections: number; log: (message: string) => void },
): Promise<SoakResult> {
  const rss: (number | null)[] = [workerRssMegabytes(server)];
  const rates: number[] = [];
  let errors = 0;
  for (let minute = 1; minute <= minutes; minute++) {
    const result = await autocannon({
      url: `http://${LOOPBACK}:${server.port}`,
      connections,
      duration: 60,
      timeout: 10,
      requests: paths.map((path) => ({ method: "GET", path })),
    });
    errors += result.errors + result.timeouts + result.non2xx;
    rates.push(round(result.requests.average));
    rss.push(workerRssMegabytes(server));
    log(`soak minute ${minute}/${minutes}: ${rates.at(-1)} req/s, worker RSS ${rss.at(-1) ?? "?"} MB`);
  }
  const second = rss[1];
  const last = rss.at(-1);
  const flat = second && last && rss.length > 2 ? Math.abs(last - second) <= second * 0.1 : null;
  return { minutes, paths: paths.length, connections, rssMegabytes: rss, requestsPerSecond: rates, errors, flat };
}
