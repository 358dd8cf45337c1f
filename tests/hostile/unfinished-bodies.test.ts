// Unfinished bodies: 60 posts of 10.9 MB to the JSON tool, each with its last bytes withheld. Every body still
// arriving takes its bytes from the worker's budget (BODY_BUDGET_MB) and must keep a minimum pace
// (BODY_MIN_BYTES_PER_SECOND after BODY_RATE_GRACE_SECONDS), so each post is answered 503 or 408 and its connection
// closed long before the 60 s request time-out, and the worker's memory comes back. Before the budget the worker
// held every body until that time-out (599 → 1,213 MiB for up to 60 s).
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, test } from "node:test";
import { serverRssMiB, sleep, Target } from "./support.ts";

const target = new Target();
before(async () => {
  await target.healthy();
});
after(async () => {
  await target.stop();
});

const POSTS = 60;
const BODY_BYTES = Math.round(10.9 * 1024 * 1024);
const WITHHELD = 16;
/** The grace (5 s) and one window of the pace check (5 s), with room for a loaded machine. */
const ANSWER_WITHIN_MS = 20_000;

interface Outcome {
  status: number;
  answeredMs: number;
  closedMs: number;
}

function withheldPost(port: number, body: Buffer): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let head = "";
    let status = 0;
    let answeredMs = -1;
    const socket = net.connect({ host: "127.0.0.1", port });
    const timer = setTimeout(() => socket.destroy(), ANSWER_WITHIN_MS + 10_000);
    socket.on("connect", () => {
      socket.write(
        `POST /tools/json-pretty-format/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
      );
      socket.write(body.subarray(0, BODY_BYTES - WITHHELD));
    });
    socket.on("data", (chunk: Buffer) => {
      if (answeredMs >= 0) return;
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) {
        status = Number(match[1]);
        answeredMs = performance.now() - started;
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ status, answeredMs, closedMs: performance.now() - started });
    });
  });
}

test("60 posts of 10.9 MB with their last bytes withheld: 503 or 408, connections closed, memory back", async () => {
  const server = await target.healthy();
  await sleep(1_000);
  const restingMiB = serverRssMiB(server);
  let peakMiB = restingMiB;
  const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, serverRssMiB(server))), 100);
  const body = Buffer.alloc(BODY_BYTES, "a");
  const outcomes = await Promise.all(Array.from({ length: POSTS }, () => withheldPost(server.port, body)));
  await sleep(5_000);
  clearInterval(sampler);
  const afterMiB = serverRssMiB(server);
  const statuses: Record<string, number> = {};
  for (const { status } of outcomes) statuses[status] = (statuses[status] ?? 0) + 1;
  const slowest = Math.max(...outcomes.map((o) => o.closedMs));
  console.info(
    `[unfinished-bodies] statuses ${JSON.stringify(statuses)}; ` +
      `last connection closed after ${Math.round(slowest)} ms; worker RSS ${Math.round(restingMiB)} MiB ` +
      `resting, ${Math.round(peakMiB)} at most, ${Math.round(afterMiB)} 5 s after`,
  );
  assert.deepEqual(
    outcomes.filter((o) => ![503, 408].includes(o.status) || o.answeredMs > ANSWER_WITHIN_MS),
    [],
    "every post answered 503 or 408 in time",
  );
  assert.ok(slowest < ANSWER_WITHIN_MS + 3_000, `connections closed by ${Math.round(slowest)} ms`);
  assert.ok(peakMiB - restingMiB < 256, `the worker grew by ${Math.round(peakMiB - restingMiB)} MiB`);
  assert.ok(afterMiB - restingMiB < 128, `the worker kept ${Math.round(afterMiB - restingMiB)} MiB`);
  // The worker still serves.
  const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
  assert.equal(health.status, 200);
});
