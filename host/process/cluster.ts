// The production server's process supervisor. `npm start` runs a node:cluster primary that does no web work of
// its own: it starts the workers (each a whole server with its own database pool), restarts any that dies, and
// ends them all on SIGTERM within a bounded grace period, even when a worker no longer answers signals.
// WEB_CONCURRENCY=N runs N workers sharing one port, only with PostgreSQL: the embedded PGlite database belongs
// to one process, so without DATABASE_URL there is exactly one worker at a time.
// Loaded by server.ts with Node's own TypeScript support and bundled into the server build: it imports node
// built-ins and the shared settings reader only, with explicit extensions.
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { integerSetting } from "#shared/env.server.ts";

export interface WorkerPlan {
  workers: number;
  /**
   * The workers share a resource only one process may hold (PGlite's data directory): a replacement is started
   * only after the worker it replaces has exited and been reaped.
   */
  exclusive: boolean;
  /** Why the plan differs from what was asked, for the start-up log. */
  note?: string;
}

/** How many worker processes to run, from WEB_CONCURRENCY and DATABASE_URL. */
export function planWorkers(env: NodeJS.ProcessEnv): WorkerPlan {
  const exclusive = !env.DATABASE_URL;
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return { workers: 1, exclusive };
  const asked = raw === "auto" ? availableParallelism() : Number(raw);
  if (!Number.isInteger(asked) || asked < 1 || asked > 64) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64 or "auto", got "${raw}"`);
  }
  if (asked > 1 && exclusive) {
    return {
      workers: 1,
      exclusive,
      note:
        `WEB_CONCURRENCY=${raw} ignored: the embedded database (PGlite) serves one process ` +
        `only. Set DATABASE_URL to a PostgreSQL database to run ${asked} workers.`,
    };
  }
  return { workers: asked, exclusive };
}

/** The first restart comes quickly (a killed worker is back within a few seconds); repeated deaths wait longer. */
const FIRST_RESTART_DELAY_MS = 500;
export const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that has served this long counts as healthy: its slot's next restart is quick again. */
export const STABLE_AFTER_MS = 30_000;
/**
 * SIGTERM: each worker stops accepting and finishes its in-flight requests (server.ts gives them four fifths of
 * the grace period, workerShutdownMs); a worker still alive after the grace period (stuck, or its event loop
 * blocked) is killed. By default under the 30 s an orchestrator usually waits before its own SIGKILL.
 */
export const SHUTDOWN_GRACE_MS = 25_000;

/**
 * The two waits an operator may change: the longest delay before a restart (RESTART_DELAY_MAX_MS) and how long a
 * SIGTERM waits for the workers before killing them (SHUTDOWN_GRACE_MS), for an orchestrator that waits longer or
 * shorter than 30 s before its own SIGKILL.
 */
export interface SupervisorTimings {
  maxRestartDelayMs: number;
  shutdownGraceMs: number;
}

const TIMING_BOUNDS = { min: 1_000, max: 600_000, unit: "milliseconds" };

/** The supervisor's timings from the environment: whole milliseconds from 1,000 to 600,000, else the defaults. */
export function supervisorTimings(env: NodeJS.ProcessEnv): SupervisorTimings {
  return {
    maxRestartDelayMs: integerSetting(env, "RESTART_DELAY_MAX_MS", MAX_RESTART_DELAY_MS, TIMING_BOUNDS),
    shutdownGraceMs: integerSetting(env, "SHUTDOWN_GRACE_MS", SHUTDOWN_GRACE_MS, TIMING_BOUNDS),
  };
}

/** How long a worker on SIGTERM lets its in-flight requests finish: 20 s of the default 25 s grace period. */
export function workerShutdownMs(timings: SupervisorTimings): number {
  return Math.round((timings.shutdownGraceMs * 4) / 5);
}

/**
 * Exponential backoff with jitter: the ceiling doubles from FIRST_RESTART_DELAY_MS with each death in a row, up
 * to `maxMs`, and the delay is drawn from its upper half, so workers that died together (a database outage) do not
 * all come back in the same instant.
 */
export function restartDelayMs(
  deathsInARow: number,
  random: () => number = Math.random,
  maxMs: number = MAX_RESTART_DELAY_MS,
): number {
  const ceiling = Math.min(maxMs, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, deathsInARow - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** What the primary tells every worker whenever the number of serving workers changes. */
export interface WorkerCountsMessage {
  type: "cluster:workers";
  running: number;
  wanted: number;
}

/** The part of a cluster Worker the supervisor uses (the unit tests supply their own). */
export interface SupervisedWorker {
  readonly process: { readonly pid?: number; kill(signal?: NodeJS.Signals): boolean };
  once(event: "listening", listener: () => void): unknown;
  once(event: "exit", listener: (code: number | null, signal: string | null) => void): unknown;
  send(message: WorkerCountsMessage, callback: (error: Error | null) => void): unknown;
  isConnected(): boolean;
}

export interface SupervisorOptions<W extends SupervisedWorker> {
  plan: WorkerPlan;
  fork: () => W;
  /** Called once every worker has exited after stop(): the primary exits with this code. */
  onStopped: (exitCode: number) => void;
  log?: (message: string) => void;
  logError?: (message: string) => void;
  now?: () => number;
  random?: () => number;
  timings?: SupervisorTimings;
}

interface Slot<W> {
  index: number;
  worker?: W;
  listeningSince?: number;
  deathsInARow: number;
  restartTimer?: ReturnType<typeof setTimeout>;
}

/**
 * Keeps `plan.workers` workers running. The first worker starts alone and the others only once it listens (it
 * applies the migrations and seeds). Afterwards each slot is restarted on its own, with backoff, and a death
 * never stops or waits on the healthy workers. There is no give-up: while the primary runs it keeps trying, and
 * its pending restart timers keep it alive.
 */
export class Supervisor<W extends SupervisedWorker> {
  private readonly slots: Slot<W>[];
  private readonly options: Required<SupervisorOptions<W>>;
  private firstListened = false;
  private stopping = false;
  private killedAfterGrace = false;
  private graceTimer?: ReturnType<typeof setTimeout>;

  constructor(options: SupervisorOptions<W>) {
    this.options = {
      log: (message) => console.log(message),
      logError: (message) => console.error(message),
      now: () => Date.now(),
      random: Math.random,
      ...options,
      timings: options.timings ?? { maxRestartDelayMs: MAX_RESTART_DELAY_MS, shutdownGraceMs: SHUTDOWN_GRACE_MS },
    };
    this.slots = Array.from({ length: options.plan.workers }, (_, index) => ({ index, deathsInARow: 0 }));
  }

  start() {
    this.startSlot(this.slots[0]!);
  }

  /** Workers that are listening, and how many there should be. */
  counts(): { running: number; wanted: number } {
    const running = this.slots.filter((slot) => slot.worker && slot.listeningSince !== undefined).length;
    return { running, wanted: this.slots.length };
  }

  /** Asks every worker to finish (SIGTERM), kills those still alive after the grace period, then onStopped. */
  stop(signal: string) {
    if (this.stopping) return;
    this.stopping = true;
    for (const slot of this.slots) clearTimeout(slot.restartTimer);
    const alive = this.slots.filter((slot) => slot.worker);
    const graceMs = this.options.timings.shutdownGraceMs;
    if (alive.length === 0) {
      this.options.log(`[cluster] ${signal}: no workers running; exiting`);
      this.options.onStopped(0);
      return;
    }
    this.options.log(
      `[cluster] ${signal}: stopping ${alive.length} ` +
        `worker${alive.length === 1 ? "" : "s"} (at most ` +
        `${graceMs / 1000} s)`,
    );
    for (const slot of alive) slot.worker!.process.kill("SIGTERM");
    // Not unref()ed: this timer is the promise that the process ends even if a worker ignores SIGTERM.
    this.graceTimer = setTimeout(() => {
      for (const slot of this.slots) {
        if (!slot.worker) continue;
        this.options.logError(
          `[cluster] worker ${slot.worker.process.pid} still running after ${graceMs / 1000} s; killing it`,
        );
        this.killedAfterGrace = true;
        slot.worker.process.kill("SIGKILL");
      }
    }, graceMs);
  }

  private startSlot(slot: Slot<W>) {
    slot.restartTimer = undefined;
    if (this.stopping) return;
    const worker = this.options.fork();
    slot.worker = worker;
    slot.listeningSince = undefined;
    worker.once("listening", () => {
      if (slot.worker !== worker) return;
      slot.listeningSince = this.options.now();
      if (!this.firstListened) {
        this.firstListened = true;
        for (const other of this.slots)
          if (other !== slot && !other.worker && !other.restartTimer) this.startSlot(other);
      }
      this.broadcastCounts();
    });
    worker.once("exit", (code, signal) => this.onExit(slot, worker, code, signal));
  }

  private onExit(slot: Slot<W>, worker: W, code: number | null, signal: string | null) {
    if (slot.worker !== worker) return;
    const servedMs = slot.listeningSince === undefined ? 0 : this.options.now() - slot.listeningSince;
    slot.worker = undefined;
    slot.listeningSince = undefined;
    if (this.stopping) {
      if (this.slots.every((other) => !other.worker)) {
        clearTimeout(this.graceTimer);
        this.options.log("[cluster] all workers stopped");
        this.options.onStopped(this.killedAfterGrace ? 1 : 0);
      }
      return;
    }
    this.broadcastCounts();
    slot.deathsInARow = servedMs >= STABLE_AFTER_MS ? 1 : slot.deathsInARow + 1;
    const delay = restartDelayMs(slot.deathsInARow, this.options.random, this.options.timings.maxRestartDelayMs);
    const why = signal ? `killed by ${signal}` : `exit code ${code}`;
    const when = servedMs > 0 ? `after serving ${(servedMs / 1000).toFixed(1)} s` : "before it was listening";
    // The exit event comes after the process was reaped, so an exclusive resource (PGlite's lock) is free.
    this.options.logError(
      `[cluster] worker ${worker.process.pid} died (${why}) ${when}; ` +
        `starting another in ${(delay / 1000).toFixed(1)} s`,
    );
    // Until a first worker has listened, only the first slot runs, so migrations never run concurrently.
    const startsNow = this.firstListened || slot.index === 0;
    if (startsNow) slot.restartTimer = setTimeout(() => this.startSlot(slot), delay);
  }

  private broadcastCounts() {
    const message: WorkerCountsMessage = { type: "cluster:workers", ...this.counts() };
    for (const slot of this.slots) {
      const worker = slot.worker;
      // A worker that is exiting may have closed its channel: the message is only advice, so losing it is fine.
      if (worker?.isConnected()) worker.send(message, () => {});
    }
  }
}

/**
 * Each semi-space of a worker's young generation, in MB. V8 grows it to 64 on a machine with this much memory; at
 * 16, rendered pages' tail latency and the worker's memory are lower for the same throughput (docs/decisions/0037).
 */
export const WORKER_SEMI_SPACE_MB = 16;

/** The node flags a worker runs with: the primary's, and the young generation's size unless the operator set one. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const flags = [...execArgv, ...nodeOptions.split(/\s+/)];
  if (flags.some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag))) return [...execArgv];
  return [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/**
 * The primary process: supervises the workers until SIGTERM or SIGINT, then exits once they have stopped.
 * Never resolves.
 */
export function runPrimary(plan: WorkerPlan, timings: SupervisorTimings, nodeOptions?: string): Promise<never> {
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, nodeOptions) });
  const supervisor = new Supervisor<Worker>({
    plan,
    timings,
    fork: () => cluster.fork(),
    onStopped: (exitCode) => process.exit(exitCode),
  });
  process.on("SIGTERM", () => supervisor.stop("SIGTERM"));
  process.on("SIGINT", () => supervisor.stop("SIGINT"));
  console.log(
    `[cluster] primary ${process.pid}: starting ${plan.workers} ` +
      `worker${plan.workers === 1 ? "" : "s"}${plan.exclusive ? " (embedded database: one at a time)" : ""}`,
  );
  supervisor.start();
  return new Promise<never>(() => {});
}

let countsFromPrimary: { running: number; wanted: number } | undefined;
let listeningToPrimary = false;

/**
 * In a worker: how many workers the primary has running and wants, as it last said; undefined outside a
 * cluster (development) or before the primary has said. The first call starts listening.
 */
export function workerCountsFromPrimary(): { running: number; wanted: number } | undefined {
  if (!listeningToPrimary && cluster.isWorker) {
    listeningToPrimary = true;
    process.on("message", (message: Partial<WorkerCountsMessage> | null) => {
      if (
        message?.type === "cluster:workers" &&
        typeof message.running === "number" &&
        typeof message.wanted === "number"
      ) {
        countsFromPrimary = { running: message.running, wanted: message.wanted };
      }
    });
  }
  return countsFromPrimary;
}
