// Prints bench/results.json (and bench/lighthouse.json) as the Markdown of docs/performance.md's current figures.
// Usage: node scripts/bench/readme-table.ts
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AttackResult } from "./attack.ts";

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}
interface PageResult {
  label: string;
  status: number;
  placeholder: boolean;
  saturation: Figures;
  halfRate: Figures | null;
  ratioToRaw: number;
  gzip?: { saturation: Figures; ratioToRaw: number };
  uncached?: { saturation: Figures; halfRate: Figures | null; ratioToRaw: number; cpuMsPerRequest?: number | null };
  renderOnly?: { requestsPerSecond: number; uncachedShare: number };
  singleRequestMs?: number;
}
interface Run {
  date: string;
  machine: { cpu: string; cores: number; memoryGiB: number; os: string; node: string; loadAverage: number };
  settings: { durationSeconds: number; connections: number; reports: number };
  raw: { plain: Figures; gzip: Figures; homeBytes: number };
  rssAfterUncachedMegabytes?: number | null;
  rssAfterQuietMegabytes?: number | null;
  exported?: {
    rows: number;
    bytes: number;
    firstByteMs: number;
    totalMs: number;
    rssGrowthMegabytes: number | null;
  } | null;
  pages: PageResult[];
  browserFormatting: {
    inputBytes: number;
    formatMs: number;
    longestTaskMs: number;
    longTasks: number;
    longestFrameMs?: number;
    pasteTaskMs: number;
  } | null;
  underAttack?: AttackResult | null;
  targets: { name: string; value: number | null; limit: number; met: boolean | null; unit: string }[];
  clientJavaScript: {
    largestPublic: number;
    largestAdmin: number;
    largestPublicBrotli?: number;
    largestWithoutReact?: number;
  };
}

const root = path.resolve(import.meta.dirname, "..", "..");
const results = JSON.parse(readFileSync(path.join(root, "bench", "results.json"), "utf8")) as {
  standard: Run | null;
  large: Run | null;
  soak?: {
    date: string;
    minutes: number;
    paths: number;
    rssMegabytes: (number | null)[];
    requestsPerSecond: number[];
    errors: number;
    flat: boolean | null;
  };
};

function table(run: Run): string {
  const busyNote =
    run.machine.loadAverage > run.machine.cores
      ? " (a busy machine: absolute figures are low, ratios hold better)"
      : "";
  const lines = [
    `${run.settings.reports.toLocaleString("en")} reports, ${run.date.slice(0, 10)}. ${run.machine.cpu}, ` +
      `${run.machine.cores} cores, ${run.machine.memoryGiB} GiB, ${run.machine.os}, Node ${run.machine.node}; ` +
      `load average ${run.machine.loadAverage} at the start${busyNote}. ` +
      `${run.settings.durationSeconds} s per run, ${run.settings.connections} connections. Raw node:http ` +
      `server on the home page's ${run.raw.homeBytes.toLocaleString("en")} bytes: ` +
      `${run.raw.plain.requestsPerSecond} req/s, with gzip ${run.raw.gzip.requestsPerSecond} req/s.`,
    "",
    "| page | req/s | p50 ms | p99 ms | × raw | p50 / p99 ms at half load | uncached req/s | " +
      "uncached × raw | uncached p50 / p99 ms at half load | uncached CPU ms per request | render only req/s | " +
      "uncached ÷ render only | gzip req/s | gzip × raw |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...run.pages.map((page) => {
      const note = page.placeholder ? " (placeholder page)" : page.status !== 200 ? ` (HTTP ${page.status})` : "";
      const half = page.halfRate ? `${page.halfRate.p50Ms} / ${page.halfRate.p99Ms}` : "-";
      const uncached = page.uncached;
      const uncachedHalf = uncached?.halfRate ? `${uncached.halfRate.p50Ms} / ${uncached.halfRate.p99Ms}` : "-";
      return (
        `| ${page.label}${note} | ${page.saturation.requestsPerSecond} | ${page.saturation.p50Ms} | ` +
        `${page.saturation.p99Ms} | ${page.ratioToRaw} | ${half} | ` +
        `${uncached?.saturation.requestsPerSecond ?? "-"} | ${uncached?.ratioToRaw ?? "-"} | ${uncachedHalf} | ` +
        `${uncached?.cpuMsPerRequest ?? "-"} | ` +
        `${page.renderOnly?.requestsPerSecond ?? "-"} | ${page.renderOnly?.uncachedShare ?? "-"} | ` +
        `${page.gzip?.saturation.requestsPerSecond ?? "-"} | ${page.gzip?.ratioToRaw ?? "-"} |`
      );
    }),
    "",
    "Targets:",
    "",
    ...run.targets.map(
      (target) =>
        `- ${target.met === null ? "not measured" : target.met ? "met" : "**missed**"}: ${target.name}: ` +
        `${target.value ?? "-"}${target.unit} (${target.unit === "x" ? "at least" : "under"} ` +
        `${target.limit}${target.unit})`,
    ),
  ];
  if (run.browserFormatting) {
    const browser = run.browserFormatting;
    lines.push(
      `- JSON tool in Chromium, ${(browser.inputBytes / 1e6).toFixed(0)} MB: formatted in ` +
        `${browser.formatMs} ms, longest main-thread task ${browser.longestTaskMs} ms (${browser.longTasks} ` +
        `${browser.longTasks === 1 ? "task" : "tasks"} over 50 ` +
        `ms)${browser.longestFrameMs === undefined ? "" : `, longest frame ${browser.longestFrameMs} ms`}; ` +
        `putting the text into the textarea took ${browser.pasteTaskMs} ms.`,
    );
  }
  if (run.underAttack) {
    const attack = run.underAttack;
    const answers = attack.attacks.map(
      (item) =>
        `${item.name} (${Object.entries(item.statuses)
          .map(([status, count]) => (count === item.sent ? status : `${count} × ${status}`))
          .join(", ")}; slowest ${item.slowestMs} ms)`,
    );
    lines.push(
      `- Under attack for ${attack.seconds} s (each request below once a second): /api/health p50 ` +
        `${attack.p50Ms} ms, p99 ${attack.p99Ms} ms, slowest ${attack.maxMs} ms; ${attack.failedProbes} of ` +
        `${attack.probes} probes failed. The attacks and their answers: ${answers.join("; ")}.`,
    );
  }
  const brotli = run.clientJavaScript.largestPublicBrotli;
  // Runs from before pages went without React have no such figure.
  const withoutReact = run.clientJavaScript.largestWithoutReact;
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  lines.push(
    "- Client JavaScript, gzipped: " +
      (withoutReact === undefined ? "" : `pages without React ${kB(withoutReact)} (the enhancement script), `) +
      `largest public page ${kB(run.clientJavaScript.largestPublic)}, ` +
      `largest admin page ${kB(run.clientJavaScript.largestAdmin)}` +
      (brotli ? `; as browsers receive it (brotli), the largest public page is ${kB(brotli)}.` : "."),
  );
  if (run.exported) {
    const exported = run.exported;
    lines.push(
      `- The CSV export of every report (${exported.rows.toLocaleString("en-US")} rows, ` +
        `${(exported.bytes / 1e6).toFixed(1)} MB): first byte after ${exported.firstByteMs} ms, the last after ` +
        `${exported.totalMs} ms; the worker's RSS grew at most ${exported.rssGrowthMegabytes} MB while it streamed.`,
    );
  }
  if (run.rssAfterUncachedMegabytes) {
    const quiet = run.rssAfterQuietMegabytes ? `, ${run.rssAfterQuietMegabytes} MB once it had been quiet` : "";
    lines.push(`- The server worker's RSS after the uncached pass: ${run.rssAfterUncachedMegabytes} MB${quiet}.`);
  }
  return lines.join("\n");
}

if (results.standard) console.log(`#### Standard data set\n\n${table(results.standard)}\n`);
if (results.large) console.log(`#### Large data set (\`--large\`)\n\n${table(results.large)}\n`);
if (results.soak) {
  const soak = results.soak;
  console.log(
    `#### Soak (\`--soak\`, ${soak.date.slice(0, 10)})\n\n${soak.minutes} minutes of uncached load cycling through ` +
      `${soak.paths} pages: ${Math.min(...soak.requestsPerSecond)}–${Math.max(...soak.requestsPerSecond)} req/s, ` +
      `${soak.errors} errors; the worker's RSS ${soak.rssMegabytes.join(" → ")} MB, ` +
      `${soak.flat ? "flat" : "not flat"} (the last sample within 10% of the one after the first minute).\n`,
  );
}
const lighthouseFile = path.join(root, "bench", "lighthouse.json");
if (existsSync(lighthouseFile)) {
  const lighthouse = JSON.parse(readFileSync(lighthouseFile, "utf8")) as {
    date: string;
    runsPerPage: number;
    machine: { loadAverage?: number };
    results: { page: string; scores: Record<string, number> }[];
  };
  console.log(
    `#### Lighthouse (mobile, median of ${lighthouse.runsPerPage}, ` +
      `${lighthouse.date.slice(0, 10)}, load average ` +
      `${lighthouse.machine.loadAverage ?? "?"})\n`,
  );
  console.log("| page | performance | accessibility | best practices | SEO |\n| --- | ---: | ---: | ---: | ---: |");
  for (const result of lighthouse.results) {
    console.log(
      `| ${result.page} | ${result.scores.performance} | ${result.scores.accessibility} ` +
        `| ${result.scores["best-practices"]} | ${result.scores.seo} |`,
    );
  }
}
