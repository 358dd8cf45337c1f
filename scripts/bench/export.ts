// The export of a search as the benchmark measures it: the time to the first byte and to the last, and the server
// worker's memory while the file streams (sampled every 20 ms), for an export of every report (at most 50,000).
import { median, round, LOOPBACK, type ChildServer } from "./run.ts";
import { workerRssMegabytes } from "./memory.ts";

export interface ExportResult {
  path: string;
  rows: number;
  bytes: number;
  /** Medians of the timed runs (the first, which warms the server, is not counted). */
  firstByteMs: number;
  totalMs: number;
  /**
   * The worker's RSS before the first run and after it (the first export grows the database engine's memory to
   * what such a query needs, and that memory is kept), and the largest growth above the latter during the timed
   * runs: near 0 when an export's memory does not grow with its size.
   */
  rssBeforeMegabytes: number | null;
  rssAfterWarmUpMegabytes: number | null;
  rssGrowthMegabytes: number | null;
}

const RUNS = 4;

/** Downloads `path` RUNS times, reading the body as it comes, and measures each download. */
export async function measureExport(server: ChildServer, path: string): Promise<ExportResult> {
  const rssBefore = workerRssMegabytes(server);
  let rssAfterWarmUp: number | null = null;
  let peak = 0;
  const sampler = setInterval(() => {
    const rss = workerRssMegabytes(server);
    if (rssAfterWarmUp !== null && rss !== null && rss > peak) peak = rss;
  }, 20);
  const firstByte: number[] = [];
  const total: number[] = [];
  let bytes = 0;
  let rows = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`http://${LOOPBACK}:${server.port}${path}`);
      if (!response.ok || !response.body) throw new Error(`${path}: HTTP ${response.status}`);
      const reader = response.body.getReader();
      let first: number | null = null;
      let received = 0;
      let lineBreaks = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        first ??= performance.now() - started;
        received += value.byteLength;
        for (const byte of value) if (byte === 10) lineBreaks += 1;
      }
      if (run === 0) {
        rssAfterWarmUp = workerRssMegabytes(server);
        peak = rssAfterWarmUp ?? 0;
        continue;
      }
      firstByte.push(first ?? performance.now() - started);
      total.push(performance.now() - started);
      bytes = received;
      // A CSV row ends with CRLF; the header row is not a report.
      rows = lineBreaks - 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    path,
    rows,
    bytes,
    firstByteMs: round(median(firstByte), 1),
    totalMs: round(median(total), 1),
    rssBeforeMegabytes: rssBefore,
    rssAfterWarmUpMegabytes: rssAfterWarmUp,
    rssGrowthMegabytes: rssAfterWarmUp === null ? null : round(peak - rssAfterWarmUp, 1),
  };
}
