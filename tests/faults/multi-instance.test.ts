// Fault: several instances on one PostgreSQL database. Two instances started at the same moment on an empty
// database both come up, with one administrator and the demo data seeded once; a session made on one works on
// the other; a frozen database (every PostgreSQL process stopped with SIGSTOP) answers 503 within 5 s on every
// path, and health names the cause; without shared secrets an instance refuses to start.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import {
  createPostgres,
  postgresAvailable,
  startServer,
  timedFetch,
  waitFor,
  type Postgres,
  type ServerProcess,
} from "./support.ts";

const skip = !postgresAvailable() && "PostgreSQL is not installed";
const ADMIN_PASSWORD_LINE = /Created administrator admin@localhost with password: (\S+)/g;
// No ADMIN_EMAIL/ADMIN_PASSWORD: the first start creates admin@localhost and prints its password.
const GENERATED_ADMIN = { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" };

let postgres: Postgres;
const servers: ServerProcess[] = [];

before(async () => {
  if (!skip) postgres = await createPostgres();
});
after(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  postgres?.destroy();
});

/** A new empty database on the shared server; returns its URL. */
async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return url.toString();
}

async function queryCount(url: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(text);
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

async function startTogether(env: Record<string, string>, count = 2): Promise<ServerProcess[]> {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, () => startServer(env)));
  const started = outcomes.filter((outcome) => outcome.status === "fulfilled").map((outcome) => outcome.value);
  servers.push(...started);
  const failures = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => String(outcome.reason));
  assert.deepEqual(failures, [], "every instance started");
  return started;
}

async function apiSignIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await timedFetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(response.status, 200, `sign-in on ${server.url}: ${response.status} ${response.body.slice(0, 200)}`);
  return (JSON.parse(response.body) as { sessionToken: string }).sessionToken;
}

test(
  "two instances started at the same moment on an empty database: both come " +
    "up, one administrator, demo data once, sessions shared",
  { skip },
  async () => {
    for (let round = 1; round <= 5; round += 1) {
      const url = await createDatabase(`race_${round}_${Date.now()}`);
      const [first, second] = await startTogether({ DATABASE_URL: url, SEED_DEMO: "1", ...GENERATED_ADMIN });
      const output = first!.output() + second!.output();
      // A worker that crashed in its migrations and was restarted is a start-up that did not hold.
      assert.doesNotMatch(output, /died|duplicate key|unhandled|error/i, `round ${round}: a clean start:\n${output}`);

      const passwords = [...output.matchAll(ADMIN_PASSWORD_LINE)].map((match) => match[1]!);
      assert.equal(passwords.length, 1, `round ${round}: one administrator password printed, got ${passwords.length}`);
      assert.equal(
        await queryCount(url, "select count(*) from users where is_superuser"),
        1,
        `round ${round}: one administrator`,
      );

      const seeded = [...output.matchAll(/\[seed\] (\d+) demo camera reports/g)].map((match) => Number(match[1]));
      assert.equal(seeded.length, 1, `round ${round}: demo reports seeded by one instance, got ${seeded.length}`);
      assert.equal(
        await queryCount(url, "select count(*) from camera_reports"),
        seeded[0],
        `round ${round}: demo reports stored once`,
      );

      // The printed password works on both; a session made on one is honoured by the other (page and /api).
      const token = await apiSignIn(first!, "admin@localhost", passwords[0]!);
      await apiSignIn(second!, "admin@localhost", passwords[0]!);
      const session = await timedFetch(`${second!.url}/api/auth/session`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(
        (JSON.parse(session.body) as { user: { email: string } | null }).user?.email,
        "admin@localhost",
        `round ${round}: a token from the first instance on the second`,
      );
      const login = await timedFetch(`${first!.url}/account/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: first!.url },
        body: new URLSearchParams({ email: "admin@localhost", password: passwords[0]!, callbackUrl: "/" }),
      });
      const cookie = login.headers
        .getSetCookie()
        .find((c) => /^(__Host-)?session=/.test(c))
        ?.split(";")[0];
      assert.ok(cookie, `round ${round}: sign-in form on the first instance set a session cookie (${login.status})`);
      const admin = await timedFetch(`${second!.url}/admin/`, { headers: { cookie } });
      assert.equal(admin.status, 200, `round ${round}: the first instance's cookie opens /admin/ on the second`);

      await Promise.all([first!.stop(), second!.stop()]);
      servers.length = 0;
    }
  },
);

test(
  "frozen database (SIGSTOP): health, a page, the camera list and " +
    "sign-in answer 503 within 5 s; health names the cause",
  { skip },
  async () => {
    const url = await createDatabase(`frozen_${Date.now()}`);
    const [server] = await startTogether(
      { DATABASE_URL: url, ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "frozen database admin" },
      1,
    );
    const token = await apiSignIn(server!, "admin@example.com", "frozen database admin");
    const login = await timedFetch(`${server!.url}/account/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server!.url },
      body: new URLSearchParams({ email: "admin@example.com", password: "frozen database admin", callbackUrl: "/" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => /^(__Host-)?session=/.test(c))!
      .split(";")[0]!;
    // Warm the pool, so the first wave of requests below runs on pooled connections whose server stops answering.
    await Promise.all(Array.from({ length: 6 }, (_, n) => timedFetch(`${server!.url}/api/camera/reports?q=warm-${n}`)));

    const probes = (wave: string) => {
      const unique = `${wave}-${Date.now()}`;
      return {
        "GET /api/health": () => timedFetch(`${server!.url}/api/health`, {}, 30_000),
        "GET /healthz/ready": () => timedFetch(`${server!.url}/healthz/ready`, {}, 30_000),
        "GET /api/camera/reports": () => timedFetch(`${server!.url}/api/camera/reports?q=${unique}`, {}, 30_000),
        "GET /camera2/report_list": () => timedFetch(`${server!.url}/camera2/report_list?q=${unique}`, {}, 30_000),
        "GET / signed in": () => timedFetch(`${server!.url}/`, { headers: { cookie } }, 30_000),
        "GET /api/auth/session": () =>
          timedFetch(`${server!.url}/api/auth/session`, { headers: { authorization: `Bearer ${token}` } }, 30_000),
        "POST /api/auth/login": () =>
          timedFetch(
            `${server!.url}/api/auth/login`,
            {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email: "admin@example.com", password: "frozen database admin" }),
            },
            30_000,
          ),
        "POST /account/login": () =>
          timedFetch(
            `${server!.url}/account/login`,
            {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", origin: server!.url },
              body: new URLSearchParams({
                email: "admin@example.com",
                password: "frozen database admin",
                callbackUrl: "/",
              }),
            },
            30_000,
          ),
      };
    };

    const pids = postgres.pids();
    for (const pid of pids) process.kill(pid, "SIGSTOP");
    try {
      // First wave: pooled connections whose server froze. Second wave: new connections to a frozen server.
      for (const wave of ["pooled", "new connections"]) {
        const results = await Promise.all(
          Object.entries(probes(wave)).map(async ([name, probe]) => {
            try {
              return { name, ...(await probe()) };
            } catch (error) {
              return { name, status: 0, body: String(error), ms: 30_000, headers: new Headers() };
            }
          }),
        );
        console.info(
          `[frozen database, ${wave}] ` +
            `${results.map((r) => `${r.name} ${r.status} in ${r.ms.toFixed(0)} ms`).join("; ")}`,
        );
        for (const result of results) {
          assert.equal(
            result.status,
            503,
            `${wave}: ${result.name} answered ${result.status}: ${result.body.slice(0, 200)}`,
          );
          assert.ok(result.ms < 5_000, `${wave}: ${result.name} answered in ${result.ms.toFixed(0)} ms`);
          assert.doesNotMatch(result.body, /Failed query|select 1/i, `${wave}: ${result.name} echoes no query`);
          if (result.name.startsWith("GET /api/") && !result.name.includes("health"))
            assert.equal(result.headers.get("retry-after"), "5");
        }
        for (const name of ["GET /api/health", "GET /healthz/ready"]) {
          const body = results.find((r) => r.name === name)!.body;
          assert.match(body, /timed out after \d+ s/, `${wave}: ${name} names the cause: ${body}`);
        }
      }
      // More requests than the pool has connections (10): the ones waiting for a connection have the same deadline.
      const crowd = await Promise.all(
        Array.from({ length: 25 }, (_, n) =>
          timedFetch(`${server!.url}/api/camera/reports?q=crowd-${n}-${Date.now()}`, {}, 30_000).catch(() => ({
            status: 0,
            ms: 30_000,
          })),
        ),
      );
      const slowest = Math.max(...crowd.map((r) => r.ms));
      console.info(
        `[frozen database, 25 at once] statuses ` +
          `${[...new Set(crowd.map((r) => r.status))].join(",")}, slowest ` +
          `${slowest.toFixed(0)} ms`,
      );
      assert.ok(
        crowd.every((r) => r.status === 503),
        "every request of the crowd answered 503",
      );
      assert.ok(slowest < 5_000, `the slowest of the crowd answered in ${slowest.toFixed(0)} ms`);
    } finally {
      for (const pid of pids) process.kill(pid, "SIGCONT");
    }
    const recoveredIn = await waitFor(
      "recovery after SIGCONT",
      async () => (await timedFetch(`${server!.url}/healthz/ready`, {}, 5_000)).status === 200,
      15_000,
    );
    console.info(`[frozen database] ready again ${recoveredIn} ms after SIGCONT`);
    assert.equal((await timedFetch(`${server!.url}/api/camera/reports?q=after-thaw`)).status, 200);

    // A stopped server refuses connections: health says so.
    postgres.stop();
    try {
      for (const path of ["/api/health", "/healthz/ready"]) {
        const health = await timedFetch(`${server!.url}${path}`, {}, 10_000);
        assert.equal(health.status, 503);
        assert.match(health.body, /connection refused/, `${path} names the cause: ${health.body}`);
        assert.doesNotMatch(health.body, /Failed query|select 1/i);
      }
    } finally {
      postgres.start();
    }
    await waitFor(
      "recovery after restart",
      async () => (await timedFetch(`${server!.url}/healthz/ready`, {}, 5_000)).status === 200,
      15_000,
    );
  },
);

test(
  "DATABASE_URL without SESSION_SECRET and ENCRYPTION_KEY: the instance refuses to start and says what to set",
  { skip },
  async () => {
    const url = await createDatabase(`secrets_${Date.now()}`);
    // A server that does start anyway is stopped again, and the assertion fails.
    const startAndStop = async (env: Record<string, string>) => {
      const server = await startServer(env);
      await server.stop();
    };
    await assert.rejects(
      startAndStop({ DATABASE_URL: url, SESSION_SECRET: "", ENCRYPTION_KEY: "" }),
      (error: Error) => {
        assert.match(error.message, /did not start \(exited/);
        assert.match(error.message, /SESSION_SECRET/);
        assert.match(error.message, /ENCRYPTION_KEY/);
        assert.match(error.message, /openssl rand/, "says how to make a value");
        return true;
      },
    );
    // One of them missing is refused too.
    await assert.rejects(startAndStop({ DATABASE_URL: url, ENCRYPTION_KEY: "" }), /ENCRYPTION_KEY/);
  },
);
