// One client gets its share, never everyone's: while attackers hold connections on the expensive paths (exports,
// uncached searches, 1 MB posts to the JSON tool) — one address with 20 connections on each path in turn, then 5
// addresses with 4 each — another visitor's cached home page and /api/health keep answering fast, and the attackers
// get 429 or 503 past their share, never another 5xx. The admission settings keep their defaults here
// (server/lib/admission.ts); the attackers come from 127.0.0.2–6, the victim from 127.0.0.1 (all loopback on Linux).
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, test } from "node:test";
import { describePhase, runFairShare, type PhaseFigures } from "../../scripts/bench/fair-share.ts";
import { sleep, Target } from "./support.ts";

const target = new Target({
  ADMISSION_PER_CLIENT: "",
  ADMISSION_MAX_IN_FLIGHT: "",
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: "",
  SEED_DEMO: "1",
});

before(async () => {
  await target.healthy();
});
after(async () => {
  await target.stop();
});

/** The bounds the victim's answers must stay within in every phase. */
const HOME_P50_MS = 50;
const HOME_P99_MS = 500;
/** /api/health's bound: the suite's (an orchestrator's check), and the tighter one of the issue, not yet held. */
const HEALTH_P99_MS = 1_000;
const HEALTH_P99_TARGET_MS = 200;

/** The JSON tool's phases, reported on their own: its posts format on a thread, then read and render on the loop. */
const JSON_TOOL_PHASE = /JSON tool/;
let phases: PhaseFigures[] = [];

test("one client gets its share: a visitor's cached home page and /api/health answer fast under attack", async () => {
  phases = await runFairShare(target.url, { phaseMs: Number(process.env.FAIR_SHARE_PHASE_MS || 6_000) });
  for (const phase of phases) console.info(`[fair-share] ${describePhase(phase)}`);
  assert.deepEqual(
    phases.filter((phase) => !JSON_TOOL_PHASE.test(phase.name)).flatMap((phase) => problemsOf(phase)),
    [],
  );
});

test(
  `/api/health's p99 within ${HEALTH_P99_TARGET_MS} ms under the exports and searches`,
  {
    todo:
      "on PGlite every query runs on the worker's thread, one at a time: /api/health's `select 1` waits behind the " +
      "admitted searches' queries (p99 230-380 ms on a quiet two-core machine)",
  },
  () => {
    const late = phases
      .filter((phase) => !JSON_TOOL_PHASE.test(phase.name) && phase.health.p99 >= HEALTH_P99_TARGET_MS)
      .map((phase) => `${phase.name}: /api/health p99 ${phase.health.p99} ms`);
    assert.deepEqual(late, []);
  },
);

test("the same under 1 MB posts to the JSON tool, which formats them on a worker thread", () => {
  assert.deepEqual(
    phases.filter((phase) => JSON_TOOL_PHASE.test(phase.name)).flatMap((phase) => problemsOf(phase)),
    [],
  );
});

function problemsOf(phase: PhaseFigures): string[] {
  const problems: string[] = [];
  const where = phase.name;
  if (phase.home.failures > 0) problems.push(`${where}: ${phase.home.failures} of the home page's answers failed`);
  if (phase.health.failures > 0) problems.push(`${where}: ${phase.health.failures} /api/health answers failed`);
  if (phase.home.p50 >= HOME_P50_MS) problems.push(`${where}: home p50 ${phase.home.p50} ms ≥ ${HOME_P50_MS}`);
  if (phase.home.p99 >= HOME_P99_MS) problems.push(`${where}: home p99 ${phase.home.p99} ms ≥ ${HOME_P99_MS}`);
  if (phase.health.p99 >= HEALTH_P99_MS)
    problems.push(`${where}: /api/health p99 ${phase.health.p99} ms ≥ ${HEALTH_P99_MS}`);
  const wrong = Object.keys(phase.attackers).filter((status) => !["200", "429", "503"].includes(status));
  if (wrong.length > 0) problems.push(`${where}: attackers got ${wrong.join(", ")}`);
  return problems;
}

test("a refusal says which limit, with Retry-After, and the client's share comes back", async () => {
  // Page posts whose bodies are still arriving keep their places (a post is admitted before its body is read), in
  // each worker: past the address's share, its next expensive request gets 429 naming the limit.
  const held = Array.from({ length: 16 }, () => holdOpen(target.url, "/contact"));
  await sleep(500);
  try {
    const answer = await get(target.url, `/?q=share${Math.random().toString(36).slice(2, 8)}`, "127.0.0.7");
    assert.ok([429, 503].includes(answer.status), `status ${answer.status} with ${held.length} posts held open`);
    assert.match(answer.body, /at most \d+ pages, exports or posts|running \d+ ms behind \(the limit is \d+ ms\)/);
    assert.ok(Number(answer.headers["retry-after"]) >= 1);
  } finally {
    for (const request of held) request.destroy();
  }
  // Once they are gone, the address is served again (within a few Retry-After waits on a loaded machine).
  let status = 0;
  for (let attempt = 0; attempt < 5 && status !== 200; attempt++) {
    await sleep(1_000);
    status = (await get(target.url, `/?q=again${attempt}`, "127.0.0.7")).status;
  }
  assert.equal(status, 200);
});

/** A page post begun and not finished (within the unfinished-body grace): its place stays taken. */
function holdOpen(url: string, path: string): http.ClientRequest {
  const { hostname, port } = new URL(url);
  const request = http.request({
    host: hostname,
    port,
    path,
    method: "POST",
    localAddress: "127.0.0.7",
    agent: false,
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "100000", origin: url },
  });
  request.on("error", () => {});
  request.write("name=");
  return request;
}

function get(
  url: string,
  path: string,
  localAddress: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: hostname, port, path, localAddress, agent: false, timeout: 30_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on("timeout", () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", reject);
  });
}
