// npm run lighthouse [-- --no-build] [-- --runs=3]
//
// Lighthouse (mobile, its default simulated throttling) on the home page, a report, a tool and the contact
// page, each run several times with the median score kept. Targets: performance 100 (98 on the JSON tool);
// accessibility, best practices and SEO 100. Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) on
// loopback, prints a table, writes bench/lighthouse.json, and exits 1 when a target is missed.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { buildProductionServer, describeMachine, median, startDemoServer, LOOPBACK } from "./bench/run.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const runs = Math.min(5, Math.max(1, Number([...args].find((arg) => arg.startsWith("--runs="))?.slice(7) ?? 3)));
const buildDir = path.join(root, "build-bench");
const dataDir = path.join(root, "node_modules", ".cache", "lighthouse-data");
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const APP_PORT = 3393;
const DEBUG_PORT = 9333;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
/** The JSON tool hydrates React, whose download the simulated phone network cannot hide. */
const PERFORMANCE_TARGET_OF_PAGE: Record<string, number> = { "JSON tool": 98 };
const targetOf = (page: string, category: (typeof CATEGORIES)[number]) =>
  category === "performance" ? (PERFORMANCE_TARGET_OF_PAGE[page] ?? TARGETS.performance) : TARGETS[category];
const log = (message: string) => console.log(`[lighthouse] ${message}`);

if (!existsSync(chromiumPath)) {
  console.error(`[lighthouse] no Chromium at ${chromiumPath}: apt-get install chromium, or set CHROMIUM_PATH`);
  process.exit(2);
}

buildProductionServer(root, buildDir, { reuse: args.has("--no-build"), log });

const app = await startDemoServer({
  root,
  port: APP_PORT,
  dataDir,
  buildDir,
  admin: { email: "lighthouse@example.com", password: "lighthouse admin password 1" },
});

const profileDir = mkdtempSync(path.join(tmpdir(), "lighthouse-chromium-"));
const chromium = spawn(
  chromiumPath,
  [
    "--headless=new",
    `--remote-debugging-port=${DEBUG_PORT}`,
    `--user-data-dir=${profileDir}`,
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "about:blank",
  ],
  { stdio: "ignore" },
);

async function stopAll() {
  chromium.kill("SIGTERM");
  await app.stop();
  rmSync(profileDir, { recursive: true, force: true });
}

try {
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`http://${LOOPBACK}:${DEBUG_PORT}/json/version`);
      break;
    } catch {
      if (attempt > 100) throw new Error("Chromium's debugging port did not open");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const base = `http://${LOOPBACK}:${APP_PORT}`;
  const list = (await (await fetch(`${base}/api/camera/reports?size=1`)).json()) as { reports?: { id: string }[] };
  const reportId = list.reports?.[0]?.id;
  const pages = [
    { name: "home", url: `${base}/` },
    ...(reportId ? [{ name: "report detail", url: `${base}/camera2/${reportId}` }] : []),
    { name: "JSON tool", url: `${base}/tools/json-pretty-format` },
    { name: "contact", url: `${base}/contact` },
  ];
  if (!reportId) log("no camera report to audit: the report detail page is left out");

  const results = [];
  for (const page of pages) {
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
    const failedAudits = new Set<string>();
    for (let run = 0; run < runs; run++) {
      const outcome = await lighthouse(page.url, {
        port: DEBUG_PORT,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (!outcome) throw new Error(`Lighthouse returned nothing for ${page.url}`);
      const { lhr } = outcome;
      for (const category of CATEGORIES)
        scores[category]!.push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && category !== "performance") {
            // The items say what exactly failed (which issue, which element), not only the audit's title.
            const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
            failedAudits.add(
              `${category}: ${audit.title}${items.length ? ` ${JSON.stringify(items).slice(0, 600)}` : ""}`,
            );
          }
        }
      }
      if (run === 0) {
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? "-";
        log(
          `${page.name}: FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
            `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}; ` +
            // Lighthouse's measure of this machine's speed: the simulated phone takes 4 times its main-thread time.
            `benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
        );
        // Where the main thread's time went, and its long tasks: what Total Blocking Time is made of.
        const items = (id: string) =>
          ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 6);
        const work = items("mainthread-work-breakdown").map(
          (item) => `${item.groupLabel} ${Math.round(Number(item.duration))}`,
        );
        const longTasks = items("long-tasks").map((item) => `${item.url} ${Math.round(Number(item.duration))}`);
        log(`${page.name}: main thread ms: ${work.join(", ")}; long tasks ms: ${longTasks.join(", ") || "none"}`);
      }
    }
    const medians = Object.fromEntries(CATEGORIES.map((category) => [category, median(scores[category]!)])) as Record<
      (typeof CATEGORIES)[number],
      number
    >;
    results.push({
      page: page.name,
      path: new URL(page.url).pathname,
      scores: medians,
      runs: scores,
      failedAudits: [...failedAudits],
    });
  }

  console.table(results.map((result) => ({ page: result.page, ...result.scores })));
  const misses = results.flatMap((result) =>
    CATEGORIES.filter((category) => result.scores[category] < targetOf(result.page, category)).map(
      (category) => `${result.page} ${category} ${result.scores[category]} (target ${targetOf(result.page, category)})`,
    ),
  );
  for (const result of results) for (const audit of result.failedAudits) log(`${result.page}: failed audit, ${audit}`);
  mkdirSync(path.join(root, "bench"), { recursive: true });
  writeFileSync(
    path.join(root, "bench", "lighthouse.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: describeMachine(),
        chromium: chromiumPath,
        runsPerPage: runs,
        formFactor: "mobile",
        targets: { ...TARGETS, performanceByPage: PERFORMANCE_TARGET_OF_PAGE },
        results,
      },
      null,
      2,
    ) + "\n",
  );
  log(`wrote bench/lighthouse.json${misses.length ? `; missed: ${misses.join("; ")}` : "; every target met"}`);
  await stopAll();
  process.exit(misses.length ? 1 : 0);
} catch (error) {
  await stopAll();
  throw error;
}
