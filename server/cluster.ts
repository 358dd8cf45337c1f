// WEB_CONCURRENCY=N: N worker processes sharing one port (node:cluster), each a whole server with its own
// database pool. Only with PostgreSQL: the embedded PGlite database belongs to one process, so without
// DATABASE_URL the server says so and runs as one process.
// Loaded by server.ts with Node's own TypeScript support: node built-ins only, explicit extensions.
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";

export interface WorkerPlan {
  workers: number;
  /** Why the plan differs from what was asked, for the start-up log. */
  note?: string;
}

/** How many worker processes to run, from WEB_CONCURRENCY and DATABASE_URL. */
export function planWorkers(env: NodeJS.ProcessEnv): WorkerPlan {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return { workers: 1 };
  const asked = raw === "auto" ? availableParallelism() : Number(raw);
  if (!Number.isInteger(asked) || asked < 1 || asked > 64) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64 or "auto", got "${raw}"`);
  }
  if (asked === 1) return { workers: 1 };
  if (!env.DATABASE_URL) {
    return {
      workers: 1,
      note: `WEB_CONCURRENCY=${raw} ignored: the embedded database (PGlite) serves one process only. Set DATABASE_URL to a PostgreSQL database to run ${asked} workers.`,
    };
  }
  return { workers: asked };
}

const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_IN_WINDOW = 5;
const STOP_TIMEOUT_MS = 30_000;

/**
 * The primary process: starts one worker and waits for it to listen (it applies the migrations and seeds,
 * which must not run concurrently), then the others. Restarts a worker that dies, unless workers keep dying.
 * Never resolves: the primary only supervises, and exits when the workers have stopped.
 */
export function runPrimary(workerCount: number): Promise<never> {
  let stopping = false;
  const recentDeaths: number[] = [];
  const fork = () => cluster.fork();

  const forkAndWaitForListening = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = fork();
      worker.once("listening", () => resolve(worker));
      worker.once("exit", (code) => reject(new Error(`the first worker exited with code ${code} before listening`)));
    });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        console.log("[cluster] all workers stopped");
        process.exit(0);
      }
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && now - recentDeaths[0]! > RESTART_WINDOW_MS) recentDeaths.shift();
    if (recentDeaths.length > MAX_RESTARTS_IN_WINDOW) {
      console.error(`[cluster] ${recentDeaths.length} workers died within a minute; giving up`);
      void stopAll(1);
      return;
    }
    console.error(`[cluster] worker ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, 1_000).unref();
  });

  async function stopAll(exitCode: number) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    if (workers.length === 0) process.exit(exitCode);
    console.log(`[cluster] stopping ${workers.length} workers`);
    // Each worker finishes its in-flight requests on SIGTERM (see server.ts).
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      console.error(`[cluster] workers did not stop within ${STOP_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  }

  process.on("SIGTERM", () => void stopAll(0));
  process.on("SIGINT", () => void stopAll(0));

  console.log(`[cluster] primary ${process.pid}: starting ${workerCount} workers`);
  forkAndWaitForListening().then(
    () => {
      for (let i = 1; i < workerCount; i++) fork();
    },
    (error: Error) => {
      console.error(`[cluster] ${error.message}; not starting the others`);
      process.exit(1);
    },
  );
  return new Promise<never>(() => {});
}
