// Faults for the process supervisor (host/process/cluster.ts): a worker killed with kill -9 is replaced within 5 s
// (PGlite, one worker at a time, and PostgreSQL), the primary outlives repeated deaths and the death of every
// worker at once, readiness says "degraded" while a worker is missing, SIGTERM ends everything within the grace
// period even when a worker cannot run any code, and a large request leaves no lasting memory behind.
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import {
  createPostgres,
  postgresAvailable,
  processMemory,
  sleep,
  startServer,
  timedFetch,
  waitFor,
  type Postgres,
  type ServerProcess,
} from "./support.ts";

const RESTART_CAP_MS = 2_000;
const GRACE_MS = 5_000;

const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

/** The processes serving requests: the workers under a supervising primary, or else the process itself. */
function servingPids(server: ServerProcess): number[] {
  return /\[cluster\] primary/.test(server.output()) ? server.workerPids() : [server.child.pid!];
}

/** The one process serving requests (fails unless there is exactly one). */
async function onlyWorker(server: ServerProcess): Promise<number> {
  let pids: number[] = [];
  await waitFor("one worker process", () => (pids = servingPids(server)).length === 1, 10_000, 50);
  return pids[0]!;
}

/** Kills `pid` with SIGKILL and waits until a different worker answers readiness; returns how long that took. */
async function killAndTimeComeback(server: ServerProcess, pid: number, timeoutMs: number): Promise<number> {
  process.kill(pid, "SIGKILL");
  return waitFor(
    `a new worker after kill -9 of ${pid}`,
    async () => {
      const workers = servingPids(server);
      if (workers.length === 0 || workers.includes(pid)) return false;
      return (await fetch(`${server.url}/healthz/ready`, { signal: AbortSignal.timeout(1_000) })).ok;
    },
    timeoutMs,
    100,
  );
}

describe("supervisor on the embedded database (PGlite)", () => {
  test("a worker killed with kill -9 is back within 5 s, and the primary logs why it died", async () => {
    const server = await startServer();
    try {
      const first = await onlyWorker(server);
      const comeback = await killAndTimeComeback(server, first, 5_000);
      const second = await onlyWorker(server);
      console.info(`[supervisor] PGlite worker ${first} killed; worker ${second} ready after ${comeback} ms`);
      assert.notEqual(second, first);
      assert.ok(alive(server), "the primary is still running");
      assert.match(server.output(), new RegExp(`worker ${first} died \\(killed by SIGKILL\\)`));
      // The replacement opened the same data: the administrator from the first start signs in.
      const login = await timedFetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@example.com", password: "fault test admin password" }),
      });
      assert.equal(login.status, 200, login.body);
    } finally {
      await server.stop();
    }
  });

  test("an invalid supervisor setting stops the start with its message, not a stack trace", async () => {
    await assert.rejects(startServer({ SHUTDOWN_GRACE_MS: "25s" }), (error: Error) => {
      assert.match(error.message, /did not start \(exited/);
      assert.match(
        error.message,
        /\[server\] SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 1000 to 600000/,
      );
      assert.doesNotMatch(error.message, /^\s+at /m, "no stack trace");
      return true;
    });
  });

  test("8 kills in a row: the primary keeps restarting (with backoff) and never gives up", async () => {
    // The delays double from 0.5 s to the cap, here 2 s instead of the default 30 s (the unit tests hold the default
    // schedule): eight deaths reach the cap all the same, in a tenth of the time.
    const server = await startServer({ RESTART_DELAY_MAX_MS: String(RESTART_CAP_MS) });
    try {
      const killed: number[] = [];
      // Kill each replacement as soon as it exists: eight deaths in a row, most before the worker listens.
      for (let round = 0; round < 8; round++) {
        let pid = 0;
        await waitFor(
          `worker ${round + 1}`,
          () => (pid = servingPids(server).find((p) => !killed.includes(p)) ?? 0) > 0,
          40_000,
          20,
        );
        process.kill(pid, "SIGKILL");
        killed.push(pid);
        assert.ok(alive(server), `the primary is still running after ${round + 1} kills`);
      }
      // The last restarts wait the longest: at most the cap, then a normal start.
      const comeback = await waitFor(
        "a worker after 8 kills",
        async () => (await fetch(`${server.url}/healthz/ready`, { signal: AbortSignal.timeout(1_000) })).ok,
        RESTART_CAP_MS + 30_000,
        200,
      );
      console.info(`[supervisor] 8 workers killed in a row; a ninth ready ${comeback} ms after the last kill`);
      assert.ok(alive(server));
      assert.equal(server.output().match(/died \(killed by SIGKILL\)/g)?.length, 8, server.output());
      assert.doesNotMatch(server.output(), /giving up/);
      // Drawn from the upper half of each ceiling: from the third death on the ceiling is the cap.
      const delays = [...server.output().matchAll(/starting another in ([\d.]+) s/g)].map((match) => Number(match[1]));
      assert.equal(delays.length, 8);
      assert.ok(
        delays.every((delay) => delay <= RESTART_CAP_MS / 1000) &&
          delays.slice(2).every((delay) => delay >= RESTART_CAP_MS / 2000),
        `restart delays ${delays.join(", ")} s against a cap of ${RESTART_CAP_MS / 1000} s`,
      );
    } finally {
      await server.stop();
    }
  });

  test("SIGTERM with a frozen worker and a stuck request: the process ends within the grace period", async () => {
    // 5 s instead of the default 25 s: the unit tests hold the default, this proves a frozen worker is killed.
    const server = await startServer({ SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    try {
      // A request that never finishes sending its body keeps the worker's shutdown waiting.
      const stuck = net.connect(server.port, "127.0.0.1");
      stuck.on("error", () => {});
      stuck.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ` +
          `application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
      );
      await sleep(300);
      // A stopped process runs no code at all, like an event loop in an endless loop: it cannot act on SIGTERM.
      const worker = await onlyWorker(server);
      process.kill(worker, "SIGSTOP");
      const started = Date.now();
      server.child.kill("SIGTERM");
      const code = await Promise.race([server.exited, sleep(GRACE_MS + 10_000).then(() => "still running")]);
      const tookMs = Date.now() - started;
      stuck.destroy();
      console.info(`[supervisor] SIGTERM with a frozen worker: ended (${code}) after ${tookMs} ms`);
      assert.notEqual(
        code,
        "still running",
        `SIGTERM did not end the server within the grace + 10 s:\n${server.output()}`,
      );
      assert.ok(tookMs >= GRACE_MS - 100 && tookMs < GRACE_MS + 5_000, `took ${tookMs} ms`);
      await waitFor(
        "the frozen worker gone",
        () => {
          try {
            process.kill(worker, 0);
            return false;
          } catch {
            return true;
          }
        },
        5_000,
      );
      assert.match(server.output(), /still running after 5 s; killing it/);
    } finally {
      await server.stop();
    }
  });

  test("memory returns under 500 MB after the largest JSON tool posts", async () => {
    const server = await startServer();
    try {
      await largePostsLeaveNoMemory(server, "PGlite", 500);
    } finally {
      await server.stop();
    }
  });
});

/**
 * Posts the JSON tool's largest inputs (9.9 MB of ordinary JSON, and 8 MB nested 4,000,000 deep) and checks
 * that the worker's resident memory comes back within 100 MiB of its resting level, and under `ceilingMiB`.
 */
async function largePostsLeaveNoMemory(server: ServerProcess, label: string, ceilingMiB = Infinity) {
  const worker = await onlyWorker(server);
  const post = async (input: string) => {
    const form = new FormData();
    form.set("input", input);
    form.set("indent", "2");
    return timedFetch(
      `${server.url}/tools/json-pretty-format/`,
      { method: "POST", body: form, headers: { origin: server.url } },
      60_000,
    );
  };
  const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
  // Resting level: after the page and a small post have warmed every code path up.
  await timedFetch(`${server.url}/tools/json-pretty-format/`);
  assert.equal((await post('{"warm": [1, 2, 3]}')).status, 200);
  await sleep(1_000);
  const restingKb = processMemory(worker).rssKb;

  const rows = Array.from({ length: 100_000 }, (_, i) => ({
    id: i,
    name: `camera ${i}`,
    lens: i % 2 ? "BACK" : "FRONT",
    tags: ["alpha", "beta", i],
    ratio: i / 7,
  }));
  const inputs = [
    { name: "9.9 MB of objects", input: JSON.stringify(rows) },
    { name: "8 MB nested 4,000,000 deep", input: "[".repeat(4_000_000) + "]".repeat(4_000_000) },
  ];
  for (const { name, input } of inputs) {
    let peakKb = restingKb;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, processMemory(worker).rssKb)), 50);
    const answer = await post(input).finally(() => clearInterval(sampler));
    assert.ok(answer.status < 500, `${name}: ${answer.status} ${answer.body.slice(0, 300)}`);
    // V8 gives memory back some seconds after the work ends; wait at most 30 s for it.
    let afterKb = processMemory(worker).rssKb;
    const settledMs = await waitFor(
      `${name}: resident memory back near its resting level`,
      () => (afterKb = processMemory(worker).rssKb) < restingKb + 100 * 1024 && afterKb < ceilingMiB * 1024,
      30_000,
      500,
    ).catch(() => -1);
    console.info(
      `[supervisor] ${label}, JSON tool post of ${name}: ${answer.status} in ${answer.ms.toFixed(0)} ms; ` +
        `worker RSS ${mib(restingKb)} resting, ${mib(peakKb)} at most, ${mib(afterKb)} after ` +
        `(${settledMs < 0 ? "not settled in 30 s" : `settled in ${settledMs} ms`})`,
    );
    assert.deepEqual(servingPids(server), [worker], `${name}: the worker survived`);
    assert.ok(
      afterKb < restingKb + 100 * 1024,
      `${name}: RSS ${mib(afterKb)} after the post, ${mib(restingKb)} before`,
    );
    assert.ok(afterKb < ceilingMiB * 1024, `${name}: RSS ${mib(afterKb)} after the post`);
  }
}

describe(
  "supervisor with PostgreSQL and two workers",
  { skip: !postgresAvailable() && "PostgreSQL is not installed" },
  () => {
    let pg: Postgres;
    before(async () => {
      pg = await createPostgres();
    });
    after(() => pg?.destroy());

    test("readiness is degraded while a worker is missing; one killed, then both, all come back", async () => {
      const server = await startServer({ DATABASE_URL: pg.url, WEB_CONCURRENCY: "2" });
      try {
        let workers: number[] = [];
        await waitFor(
          "two workers ready",
          async () => {
            workers = server.workerPids();
            const ready = await timedFetch(`${server.url}/healthz/ready`, {}, 1_000);
            return workers.length === 2 && JSON.parse(ready.body).status === "ok";
          },
          30_000,
        );
        const ready = JSON.parse((await timedFetch(`${server.url}/healthz/ready`)).body);
        assert.deepEqual(ready, { status: "ok", workers: { running: 2, wanted: 2 } });

        // One worker killed: the other keeps answering, ready but degraded, until the replacement listens.
        process.kill(workers[0]!, "SIGKILL");
        const seen: string[] = [];
        let degraded: unknown;
        const backMs = await waitFor(
          "both workers serving again",
          async () => {
            const answer = await timedFetch(`${server.url}/healthz/ready`, {}, 1_000);
            const body = JSON.parse(answer.body) as { status: string };
            seen.push(`${answer.status} ${body.status}`);
            if (body.status === "degraded") degraded = body;
            return body.status === "ok" && server.workerPids().length === 2;
          },
          5_000,
          50,
        );
        console.info(
          `[supervisor] PostgreSQL, 1 of 2 workers killed: back in ${backMs} ` +
            `ms; readiness said ${[...new Set(seen)].join(", ")}`,
        );
        assert.deepEqual(degraded, { status: "degraded", workers: { running: 1, wanted: 2 } });
        assert.ok(
          seen.every((entry) => entry.startsWith("200 ")),
          seen.join(", "),
        );

        // Every worker at once: the primary stays and starts both again.
        const before = server.workerPids();
        for (const pid of before) process.kill(pid, "SIGKILL");
        const allBackMs = await waitFor(
          "both workers after all were killed",
          async () => {
            const now = server.workerPids();
            if (now.length !== 2 || now.some((pid) => before.includes(pid))) return false;
            return JSON.parse((await timedFetch(`${server.url}/healthz/ready`, {}, 1_000)).body).status === "ok";
          },
          10_000,
          100,
        );
        console.info(`[supervisor] PostgreSQL, both workers killed at once: both back in ${allBackMs} ms`);
        assert.ok(alive(server), "the primary is still running");
      } finally {
        await server.stop();
      }
    });

    test("memory returns under 500 MB after the largest JSON tool posts", async () => {
      const server = await startServer({ DATABASE_URL: pg.url });
      try {
        await largePostsLeaveNoMemory(server, "PostgreSQL", 500);
      } finally {
        await server.stop();
      }
    });
  },
);
