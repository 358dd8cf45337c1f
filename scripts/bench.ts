// npm run bench [-- --large] [-- --no-build] [-- --duration=5] [-- --only=home,terms] [-- --soak] [-- --help]
//
// Builds the production server, seeds a known data set, and loads each page with autocannon on loopback. In the
// same run a raw node:http server answers the identical bytes of the home page, so every figure also reads as a
// ratio to that server, which holds on a noisy machine. Compression is off on both sides for the ratio; a second
// pass measures both with gzip on. A "render only" pass times React alone on each uncached page's route tree and
// data, and --soak runs 10 minutes of mixed uncached load watching the server's memory. Prints a table and writes
// bench/results.json (the standard and the --large results sit side by side there; a run replaces its own half).
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { measureHealthUnderAttack, type AttackResult } from "./bench/attack.ts";
import { measureFairShare, type PhaseFigures } from "./bench/fair-share.ts";
import { measureJsonToolResponsiveness, type ResponsivenessResult } from "./bench/browser.ts";
import { measurePageBundles } from "./bench/client-bundle.ts";
import { measureExport, type ExportResult } from "./bench/export.ts";
import { soak, workerRssMegabytes } from "./bench/memory.ts";
import { benchPages, byKeyOf, measure, probe, type PageResult } from "./bench/pages.ts";
import { readRenderOnly } from "./bench/render-only.ts";
import { clientJavaScriptFigures, printRun, saveRun, saveSoak, type BenchRun } from "./bench/results.ts";
import { buildProductionServer, describeMachine, median, round, startChild, LOOPBACK } from "./bench/run.ts";
import { benchTargets } from "./bench/targets.ts";
import { USAGE } from "./bench/usage.ts";
import { CHECK_EVERY_MS, QUIET_BEFORE_RELEASE_MS } from "#host/process/quiet-memory.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = new Map(
  process.argv.slice(2).map((argument) => {
    const [key, value] = argument.replace(/^--/, "").split("=");
    return [key!, value ?? "true"] as const;
  }),
);
const large = args.has("large");
const durationSeconds = Math.min(10, Math.max(2, Number(args.get("duration") ?? 5)));
const only = args.get("only")?.split(",");
const buildDir = path.join(root, "build-bench");
const dataDir = path.join(root, "node_modules", ".cache", "bench-data");
const resultsFile = path.join(root, "bench", "results.json");
const node = process.execPath;
const PORTS = { app: 3390, raw: 3391, rawGzip: 3392 };
const CONNECTIONS = 10;
const REPORTS = large ? 100_000 : 1_000;
/** PGlite's shared buffers: the default, and for 100,000 reports the setting docs/configuration.md gives for it. */
const PGLITE_BUFFERS_MB = large ? 64 : 16;
const BENCH_ADMIN = { email: "bench@example.com", password: "bench admin password 1" };
const ATTACK_SECONDS = 20;
/** Searches the soak cycles through, each its own page and its own read of the list. */
const SOAK_SEARCHES = [
  "pixel",
  "samsung",
  "xiaomi",
  "fairphone",
  "galaxy",
  "oneplus",
  "sony",
  "nokia",
  "moto",
  "redmi",
];

if (args.has("help")) {
  console.log(USAGE);
  process.exit(0);
}
const log = (message: string) => console.log(`[bench] ${message}`);
const started = performance.now();
const machine = describeMachine();
if (machine.loadAverage > machine.cores) {
  log(
    `warning: load average ${machine.loadAverage} on ${machine.cores} cores; ` +
      `other work will skew the absolute figures (the ratios less so)`,
  );
}

// ---------------------------------------------------------------- build and seed

buildProductionServer(root, buildDir, { reuse: args.has("no-build"), log });

log(`seeding ${REPORTS.toLocaleString("en")} camera reports`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const { runnerImport } = await import("vite");
const { module: seeding } = await runnerImport<typeof import("./bench/seed-database.ts")>(
  path.join(root, "scripts/bench/seed-database.ts"),
  {
    configFile: false,
    root,
    logLevel: "error",
    resolve: { alias: { "~": path.join(root, "app") } },
  },
);
const seed = await seeding.seedBenchDatabase({
  pgliteDir: path.join(dataDir, "pglite"),
  migrationsDir: path.join(root, "server/db/migrations"),
  reports: REPORTS,
});
log(
  `seeded in ${(seed.seedMilliseconds / 1000).toFixed(1)} s ` +
    `(${seed.generated.toLocaleString("en")} generated, the rest copied)`,
);

// ---------------------------------------------------------------- what is measured

const PAGES = benchPages(seed, only);
const loadSettings = { connections: CONNECTIONS, durationSeconds };

function serverEnv(compression: boolean, pageCache = true): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: LOOPBACK,
    PORT: String(PORTS.app),
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    SEED_DEMO: "0",
    COMPRESSION: compression ? "1" : "0",
    PAGE_CACHE: pageCache ? "1" : "0",
    // The probes read where a page's time went from Server-Timing, which only administrators get otherwise.
    SERVER_TIMING: "1",
    PGLITE_BUFFERS_MB: String(PGLITE_BUFFERS_MB),
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  };
}

/** With renderOnlyFile, React's render of each page is also timed alone (scripts/bench/render-only-react.ts). */
const startApp = (compression: boolean, pageCache = true, renderOnlyFile?: string) =>
  startChild(
    node,
    [
      ...(renderOnlyFile ? ["--import", path.join(root, "scripts/bench/render-only-hook.ts")] : []),
      path.join(root, "server.ts"),
    ],
    {
      port: PORTS.app,
      env: {
        ...serverEnv(compression, pageCache),
        ...(renderOnlyFile ? { BENCH_RENDER_ONLY_FILE: renderOnlyFile } : {}),
      },
      readyPath: "/healthz/ready",
    },
  );
const startRaw = (file: string, gzip: boolean) =>
  startChild(
    node,
    [
      path.join(root, "scripts/bench/raw-server.ts"),
      String(gzip ? PORTS.rawGzip : PORTS.raw),
      file,
      ...(gzip ? ["gzip"] : []),
    ],
    {
      port: gzip ? PORTS.rawGzip : PORTS.raw,
      env: { PATH: process.env.PATH },
      readyPath: "/",
    },
  );

// ---------------------------------------------------------------- soak

if (args.has("soak")) {
  const minutes = Number(args.get("minutes") ?? 10);
  const soaked = await startApp(false, false);
  const home = (await probe(soaked, { key: "home", label: "home", path: "/" })).body.toString();
  const reports = [...new Set(home.match(/\/camera2\/[0-9a-f-]{36}/g) ?? [])].slice(0, 20);
  const searches = SOAK_SEARCHES.map((word) => `/camera2/report_list?q=${word}`);
  const paths = ["/", "/terms", "/privacy", "/contact", ...reports, ...searches];
  log(`soak: ${minutes} minutes cycling through ${paths.length} pages, the page cache off`);
  const result = await soak(soaked, paths, { minutes, connections: CONNECTIONS, log });
  await soaked.stop();
  saveSoak(resultsFile, { date: new Date().toISOString(), machine, reports: REPORTS, ...result });
  log(
    `soak: worker RSS ${result.rssMegabytes.join(" → ")} MB; ${result.flat ? "flat" : "NOT flat"} (last sample ` +
      `within 10% of the one after the first minute); ${result.errors} errors`,
  );
  process.exit(0);
}

// ---------------------------------------------------------------- run

let app = await startApp(false);
// The second answer is the page cache's stored copy (no nonce attributes): the bytes a visitor usually gets.
await probe(app, { key: "home", label: "home", path: "/" });
const homeProbe = await probe(app, { key: "home", label: "home", path: "/" });
const homeFile = path.join(dataDir, "home.html");
writeFileSync(homeFile, homeProbe.body);
log(`home page: ${homeProbe.bytes.toLocaleString("en")} bytes; raw server answers the same bytes`);

const raw = await startRaw(homeFile, false);
const rawPlain = await measure(raw, { key: "raw", label: "raw", path: "/" }, { ...loadSettings, withHalfRate: false });
await raw.stop();
log(`raw node:http: ${rawPlain.saturation.requestsPerSecond} req/s, p50 ${rawPlain.saturation.p50Ms} ms`);

const pages: PageResult[] = [];
for (const page of PAGES) {
  const first = await probe(app, page);
  log(
    `${page.label}: HTTP ${first.status}, ${first.bytes.toLocaleString("en")} ` +
      `bytes${first.placeholder ? " (placeholder page)" : ""}; Server-Timing ` +
      `${first.serverTiming ?? "none"}`,
  );
  const { saturation, halfRate } = await measure(app, page, loadSettings);
  const result: PageResult = {
    key: page.key,
    label: page.label,
    path: page.path.length > 80 ? `${page.path.slice(0, 77)}...` : page.path,
    status: first.status,
    placeholder: first.placeholder,
    responseBytes: first.bytes,
    serverTiming: (await probe(app, page)).serverTiming,
    saturation,
    halfRate,
    ratioToRaw: round(saturation.requestsPerSecond / rawPlain.saturation.requestsPerSecond, 2),
  };
  if (page.key === "json-tool") {
    // One request at a time: how long formatting 1 MB takes with nothing else going on.
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const begin = performance.now();
      await probe(app, page);
      times.push(performance.now() - begin);
    }
    result.singleRequestMs = round(median(times));
  }
  pages.push(result);
}
let browserFormatting: ResponsivenessResult | null = null;
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (byKeyOf(pages, "json-tool")?.status === 200 && existsSync(chromiumPath)) {
  try {
    browserFormatting = await measureJsonToolResponsiveness(`http://${LOOPBACK}:${PORTS.app}`, chromiumPath);
    log(
      `JSON tool in Chromium, 10 MB: formatted in ${browserFormatting.formatMs} ms, longest main-thread task ` +
        `${browserFormatting.longestTaskMs} ms (${browserFormatting.longTasks} over 50 ms), longest frame ` +
        `${browserFormatting.longestFrameMs} ms; setting the textarea took ${browserFormatting.pasteTaskMs} ms`,
    );
  } catch (error) {
    log(`JSON tool in Chromium: not measured (${error instanceof Error ? error.message : String(error)})`);
  }
}
await app.stop();

log("second pass: the page cache off, every request rendered");
app = await startApp(false, false);
for (const result of pages) {
  const page = PAGES.find((candidate) => candidate.key === result.key)!;
  if (page.method === "POST" || page.path.startsWith("/api/")) continue;
  const rendered = page.uncachedPaths ? { ...page, paths: page.uncachedPaths } : page;
  const { saturation, halfRate, cpuMsPerRequest } = await measure(app, rendered, { ...loadSettings, withCpu: true });
  result.uncached = {
    saturation,
    halfRate,
    ratioToRaw: round(saturation.requestsPerSecond / rawPlain.saturation.requestsPerSecond, 2),
    cpuMsPerRequest,
  };
}
const rssAfterUncachedMegabytes = workerRssMegabytes(app);
// The worker gives the burst's memory back once it has been quiet for a while (docs/decisions/0037).
log(`the worker's RSS after the uncached pass: ${rssAfterUncachedMegabytes ?? "?"} MB; waiting for it to fall quiet`);
await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_RELEASE_MS + CHECK_EVERY_MS + 2_000));
const rssAfterQuietMegabytes = workerRssMegabytes(app);
await app.stop();

log("render only: React alone renders each uncached page's route tree and data, again and again");
const renderOnlyFile = path.join(dataDir, "render-only.jsonl");
rmSync(renderOnlyFile, { force: true });
app = await startApp(false, false, renderOnlyFile);
for (const result of pages) {
  if (result.uncached)
    await probe(
      app,
      PAGES.find((candidate) => candidate.key === result.key)!,
    );
}
await app.stop();
const renderOnly = readRenderOnly(renderOnlyFile);
for (const result of pages) {
  const figures = result.uncached && renderOnly.get(PAGES.find((page) => page.key === result.key)!.path);
  if (!figures || !result.uncached) continue;
  result.renderOnly = {
    requestsPerSecond: round(figures.rendersPerSecond),
    msPerRender: round(figures.msPerRender, 2),
    ratioToRaw: round(figures.rendersPerSecond / rawPlain.saturation.requestsPerSecond, 2),
    uncachedShare: round(result.uncached.saturation.requestsPerSecond / figures.rendersPerSecond, 2),
  };
}

log("third pass: gzip on both sides");
app = await startApp(true);
const gzipHeaders = { "accept-encoding": "gzip" };
const rawGzipServer = await startRaw(homeFile, true);
const rawGzip = await measure(
  rawGzipServer,
  { key: "raw", label: "raw", path: "/" },
  { ...loadSettings, extraHeaders: gzipHeaders, withHalfRate: false },
);
await rawGzipServer.stop();
for (const result of pages) {
  const page = PAGES.find((candidate) => candidate.key === result.key)!;
  const compressed = await probe(app, page, gzipHeaders);
  const { saturation } = await measure(app, page, { ...loadSettings, extraHeaders: gzipHeaders, withHalfRate: false });
  result.gzip = {
    saturation,
    ratioToRaw: round(saturation.requestsPerSecond / rawGzip.saturation.requestsPerSecond, 2),
    responseBytes: compressed.bytes,
  };
}
await app.stop();

let exported: ExportResult | null = null;
if (!only || only.includes("export")) {
  app = await startApp(false);
  exported = await measureExport(app, "/camera2/report_list/export.csv");
  log(
    `export of every report: ${exported.rows.toLocaleString("en-US")} rows, ` +
      `${exported.bytes.toLocaleString("en-US")} bytes; first byte ${exported.firstByteMs} ms, ` +
      `last ${exported.totalMs} ms; worker RSS ` +
      `${exported.rssBeforeMegabytes} MB, ${exported.rssAfterWarmUpMegabytes} MB after a first export, then at most ` +
      `${exported.rssGrowthMegabytes} MB more while streaming`,
  );
  await app.stop();
}

// Last, on a server of its own: the attack writes deep values into the data set and may take the server down.
let underAttack: AttackResult | null = null;
if (!only || only.includes("attack")) {
  log(
    `fourth pass: /api/health 10 times a second for ${ATTACK_SECONDS} s while an ` +
      `attacker sends the worst request of each kind once a second`,
  );
  app = await startApp(true);
  try {
    underAttack = await measureHealthUnderAttack(PORTS.app, BENCH_ADMIN, ATTACK_SECONDS);
    log(
      `health probe under attack: p50 ${underAttack.p50Ms} ms, p99 ${underAttack.p99Ms} ms, max ` +
        `${underAttack.maxMs} ms, ${underAttack.failedProbes} of ${underAttack.probes} failed`,
    );
  } catch (error) {
    log(`health probe under attack: not measured (${error instanceof Error ? error.message : String(error)})`);
  }
  await app.stop();
}

// One client's share, with the admission defaults (the scenario tests/hostile/fair-share.test.ts asserts).
let fairShare: PhaseFigures[] | null = null;
if (!only || only.includes("fair-share")) {
  log("fifth pass: one address × 20, then 5 addresses × 4, on each expensive path in turn");
  app = await startApp(true);
  fairShare = await measureFairShare(`http://${LOOPBACK}:${PORTS.app}`, durationSeconds * 1_000, log);
  await app.stop();
}

// ---------------------------------------------------------------- targets and report

const targets = benchTargets({
  pages,
  large,
  browserFormatting,
  underAttack,
  exported,
  rssAfterUncachedMegabytes,
  rssAfterQuietMegabytes,
  rawRequestsPerSecond: rawPlain.saturation.requestsPerSecond,
});
const bundles = await measurePageBundles(buildDir);
const run: BenchRun = {
  date: new Date().toISOString(),
  machine,
  settings: {
    durationSeconds,
    connections: CONNECTIONS,
    reports: REPORTS,
    generatedReports: seed.generated,
    pgliteBuffersMegabytes: PGLITE_BUFFERS_MB,
    halfRate: "half the saturation rate: evenly paced up to 1,000 req/s (scripts/bench/paced.ts), autocannon above",
  },
  raw: { plain: rawPlain.saturation, gzip: rawGzip.saturation, homeBytes: homeProbe.bytes },
  rssAfterUncachedMegabytes,
  rssAfterQuietMegabytes,
  pages,
  browserFormatting,
  underAttack,
  fairShare,
  exported,
  targets,
  clientJavaScript: clientJavaScriptFigures(bundles),
  totalSeconds: 0,
};
run.totalSeconds = round((performance.now() - started) / 1000);

saveRun(resultsFile, large, run);
printRun(run, path.relative(root, resultsFile));
