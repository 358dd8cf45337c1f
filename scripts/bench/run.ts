// Pieces of the benchmark: child servers on loopback, autocannon runs, and the machine's description.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { cpus, loadavg, release, totalmem, type as osType } from "node:os";
import autocannon from "autocannon";
import { nextPathOf, type LoadOptions, type RunFigures } from "./load-types.ts";
import { pacedLoad } from "./paced.ts";

/** A file to which the servers' output is appended as it comes, if set (e.g. with a node flag's own log). */
const serverLog = process.env.BENCH_SERVER_LOG;

/** Every target is on this machine; the benchmark never sends a request anywhere else. */
export const LOOPBACK = "127.0.0.1";

export type { LoadOptions, RunFigures } from "./load-types.ts";

/**
 * Up to this rate a paced client (paced.ts) sends the half-load runs evenly. Above it, node:http on this machine
 * cannot keep the pace and its own queue would read as the server's latency; autocannon's per-second bursts take
 * over, which cost little there: ten requests of a page answered in a tenth of a millisecond queue for about 1 ms.
 */
export const PACED_RATE_LIMIT = 1_000;

export async function load(port: number, options: LoadOptions): Promise<RunFigures> {
  if (options.rate && options.rate <= PACED_RATE_LIMIT)
    return pacedLoad(port, LOOPBACK, { ...options, rate: options.rate });
  const result = await autocannon({
    url: `http://${LOOPBACK}:${port}${options.path}`,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.durationSeconds,
    overallRate: options.rate,
    timeout: 10,
    // One request whose path is chosen as it is sent: autocannon's list of requests would start each connection
    // at the first, so ten connections would ask for each path ten times over.
    ...(options.paths
      ? {
          requests: [
            {
              method: options.method ?? "GET",
              setupRequest: (request) => ({ ...request, path: nextPathOf(options.paths!) }),
            },
          ],
        }
      : {}),
  });
  const answered = result["2xx"] + result.non2xx;
  return {
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse:
      answered > 0 ? Math.round((result.throughput.average * result.duration) / Math.max(1, answered)) : 0,
  };
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export interface ChildServer {
  port: number;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a child process and waits until `readyPath` answers 200 on loopback. */
export async function startChild(
  command: string,
  args: string[],
  options: { port: number; env: NodeJS.ProcessEnv; readyPath: string; timeoutMs?: number },
): Promise<ChildServer> {
  const child = spawn(command, args, { env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (serverLog) appendFileSync(serverLog, chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command} ${args.join(" ")} exited with code ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://${LOOPBACK}:${options.port}${options.readyPath}`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `${command} ${args.join(" ")} was not ready within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    port: options.port,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * The production server on loopback with a fresh data directory and the demo data, its administrator as given:
 * what the screenshots and Lighthouse look at.
 */
export function startDemoServer(options: {
  root: string;
  port: number;
  dataDir: string;
  buildDir: string;
  admin: { email: string; password: string };
}): Promise<ChildServer> {
  rmSync(options.dataDir, { recursive: true, force: true });
  return startChild(process.execPath, [path.join(options.root, "server.ts")], {
    port: options.port,
    readyPath: "/healthz/ready",
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: LOOPBACK,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      BUILD_DIR: options.buildDir,
      SEED_DEMO: "1",
      // The paced runs log each answer's Server-Timing, which only administrators get otherwise.
      SERVER_TIMING: "1",
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
    },
  });
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** The 1-minute load average when the run started: above the core count, other work shared the machine. */
  loadAverage: number;
}

export function describeMachine(): Machine {
  const processors = cpus();
  return {
    cpu: processors[0]?.model.trim() ?? "unknown",
    cores: processors.length,
    memoryGiB: round(totalmem() / 1024 ** 3, 1),
    os: `${osType()} ${release()}`,
    node: process.version,
    loadAverage: round(loadavg()[0] ?? 0, 1),
  };
}

/** A deterministic JSON document of at least `bytes` bytes, minified (the formatter has work to do). */
export function jsonDocument(bytes: number): string {
  const items: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const item = JSON.stringify({
      id: i,
      name: `Device ${i}`,
      manufacturer: ["Google", "Samsung", "Xiaomi", "Fairphone"][i % 4],
      sensor: {
        pixel_array: [4000 + (i % 7) * 8, 3000 + (i % 5) * 6],
        iso_range: [50, 3200 + i],
        exposure_ns: [13611, 32000000000],
      },
      focal_lengths_mm: [4.38 + (i % 10) / 100, 6.81],
      modes: ["OFF", "AUTO", "MACRO", "CONTINUOUS_VIDEO"],
      note: "é ünïcode ✓",
    }).replace(/}$/, ',"big":12345678901234567890}'); // a number JavaScript cannot hold exactly
    items.push(item);
    size += item.length + 1;
  }
  return `[${items.join(",")}]`;
}

/** A multipart/form-data body, as the browser sends the JSON tool's form. */
export function multipartBody(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = "----bench-boundary-7d1f0c";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Builds the production server into `buildDir`, unless `reuse` is set and a build is already there. */
export function buildProductionServer(root: string, buildDir: string, { reuse = false, log = console.log } = {}): void {
  if (reuse && existsSync(path.join(buildDir, "server", "index.js"))) return;
  log(`building the production server into ${path.relative(root, buildDir)}/`);
  const build = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) throw new Error("the build failed");
}
