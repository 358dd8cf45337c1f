// The server's worker as the benchmark reads it: the resident set and the CPU time of the worker that serves the
// pages (the supervising primary forks it), and the soak: mixed uncached load for minutes with the RSS sampled each
// minute.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { LOOPBACK, round, type ChildServer } from "./run.ts";

/** The worker's process id (the primary's first child), null when there is none; throws where /proc cannot tell. */
function workerPid(server: ChildServer): string | null {
  const primary = server.process.pid;
  if (!primary) return null;
  const [worker] = readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/);
  return worker || null;
}

/** The worker's resident set in MB, or null where /proc cannot tell. */
export function workerRssMegabytes(server: ChildServer): number | null {
  try {
    const pid = workerPid(server);
    if (!pid) return null;
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kilobytes) ? round(kilobytes / 1024) : null;
  } catch {
    return null;
  }
}

let clockTicksPerSecond: number | undefined;

/**
 * The CPU time (user and system) the worker has used so far in ms, or null where /proc cannot tell. Per request it
 * moves less with a neighbour's load than the rate does (the load lowers the rate more than the work per request).
 */
export function workerCpuMilliseconds(server: ChildServer): number | null {
  try {
    clockTicksPerSecond ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the
    // 12th and 13th.
    const pid = workerPid(server);
    if (!pid) return null;
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / clockTicksPerSecond : null;
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
