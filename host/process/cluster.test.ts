import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MAX_RESTART_DELAY_MS,
  planWorkers,
  restartDelayMs,
  SHUTDOWN_GRACE_MS,
  STABLE_AFTER_MS,
  Supervisor,
  supervisorTimings,
  type SupervisedWorker,
  type SupervisorTimings,
  type WorkerCountsMessage,
  type WorkerPlan,
  WORKER_SEMI_SPACE_MB,
  workerExecArgv,
  workerShutdownMs,
} from "./cluster";

describe("planWorkers", () => {
  it("runs one worker unless WEB_CONCURRENCY asks for more", () => {
    expect(planWorkers({})).toEqual({ workers: 1, exclusive: true });
    expect(planWorkers({ WEB_CONCURRENCY: "1", DATABASE_URL: "postgres://x" })).toEqual({
      workers: 1,
      exclusive: false,
    });
  });

  it("runs N workers with PostgreSQL", () => {
    expect(planWorkers({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://x" })).toEqual({
      workers: 4,
      exclusive: false,
    });
  });

  it("falls back to one worker at a time with the embedded database, and says why", () => {
    const plan = planWorkers({ WEB_CONCURRENCY: "4" });
    expect(plan).toMatchObject({ workers: 1, exclusive: true });
    expect(plan.note).toMatch(/embedded database \(PGlite\) serves one process only/);
  });

  it("refuses nonsense", () => {
    expect(() => planWorkers({ WEB_CONCURRENCY: "two", DATABASE_URL: "postgres://x" })).toThrow(
      /whole number from 1 to 64/,
    );
    expect(() => planWorkers({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://x" })).toThrow(/whole number/);
  });
});

describe("workerExecArgv", () => {
  it("gives a worker a 16 MB young generation unless the operator set a size", () => {
    expect(workerExecArgv([])).toEqual([`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]);
    expect(workerExecArgv(["--enable-source-maps"], "--no-warnings")).toEqual([
      "--enable-source-maps",
      "--max-semi-space-size=16",
    ]);
    expect(workerExecArgv(["--max-semi-space-size=64"])).toEqual(["--max-semi-space-size=64"]);
    expect(workerExecArgv([], "--no-warnings --max_semi_space_size=0")).toEqual([]);
  });
});

describe("supervisorTimings", () => {
  it("waits at most 30 s before a restart and 25 s on SIGTERM, a worker's requests 20 s of it", () => {
    const timings = supervisorTimings({});
    expect(timings).toEqual({ maxRestartDelayMs: 30_000, shutdownGraceMs: 25_000 });
    expect(workerShutdownMs(timings)).toBe(20_000);
  });

  it("takes the operator's RESTART_DELAY_MAX_MS and SHUTDOWN_GRACE_MS", () => {
    const timings = supervisorTimings({ RESTART_DELAY_MAX_MS: "4000", SHUTDOWN_GRACE_MS: " 60000 " });
    expect(timings).toEqual({ maxRestartDelayMs: 4_000, shutdownGraceMs: 60_000 });
    expect(workerShutdownMs(timings)).toBe(48_000);
  });

  it("refuses values that are not whole milliseconds from 1000 to 600000, naming the variable", () => {
    for (const value of ["0", "999", "600001", "2.5", "30s", "-1"]) {
      expect(() => supervisorTimings({ SHUTDOWN_GRACE_MS: value })).toThrow(
        `SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 1000 to 600000, got "${value}"`,
      );
    }
    expect(() => supervisorTimings({ RESTART_DELAY_MAX_MS: "1e9" })).toThrow(/^RESTART_DELAY_MAX_MS must be/);
  });
});

describe("restartDelayMs", () => {
  it("starts short, doubles with each death in a row, and stops at the cap", () => {
    const top = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((deaths) => restartDelayMs(deaths, top))).toEqual([
      500,
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      30_000,
      30_000,
      MAX_RESTART_DELAY_MS,
    ]);
  });

  it("stops at the operator's cap", () => {
    expect([1, 3, 4, 5, 9].map((deaths) => restartDelayMs(deaths, () => 1, 3_000))).toEqual([
      500, 2_000, 3_000, 3_000, 3_000,
    ]);
  });

  it("draws from the upper half of the ceiling (jitter)", () => {
    expect(restartDelayMs(1, () => 0)).toBe(250);
    expect(restartDelayMs(4, () => 0.5)).toBe(3_000);
  });
});

/** A stand-in for a cluster worker: the test says when it listens and how it exits. */
class FakeWorker extends EventEmitter implements SupervisedWorker {
  static nextPid = 1000;
  readonly signals: string[] = [];
  readonly messages: WorkerCountsMessage[] = [];
  exited = false;
  readonly process = {
    pid: FakeWorker.nextPid++,
    kill: (signal: NodeJS.Signals = "SIGTERM") => {
      this.signals.push(signal);
      return true;
    },
  };
  send(message: WorkerCountsMessage, callback: (error: Error | null) => void) {
    this.messages.push(message);
    callback(null);
    return true;
  }
  isConnected() {
    return !this.exited;
  }
  listen() {
    this.emit("listening");
  }
  die(code: number | null, signal: string | null = null) {
    this.exited = true;
    this.emit("exit", code, signal);
  }
}

function supervise(plan: WorkerPlan, timings?: SupervisorTimings) {
  const forked: FakeWorker[] = [];
  const stopped: number[] = [];
  const logged: string[] = [];
  const supervisor = new Supervisor<FakeWorker>({
    plan,
    fork: () => {
      const worker = new FakeWorker();
      forked.push(worker);
      return worker;
    },
    onStopped: (code) => stopped.push(code),
    log: (message) => logged.push(message),
    logError: (message) => logged.push(message),
    random: () => 1,
    timings,
  });
  supervisor.start();
  const living = () => forked.filter((worker) => !worker.exited);
  return { supervisor, forked, stopped, logged, living };
}

describe("Supervisor", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts the first worker alone, and the others once it listens (it runs the migrations)", () => {
    const { forked, living } = supervise({ workers: 3, exclusive: false });
    expect(forked).toHaveLength(1);
    forked[0]!.listen();
    expect(living()).toHaveLength(3);
  });

  it("keeps restarting the first worker while it fails to start, without starting the others or giving up", () => {
    const { forked, stopped, logged } = supervise({ workers: 2, exclusive: false });
    for (let attempt = 0; attempt < 10; attempt++) {
      forked.at(-1)!.die(1);
      vi.advanceTimersByTime(MAX_RESTART_DELAY_MS);
    }
    expect(forked).toHaveLength(11);
    expect(forked.filter((worker) => !worker.exited)).toHaveLength(1);
    expect(stopped).toEqual([]);
    expect(logged.at(-1)).toMatch(/died \(exit code 1\) before it was listening; starting another in 30\.0 s/);
  });

  it("restarts a killed worker within a second, says why, and leaves the healthy ones alone", () => {
    const { forked, living, logged } = supervise({ workers: 2, exclusive: false });
    forked[0]!.listen();
    forked[1]!.listen();
    const healthy = forked[1]!;
    forked[0]!.die(null, "SIGKILL");
    expect(logged.at(-1)).toMatch(new RegExp(`worker ${forked[0]!.process.pid} died \\(killed by SIGKILL\\)`));
    expect(living()).toEqual([healthy]);
    vi.advanceTimersByTime(500);
    expect(living()).toHaveLength(2);
    expect(healthy.signals).toEqual([]);
  });

  it("survives any number of deaths in a row, with growing delays, and a worker that stays up resets them", () => {
    const { forked, living, stopped } = supervise({ workers: 1, exclusive: true });
    for (let death = 1; death <= 8; death++) {
      forked.at(-1)!.listen();
      forked.at(-1)!.die(null, "SIGKILL");
      const delay = restartDelayMs(death, () => 1);
      vi.advanceTimersByTime(delay - 1);
      expect(living()).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(living()).toHaveLength(1);
    }
    expect(stopped).toEqual([]);
    // A worker that served a while dies: the next restart is quick again.
    forked.at(-1)!.listen();
    vi.advanceTimersByTime(STABLE_AFTER_MS);
    forked.at(-1)!.die(null, "SIGKILL");
    vi.advanceTimersByTime(500);
    expect(living()).toHaveLength(1);
  });

  it("restarts every worker when all die at once", () => {
    const { forked, living } = supervise({ workers: 3, exclusive: false });
    forked[0]!.listen();
    for (const worker of living()) worker.listen();
    for (const worker of living()) worker.die(null, "SIGKILL");
    expect(living()).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(living()).toHaveLength(3);
  });

  it("with an exclusive resource, never runs two workers: the replacement waits for the old one's exit", () => {
    const { forked } = supervise({ workers: 1, exclusive: true });
    forked[0]!.listen();
    forked[0]!.process.kill("SIGKILL");
    vi.advanceTimersByTime(60_000);
    // Signalled but not yet exited (not yet reaped): no replacement.
    expect(forked).toHaveLength(1);
    forked[0]!.die(null, "SIGKILL");
    vi.advanceTimersByTime(500);
    expect(forked).toHaveLength(2);
  });

  it("tells every worker how many are running and wanted", () => {
    const { forked } = supervise({ workers: 2, exclusive: false });
    forked[0]!.listen();
    forked[1]!.listen();
    expect(forked[0]!.messages.at(-1)).toEqual({ type: "cluster:workers", running: 2, wanted: 2 });
    forked[1]!.die(null, "SIGKILL");
    expect(forked[0]!.messages.at(-1)).toEqual({ type: "cluster:workers", running: 1, wanted: 2 });
  });

  it("on SIGTERM: forwards it, cancels restarts, kills a worker still running after the grace period", () => {
    const { supervisor, forked, stopped } = supervise({ workers: 2, exclusive: false });
    forked[0]!.listen();
    forked[1]!.listen();
    forked[0]!.die(1);
    supervisor.stop("SIGTERM");
    expect(forked[1]!.signals).toEqual(["SIGTERM"]);
    vi.advanceTimersByTime(SHUTDOWN_GRACE_MS - 1);
    expect(forked).toHaveLength(2);
    expect(forked[1]!.signals).toEqual(["SIGTERM"]);
    vi.advanceTimersByTime(1);
    expect(forked[1]!.signals).toEqual(["SIGTERM", "SIGKILL"]);
    forked[1]!.die(null, "SIGKILL");
    expect(stopped).toEqual([1]);
  });

  it("waits the operator's grace period on SIGTERM, and restarts within the operator's cap", () => {
    const { supervisor, forked, living, logged } = supervise(
      { workers: 1, exclusive: true },
      { maxRestartDelayMs: 2_000, shutdownGraceMs: 5_000 },
    );
    for (let death = 1; death <= 6; death++) {
      forked.at(-1)!.die(null, "SIGKILL");
      vi.advanceTimersByTime(Math.min(2_000, 500 * 2 ** (death - 1)));
      expect(living()).toHaveLength(1);
    }
    supervisor.stop("SIGTERM");
    expect(logged.at(-1)).toMatch(/stopping 1 worker \(at most 5 s\)/);
    vi.advanceTimersByTime(4_999);
    expect(forked.at(-1)!.signals).toEqual(["SIGTERM"]);
    vi.advanceTimersByTime(1);
    expect(forked.at(-1)!.signals).toEqual(["SIGTERM", "SIGKILL"]);
    expect(logged.at(-1)).toMatch(/still running after 5 s; killing it/);
  });

  it("on SIGTERM: exits 0 once every worker has finished by itself", () => {
    const { supervisor, forked, stopped } = supervise({ workers: 1, exclusive: true });
    forked[0]!.listen();
    supervisor.stop("SIGTERM");
    forked[0]!.die(0);
    expect(stopped).toEqual([0]);
    vi.advanceTimersByTime(SHUTDOWN_GRACE_MS);
    expect(forked[0]!.signals).toEqual(["SIGTERM"]);
  });
});
