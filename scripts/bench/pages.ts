// The pages the benchmark loads, and how one page is probed (a single request) and measured (autocannon runs).
import { MAX_REACH } from "#shared/contract/camera-vocabulary.ts";
import { workerCpuMilliseconds } from "./memory.ts";
import { jsonDocument, load, multipartBody, LOOPBACK, round, type ChildServer, type RunFigures } from "./run.ts";

export interface PageSpec {
  key: string;
  label: string;
  path: string;
  /** Paths requested in turn (path is the first, the one probed). */
  paths?: string[];
  /** Paths of the pass with the page cache off, when they differ from paths. */
  uncachedPaths?: string[];
  method?: "GET" | "POST";
  body?: Buffer;
  headers?: Record<string, string>;
}

/**
 * Searches of the report list that each read differently: every sort both ways, deep pages, each kind of filter
 * alone and combined with a sort, grouped by model. The page cache answers a repeated one; the uncached pass renders
 * each (its API answer may come from the 10-second list cache).
 */
export const REPORT_LIST_COMBINATIONS = [
  "/camera2/report_list?sort=device",
  "/camera2/report_list?sort=manufacturer&dir=desc",
  "/camera2/report_list?sort=cameras&page=100",
  "/camera2/report_list?sort=level&dir=asc",
  "/camera2/report_list?sort=android&page=150",
  "/camera2/report_list?sort=uploaded&dir=asc&page=50",
  "/camera2/report_list?mfr=Google&sort=device",
  "/camera2/report_list?mfr=samsung&mfr=Xiaomi&sort=android&page=20",
  "/camera2/report_list?min_sdk=30&max_sdk=33&sort=cameras",
  "/camera2/report_list?min_mp=48&sort=level",
  "/camera2/report_list?min_mp=100&sort=device&dir=desc",
  "/camera2/report_list?feature=4k&sort=device&page=40",
  "/camera2/report_list?feature=ois&feature=60fps&sort=manufacturer",
  "/camera2/report_list?feature=high_speed&min_sdk=33&sort=android",
  "/camera2/report_list?cap=DEPTH_OUTPUT&sort=cameras&dir=asc",
  "/camera2/report_list?q=pixel&feature=raw&sort=level",
  "/camera2/report_list?facing=EXTERNAL&sort=uploaded&dir=asc",
  "/camera2/report_list?min_level=LEVEL_3&feature=logical_multi_camera&sort=device&page=5",
  "/camera2/report_list?mfr=Google&model=Pixel+7&sort=android",
  "/camera2/report_list?group=model",
  "/camera2/report_list?group=model&feature=4k&sort=manufacturer",
  "/camera2/report_list?size=100&sort=level&page=99",
  "/camera2/report_list?size=25&min_mp=12&max_sdk=30&sort=android&dir=asc",
  "/camera2/report_list?min_sdk=99&sort=device",
];

/**
 * The combinations varied by page, page size and direction, 1,152 in all, so that with the page cache off no request
 * repeats one of the last several seconds (the /api list cache keeps an answer 5 s; 1,152 requests take longer than
 * that even at 200 a second): each is read from the database and rendered, as a visitor's new search is. Cycling the
 * 24 alone measured mostly answers of that cache, and their entries, loaded together, expired together: a burst of
 * 24 database reads at once.
 */
export function newReportListCombinations(): string[] {
  const pageShifts = 8;
  const combinations: string[] = [];
  for (let pageShift = 0; pageShift < pageShifts; pageShift++) {
    for (const size of [25, 50, 100]) {
      for (const dir of ["desc", "asc"]) {
        for (const combination of REPORT_LIST_COMBINATIONS) {
          const url = new URL(combination, "http://bench.invalid");
          // The deepest pages stay within the list's reach (MAX_REACH reports), still one apart.
          const deepest = Math.floor(MAX_REACH / size);
          const page = Math.min(Number(url.searchParams.get("page") ?? 1), deepest - pageShifts + 1) + pageShift;
          url.searchParams.set("page", String(page));
          url.searchParams.set("size", String(size));
          url.searchParams.set("dir", dir);
          combinations.push(url.pathname + url.search);
        }
      }
    }
  }
  return combinations;
}

/** The measured pages, those named by --only when it is given; the report and the search come from the seed. */
export function benchPages(seed: { reportId: string; searchTerm: string }, only: string[] | undefined): PageSpec[] {
  const jsonForm = multipartBody({ intent: "format", indent: "2", input: jsonDocument(1024 * 1024) });
  const newCombinations = newReportListCombinations();
  const pages: PageSpec[] = [
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
      // A browser says where a form post comes from; the site refuses one that shows nothing (server/lib/csrf.ts).
      headers: { "content-type": jsonForm.contentType, "sec-fetch-site": "same-origin" },
    },
    { key: "api-reports", label: "GET /api/camera/reports", path: "/api/camera/reports" },
    { key: "stats", label: "camera report statistics", path: "/camera2/stats" },
    {
      key: "list-combos",
      label:
        `report list, ${REPORT_LIST_COMBINATIONS.length} filter and sort combinations in turn ` +
        `(uncached: ${newCombinations.length.toLocaleString("en")} new ones)`,
      path: REPORT_LIST_COMBINATIONS[0]!,
      paths: REPORT_LIST_COMBINATIONS,
      uncachedPaths: newCombinations,
    },
    { key: "terms", label: "/terms", path: "/terms" },
  ];
  return pages.filter((page) => !only || only.includes(page.key));
}

export interface Probe {
  status: number;
  bytes: number;
  serverTiming: string | null;
  /** The page is still the "coming soon" placeholder of a feature that has not landed. */
  placeholder: boolean;
}

export async function probe(
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

export interface MeasureOptions {
  connections: number;
  durationSeconds: number;
  extraHeaders?: Record<string, string>;
  /** Also a run at half the saturation rate, where latency is read without queueing. */
  withHalfRate?: boolean;
  /** Also the worker's CPU time per request of the saturation run. */
  withCpu?: boolean;
}

export async function measure(
  server: ChildServer,
  page: PageSpec,
  { connections, durationSeconds, extraHeaders = {}, withHalfRate = true, withCpu = false }: MeasureOptions,
): Promise<{ saturation: RunFigures; halfRate: RunFigures | null; cpuMsPerRequest: number | null }> {
  const options = {
    path: page.path,
    paths: page.paths,
    method: page.method,
    body: page.body,
    headers: { ...page.headers, ...extraHeaders },
    connections,
  };
  await load(server.port, { ...options, durationSeconds: 1 }); // warm-up: JIT, caches, connection pool
  const cpuBefore = withCpu ? workerCpuMilliseconds(server) : null;
  const saturation = await load(server.port, { ...options, durationSeconds });
  const cpuAfter = withCpu ? workerCpuMilliseconds(server) : null;
  const cpuMsPerRequest =
    cpuBefore !== null && cpuAfter !== null && saturation.requests > 0
      ? round((cpuAfter - cpuBefore) / saturation.requests, 2)
      : null;
  let halfRate: RunFigures | null = null;
  if (withHalfRate && saturation.requestsPerSecond > 2) {
    await untilIdle(server);
    halfRate = await load(server.port, {
      ...options,
      durationSeconds,
      rate: Math.max(1, Math.floor(saturation.requestsPerSecond / 2)),
    });
  }
  return { saturation, halfRate, cpuMsPerRequest };
}

/**
 * Waits until the worker has finished the saturation run's last requests: the load ends with a request in flight on
 * every connection, and a rendered page's run left up to 170 ms of them queued (ten list pages at 100,000 reports),
 * which the half-rate run's first requests waited behind. Idle: at most one clock tick of CPU in 100 ms, twice.
 */
async function untilIdle(server: ChildServer): Promise<void> {
  const tickMs = 10;
  let idleSamples = 0;
  let before = workerCpuMilliseconds(server);
  for (let waited = 0; before !== null && idleSamples < 2 && waited < 5_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = workerCpuMilliseconds(server);
    if (now === null) return;
    idleSamples = now - before <= tickMs ? idleSamples + 1 : 0;
    before = now;
  }
}

export interface PageResult {
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
  uncached?: {
    saturation: RunFigures;
    halfRate: RunFigures | null;
    ratioToRaw: number;
    /** The worker's CPU time per request of the saturation run (scripts/bench/memory.ts). */
    cpuMsPerRequest?: number | null;
  };
  /**
   * React alone rendering the page's route tree with its data in memory, one render after another: the rate the
   * page could reach if the session, the /api calls, the database and the serialisation cost nothing.
   * uncachedShare is the uncached req/s over this rate (0.5: the rest of the request costs as much as the render).
   */
  renderOnly?: { requestsPerSecond: number; msPerRender: number; ratioToRaw: number; uncachedShare: number };
  singleRequestMs?: number;
}

export function byKeyOf<T extends { key: string }>(list: T[], key: string): T | undefined {
  return list.find((item) => item.key === key);
}
