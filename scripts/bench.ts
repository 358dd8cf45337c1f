// npm run bench [-- --large] [-- --no-build] [-- --duration=5] [-- --only=home,terms]
//
// Builds the production server, seeds a known data set, and loads each page with autocannon on loopback. In the
// same run a raw node:http server answers the identical bytes of the home page, so every figure also reads as a
// ratio to that server, which holds on a noisy machine. Compression is off on both sides for the ratio; a second
// pass measures both with gzip on. Prints a table and writes bench/results.json (the standard and the --large
// results sit side by side there; a run replaces its own half).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { measureHealthUnderAttack, type AttackResult } from "./bench/attack.ts";
import { measureJsonToolResponsiveness, type ResponsivenessResult } from "./bench/browser.ts";
import { formatKilobytes, measurePageBundles } from "./bench/client-bundle.ts";
import {
  buildProductionServer,
  describeMachine,
  jsonDocument,
  load,
  median,
  multipartBody,
  round,
  startChild,
  LOOPBACK,
  type ChildServer,
  type RunFigures,
} from "./bench/run.ts";

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
const BENCH_ADMIN = { email: "bench@example.com", password: "bench admin password 1" };
const ATTACK_SECONDS = 20;

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

interface PageSpec {
  key: string;
  label: string;
  path: string;
  method?: "GET" | "POST";
  body?: Buffer;
  headers?: Record<string, string>;
}

const jsonForm = multipartBody({ intent: "format", indent: "2", input: jsonDocument(1024 * 1024) });
const PAGES: PageSpec[] = [
  { key: "home", label: "home (50 reports)", path: "/" },
  { key: "report", label: "report detail", path: `/camera2/${seed.reportId}` },
  {
    key: "search",
    label: `report list, search "${seed.searchTerm}"`,
    path: `/camera2/report_list?q=${encodeURIComponent(seed.searchTerm)}`,
  },
  {
    key: "json-tool",
    label: "JSON tool, 1 MB form post",
    path: "/tools/json-pretty-format",
    method: "POST" as const,
    body: jsonForm.body,
    headers: { "content-type": jsonForm.contentType },
  },
  { key: "api-reports", label: "GET /api/camera/reports", path: "/api/camera/reports" },
  { key: "terms", label: "/terms", path: "/terms" },
].filter((page) => !only || only.includes(page.key));

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
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
}

const startApp = (compression: boolean, pageCache = true) =>
  startChild(node, [path.join(root, "server.ts")], {
    port: PORTS.app,
    env: serverEnv(compression, pageCache),
    readyPath: "/healthz/ready",
  });
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

interface Probe {
  status: number;
  bytes: number;
  serverTiming: string | null;
  /** The page is still the "coming soon" placeholder of a feature that has not landed. */
  placeholder: boolean;
}

async function probe(
  server: ChildServer,
  page: PageSpec,
  headers: Record<string, string> = {},
): Promise<Probe & { body: Buffer }> {
  const response = await fetch(`http://${LOOPBACK}:${server.port}${page.path}`, {
    method: page.method ?? "GET",
    body: page.body ? new Uint8Array(page.body) : undefined,
    headers: { ...page.headers, ...headers },
    redirect: "manual",
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    bytes: body.length,
    serverTiming: response.headers.get("server-timing"),
    placeholder: body.includes("This page is coming soon."),
    body,
  };
}

async function measure(
  server: ChildServer,
  page: PageSpec,
  extraHeaders: Record<string, string> = {},
  withHalfRate = true,
) {
  const options = {
    path: page.path,
    method: page.method,
    body: page.body,
    headers: { ...page.headers, ...extraHeaders },
    connections: CONNECTIONS,
  };
  await load(server.port, { ...options, durationSeconds: 1 }); // warm-up: JIT, caches, connection pool
  const saturation = await load(server.port, { ...options, durationSeconds });
  let halfRate: RunFigures | null = null;
  if (withHalfRate && saturation.requestsPerSecond > 2) {
    halfRate = await load(server.port, {
      ...options,
      durationSeconds,
      rate: Math.max(1, Math.floor(saturation.requestsPerSecond / 2)),
    });
  }
  return { saturation, halfRate };
}

// ---------------------------------------------------------------- run

const results: Record<string, unknown> = {};
let app = await startApp(false);
// The second answer is the page cache's stored copy (no nonce attributes): the bytes a visitor usually gets.
await probe(app, { key: "home", label: "home", path: "/" });
const homeProbe = await probe(app, { key: "home", label: "home", path: "/" });
const homeFile = path.join(dataDir, "home.html");
writeFileSync(homeFile, homeProbe.body);
log(`home page: ${homeProbe.bytes.toLocaleString("en")} bytes; raw server answers the same bytes`);

const raw = await startRaw(homeFile, false);
const rawPlain = await measure(raw, { key: "raw", label: "raw", path: "/" }, {}, false);
await raw.stop();
log(`raw node:http: ${rawPlain.saturation.requestsPerSecond} req/s, p50 ${rawPlain.saturation.p50Ms} ms`);

function byKeyOf<T extends { key: string }>(list: T[], key: string): T | undefined {
  return list.find((item) => item.key === key);
}

interface PageResult {
  key: string;
  label: string;
  path: string;
  status: number;
  placeholder: boolean;
  responseBytes: number;
  serverTiming: string | null;
  saturation: RunFigures;
  halfRate: RunFigures | null;
  ratioToRaw: number;
  gzip?: { saturation: RunFigures; ratioToRaw: number; responseBytes: number };
  /** Every request rendered (PAGE_CACHE=0): what a page costs when the page cache cannot answer it. */
  uncached?: { saturation: RunFigures; halfRate: RunFigures | null; ratioToRaw: number };
  singleRequestMs?: number;
}

const pages: PageResult[] = [];
for (const page of PAGES) {
  const first = await probe(app, page);
  log(
    `${page.label}: HTTP ${first.status}, ${first.bytes.toLocaleString("en")} ` +
      `bytes${first.placeholder ? " (placeholder page)" : ""}; Server-Timing ` +
      `${first.serverTiming ?? "none"}`,
  );
  const { saturation, halfRate } = await measure(app, page);
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
  const { saturation, halfRate } = await measure(app, page);
  result.uncached = {
    saturation,
    halfRate,
    ratioToRaw: round(saturation.requestsPerSecond / rawPlain.saturation.requestsPerSecond, 2),
  };
}
await app.stop();

log("third pass: gzip on both sides");
app = await startApp(true);
const gzipHeaders = { "accept-encoding": "gzip" };
const rawGzipServer = await startRaw(homeFile, true);
const rawGzip = await measure(rawGzipServer, { key: "raw", label: "raw", path: "/" }, gzipHeaders, false);
await rawGzipServer.stop();
for (const result of pages) {
  const page = PAGES.find((candidate) => candidate.key === result.key)!;
  const compressed = await probe(app, page, gzipHeaders);
  const { saturation } = await measure(app, page, gzipHeaders, false);
  result.gzip = {
    saturation,
    ratioToRaw: round(saturation.requestsPerSecond / rawGzip.saturation.requestsPerSecond, 2),
    responseBytes: compressed.bytes,
  };
}
await app.stop();

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

// ---------------------------------------------------------------- targets and report

const byKey = (key: string) => byKeyOf(pages, key);
const target = (name: string, value: number | undefined, limit: number, better: "above" | "below", unit = "") => ({
  name,
  value: value ?? null,
  limit,
  met: value === undefined ? null : better === "above" ? value >= limit : value < limit,
  unit,
});
const targets = [
  target("home throughput / raw server", byKey("home")?.ratioToRaw, 0.5, "above", "x"),
  target("report detail throughput / raw server", byKey("report")?.ratioToRaw, 0.4, "above", "x"),
  // The JSON tool's 1 MB post has its own target (below): formatting a megabyte cannot take under 25 ms.
  ...pages
    .filter((page) => page.key !== "json-tool")
    .map((page) => target(`${page.label}: p99 at half of saturation`, page.halfRate?.p99Ms, 25, "below", "ms")),
  target(
    "JSON tool: 1 MB formatted on the server (one request)",
    byKey("json-tool")?.singleRequestMs,
    100,
    "below",
    "ms",
  ),
  target(
    "JSON tool: longest main-thread task while the browser formats 10 MB",
    browserFormatting?.longestTaskMs,
    200,
    "below",
    "ms",
  ),
  target(
    "JSON tool: longest frame (task and rendering) while the browser formats 10 MB",
    browserFormatting?.longestFrameMs,
    200,
    "below",
    "ms",
  ),
  ...(large
    ? ["search", "home"].map((key) =>
        target(
          `${byKey(key)?.label ?? key} with 100,000 reports: p50 at half of saturation`,
          byKey(key)?.halfRate?.p50Ms,
          20,
          "below",
          "ms",
        ),
      )
    : []),
  // The same targets when the page cache cannot answer (a first visit to a URL, a signed-in visitor).
  target(
    "home throughput / raw server, every request rendered",
    byKey("home")?.uncached?.ratioToRaw,
    0.5,
    "above",
    "x",
  ),
  target(
    "report detail throughput / raw server, every request rendered",
    byKey("report")?.uncached?.ratioToRaw,
    0.4,
    "above",
    "x",
  ),
  ...pages
    .filter((page) => page.uncached)
    .map((page) =>
      target(
        `${page.label}: p99 at half of saturation, every request rendered`,
        page.uncached?.halfRate?.p99Ms,
        25,
        "below",
        "ms",
      ),
    ),
  ...(large
    ? [
        target(
          `${byKey("search")?.label ?? "search"} with 100,000 reports: p50 ` +
            `at half of saturation, every request rendered`,
          byKey("search")?.uncached?.halfRate?.p50Ms,
          20,
          "below",
          "ms",
        ),
      ]
    : []),
  target("health probe p99 under attack", underAttack?.p99Ms, 1000, "below", "ms"),
];

const bundles = await measurePageBundles(buildDir);
const run = {
  date: new Date().toISOString(),
  machine,
  settings: {
    durationSeconds,
    connections: CONNECTIONS,
    reports: REPORTS,
    generatedReports: seed.generated,
    halfRate: "autocannon overallRate = saturation req/s ÷ 2",
  },
  raw: { plain: rawPlain.saturation, gzip: rawGzip.saturation, homeBytes: homeProbe.bytes },
  pages,
  browserFormatting,
  underAttack,
  targets,
  clientJavaScript: {
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
  },
  totalSeconds: 0,
};
run.totalSeconds = round((performance.now() - started) / 1000);

mkdirSync(path.dirname(resultsFile), { recursive: true });
const previous = existsSync(resultsFile)
  ? (JSON.parse(readFileSync(resultsFile, "utf8")) as Record<string, unknown>)
  : {};
results.standard = previous.standard ?? null;
results.large = previous.large ?? null;
results[large ? "large" : "standard"] = run;
writeFileSync(resultsFile, JSON.stringify(results, null, 2) + "\n");

console.log(
  `\nMachine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ` +
    `${machine.os}, Node ${machine.node}, load average ${machine.loadAverage} at the start`,
);
console.log(
  `Data: ${REPORTS.toLocaleString("en")} reports. Each run ${durationSeconds} s, ${CONNECTIONS} connections, ` +
    `loopback. Raw node:http: ${rawPlain.saturation.requestsPerSecond} req/s plain, ` +
    `${rawGzip.saturation.requestsPerSecond} req/s gzip.\n`,
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
    "gzip req/s": page.gzip?.saturation.requestsPerSecond ?? "-",
    "gzip × raw": page.gzip?.ratioToRaw ?? "-",
    errors: page.saturation.errors + page.saturation.non2xx,
  })),
);
console.log("Targets:");
for (const item of targets) {
  const mark = item.met === null ? "n/a " : item.met ? "met " : "MISS";
  console.log(
    `  ${mark} ${item.name}: ${item.value ?? "-"}${item.unit} ` +
      `(${item.unit === "x" ? "at least" : "under"} ${item.limit}${item.unit})`,
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
  `Client JavaScript, gzipped: pages without React ${formatKilobytes(run.clientJavaScript.largestWithoutReact)} ` +
    `(the enhancement script), largest public page ${formatKilobytes(run.clientJavaScript.largestPublic)} ` +
    `(a tool; target 125 kB), largest admin page ${formatKilobytes(run.clientJavaScript.largestAdmin)} ` +
    `(target 125 kB); as sent (brotli) the largest public page is ` +
    formatKilobytes(run.clientJavaScript.largestPublicBrotli),
);
console.log(`\nWrote ${path.relative(root, resultsFile)} in ${run.totalSeconds} s`);
