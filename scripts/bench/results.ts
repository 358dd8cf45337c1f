// A benchmark run's results: the record kept in bench/results.json (the standard and the --large run side by side)
// and the summary printed at the end.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AttackResult } from "./attack.ts";
import type { PhaseFigures } from "./fair-share.ts";
import type { ExportResult } from "./export.ts";
import type { ResponsivenessResult } from "./browser.ts";
import { formatKilobytes, type PageBundle } from "./client-bundle.ts";
import type { SoakResult } from "./memory.ts";
import type { PageResult } from "./pages.ts";
import type { Machine, RunFigures } from "./run.ts";
import type { Target } from "./targets.ts";

export interface BenchRun {
  date: string;
  machine: Machine;
  settings: {
    durationSeconds: number;
    connections: number;
    reports: number;
    generatedReports: number;
    /** PGLITE_BUFFERS_MB of the measured server (absent in runs from before the setting). */
    pgliteBuffersMegabytes?: number;
    halfRate: string;
  };
  raw: { plain: RunFigures; gzip: RunFigures; homeBytes: number };
  /** The worker's resident set after the uncached pass, in MB. */
  rssAfterUncachedMegabytes: number | null;
  /** The same once the worker has been quiet long enough to give memory back (absent in earlier runs). */
  rssAfterQuietMegabytes?: number | null;
  pages: PageResult[];
  browserFormatting: ResponsivenessResult | null;
  underAttack: AttackResult | null;
  /** One address, then five, on the expensive paths: the victim's figures per phase (absent in earlier runs). */
  fairShare?: PhaseFigures[] | null;
  /** The CSV export of every report (at most 50,000): time to its first and last byte, the worker's memory. */
  exported: ExportResult | null;
  targets: Target[];
  clientJavaScript: ReturnType<typeof clientJavaScriptFigures>;
  totalSeconds: number;
}

/** The largest gzipped page bundles by area, and every page's sizes. */
export function clientJavaScriptFigures(bundles: PageBundle[]) {
  return {
    largestPublic: Math.max(...bundles.filter((bundle) => bundle.area === "public").map((bundle) => bundle.gzipBytes)),
    largestPublicBrotli: Math.max(
      ...bundles.filter((bundle) => bundle.area === "public").map((bundle) => bundle.brotliBytes),
    ),
    largestAdmin: Math.max(...bundles.filter((bundle) => bundle.area === "admin").map((bundle) => bundle.gzipBytes)),
    /** Pages without React load only the enhancement script. */
    largestWithoutReact: Math.max(0, ...bundles.filter((bundle) => !bundle.hydrates).map((bundle) => bundle.gzipBytes)),
    pages: bundles.map((bundle) => ({
      path: bundle.path,
      area: bundle.area,
      hydrates: bundle.hydrates,
      gzipBytes: bundle.gzipBytes,
      brotliBytes: bundle.brotliBytes,
    })),
  };
}

/** Writes the run into its half of the results file, keeping the other half as it was. */
export function saveRun(resultsFile: string, large: boolean, run: BenchRun): void {
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  const previous = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, "utf8")) as Record<string, unknown>)
    : {};
  const results: Record<string, unknown> = {};
  results.standard = previous.standard ?? null;
  results.large = previous.large ?? null;
  if (previous.soak) results.soak = previous.soak;
  results[large ? "large" : "standard"] = run;
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + "\n");
}

export type SoakRun = SoakResult & { date: string; machine: Machine; reports: number };

/** Writes the latest soak next to the runs, keeping them as they were. */
export function saveSoak(resultsFile: string, soak: SoakRun): void {
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  const previous = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, "utf8")) as Record<string, unknown>)
    : {};
  writeFileSync(resultsFile, JSON.stringify({ standard: null, large: null, ...previous, soak }, null, 2) + "\n");
}

export function printRun(run: BenchRun, resultsFileName: string): void {
  const { machine, settings, pages, targets, underAttack, clientJavaScript } = run;
  console.log(
    `\nMachine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ` +
      `${machine.os}, Node ${machine.node}, load average ${machine.loadAverage} at the start`,
  );
  console.log(
    `Data: ${settings.reports.toLocaleString("en")} reports, PGLITE_BUFFERS_MB=${settings.pgliteBuffersMegabytes}. ` +
      `Each run ${settings.durationSeconds} s, ` +
      `${settings.connections} connections, loopback. Raw node:http: ${run.raw.plain.requestsPerSecond} req/s plain, ` +
      `${run.raw.gzip.requestsPerSecond} req/s gzip.\n`,
  );
  console.table(
    pages.map((page) => ({
      page:
        page.label + (page.placeholder ? " (placeholder)" : "") + (page.status !== 200 ? ` [HTTP ${page.status}]` : ""),
      "req/s": page.saturation.requestsPerSecond,
      "p50 ms": page.saturation.p50Ms,
      "p99 ms": page.saturation.p99Ms,
      "× raw": page.ratioToRaw,
      "½-load p50": page.halfRate?.p50Ms ?? "-",
      "½-load p99": page.halfRate?.p99Ms ?? "-",
      "uncached req/s": page.uncached?.saturation.requestsPerSecond ?? "-",
      "uncached × raw": page.uncached?.ratioToRaw ?? "-",
      "uncached ½-load p99": page.uncached?.halfRate?.p99Ms ?? "-",
      "uncached CPU ms/req": page.uncached?.cpuMsPerRequest ?? "-",
      "render only req/s": page.renderOnly?.requestsPerSecond ?? "-",
      "uncached ÷ render only": page.renderOnly?.uncachedShare ?? "-",
      "gzip req/s": page.gzip?.saturation.requestsPerSecond ?? "-",
      "gzip × raw": page.gzip?.ratioToRaw ?? "-",
      errors: page.saturation.errors + page.saturation.non2xx,
    })),
  );
  console.log(
    `Worker RSS after the uncached pass: ${run.rssAfterUncachedMegabytes ?? "?"} MB, ` +
      `once quiet: ${run.rssAfterQuietMegabytes ?? "?"} MB`,
  );
  console.log("Targets:");
  for (const item of targets) {
    const mark = item.met === null ? "n/a " : item.met ? "met " : "MISS";
    console.log(
      `  ${mark} ${item.name}: ${item.value ?? "-"}${item.unit} ` +
        `(${item.unit === "x" ? "at least" : "under"} ${item.limit}${item.unit})`,
    );
  }
  if (run.exported) {
    const { rows, firstByteMs, totalMs, rssGrowthMegabytes } = run.exported;
    console.log(
      `Export of ${rows} reports: first byte ${firstByteMs} ms, last ${totalMs} ms; ` +
        `worker RSS up ${rssGrowthMegabytes ?? "?"} MB while streaming`,
    );
  }
  if (underAttack) {
    console.log(
      `Under attack (${underAttack.seconds} s): /api/health p50 ${underAttack.p50Ms} ms, p99 ` +
        `${underAttack.p99Ms} ms, max ${underAttack.maxMs} ms; ${underAttack.failedProbes} of ` +
        `${underAttack.probes} probes failed`,
    );
    for (const attack of underAttack.attacks)
      console.log(
        `  ${attack.name}: ${attack.sent} sent, ${Object.entries(attack.statuses)
          .map(([status, count]) => `${count} × ${status}`)
          .join(", ")}; slowest ${attack.slowestMs} ms`,
      );
  }
  console.log(
    `Client JavaScript, gzipped: pages without React ${formatKilobytes(clientJavaScript.largestWithoutReact)} ` +
      `(the enhancement script), largest public page ${formatKilobytes(clientJavaScript.largestPublic)} ` +
      `(a tool; target 125 kB), largest admin page ${formatKilobytes(clientJavaScript.largestAdmin)} ` +
      `(target 125 kB); as sent (brotli) the largest public page is ` +
      formatKilobytes(clientJavaScript.largestPublicBrotli),
  );
  console.log(`\nWrote ${resultsFileName} in ${run.totalSeconds} s`);
}
