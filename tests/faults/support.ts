// Helpers for the fault tests: start the production server as a child process on a free loopback port, a
// throw-away PostgreSQL server, and small probes (timed requests, the child's memory). Everything stays on
// loopback, and every wait is bounded.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, chownSync, existsSync, readdirSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || "build");
export const ADMIN = { email: "admin@example.com", password: "fault test admin password" };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` is true or `timeoutMs` passes; returns the time it took, or throws. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 200,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      if (await check()) return Date.now() - started;
    } catch {
      // not yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** Everything the server printed. */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** The cluster primary's worker processes (its children), the ones that serve requests. */
  workerPids(): number[];
  /** Resident and peak memory of the processes serving requests (the workers, summed), in KiB (Linux /proc). */
  memory(): { rssKb: number; peakKb: number };
  stop(): Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ServerProcess> {
  if (!existsSync(path.join(BUILD_DIR, "server/index.js")))
    throw new Error(`No build in ${BUILD_DIR}: run react-router build first`);
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "fault-data-"));
  let output = "";
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BUILD_DIR,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "0",
      SESSION_SECRET: "fault-test-session-secret",
      ENCRYPTION_KEY: "fault-test-encryption-key",
      // The tests send from one address on a busy machine; the fair-share test restores the defaults it proves.
      ADMISSION_PER_CLIENT: "64",
      ADMISSION_MAX_IN_FLIGHT: "64",
      ADMISSION_MAX_EVENT_LOOP_DELAY_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine a cold start (migrations, argon2 for the administrator) can take a minute.
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  // Stops polling once the process has exited (the race below has its answer), so a failed start ends the test at once.
  const ready = waitFor(
    "server start",
    async () => hasExited || (await fetch(`${url}/healthz/live`, { signal: AbortSignal.timeout(1000) })).ok,
    120_000,
  );
  const outcome = await Promise.race([
    ready.then(
      () => "ready",
      (error: Error) => error.message,
    ),
    exited.then((code) => `exited ${code}`),
  ]);
  if (outcome !== "ready") {
    child.kill("SIGKILL");
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`server did not start (${outcome}):\n${output}`);
  }
  return {
    url,
    port,
    child,
    dataDir,
    output: () => output,
    exited,
    workerPids: () => childPids(child.pid!),
    memory() {
      const workers = childPids(child.pid!);
      const totals = { rssKb: 0, peakKb: 0 };
      for (const pid of workers.length > 0 ? workers : [child.pid!]) {
        const memory = processMemory(pid);
        totals.rssKb += memory.rssKb;
        totals.peakKb += memory.peakKb;
      }
      return totals;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `parentPid`, by pid (Linux /proc). */
function childPids(parentPid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (command) state ppid ...": the command may hold spaces, so read after the last ")".
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) === parentPid && state !== "Z") children.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return children.sort((a, b) => a - b);
}

/** Resident and peak memory of one process, in KiB (0 once it has gone). */
export function processMemory(pid: number): { rssKb: number; peakKb: number } {
  let status = "";
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    // gone
  }
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssKb: field("VmRSS"), peakKb: field("VmHWM") };
}

/** Signs in through /api and returns the session cookie header for pages (the web tier reads the same token). */
export async function signInCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/account/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, callbackUrl: "/" }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

/** A request with a deadline; resolves with status, body and how long it took. */
export async function timedFetch(url: string, init: RequestInit = {}, timeoutMs = 30_000) {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(timeoutMs) });
  const body = await response.text();
  return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
}

// ---------------------------------------------------------------- throw-away PostgreSQL

export interface Postgres {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
  /** The server's processes: the postmaster and every child (backends, checkpointer…), e.g. to freeze them all. */
  pids(): number[];
}

export function postgresAvailable(): boolean {
  return Boolean(postgresBin());
}

function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions)
    if (existsSync(path.join(base, version, "bin/pg_ctl"))) return path.join(base, version, "bin");
  return null;
}

export async function createPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "fault-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim()),
      Number(spawnSync("id", ["-g", "postgres"]).stdout.toString().trim()),
    );
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const result = spawnSync(file, argv, { encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  run("initdb", ["-D", dir, "-A", "trust", "-U", "postgres"]);
  const pg: Postgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run("pg_ctl", [
        "-D",
        dir,
        "-l",
        path.join(dir, "server.log"),
        "-o",
        `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`,
        "-w",
        "start",
      ]),
    stop: () => run("pg_ctl", ["-D", dir, "-m", "fast", "-w", "stop"]),
    pids: () => {
      const postmaster = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
      return [postmaster, ...childPids(postmaster)];
    },
    destroy: () => {
      try {
        pg.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
