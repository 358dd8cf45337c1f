// An open-loop load at a fixed rate: one request every 1/rate seconds, evenly spaced, over a pool of keep-alive
// connections. autocannon's own rate limit lets each connection send its whole second's share back to back and
// then wait for the next second, so "half the saturation rate" would arrive as bursts at full speed and its
// latency would be the queue of a saturated server. Here a stalled server cannot hide its stall: the requests due
// meanwhile queue for the pool's connections, and their wait counts.
import { appendFileSync } from "node:fs";
import http from "node:http";
import { nextPathOf, type LoadOptions, type RunFigures } from "./load-types.ts";

/** A file to which each paced request is appended as a JSON line (path, when, how long, Server-Timing), if set. */
const latencyLog = process.env.BENCH_LATENCY_LOG;

export async function pacedLoad(
  port: number,
  host: string,
  options: LoadOptions & { rate: number },
): Promise<RunFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, scheduling: "fifo" });
  const total = Math.max(1, Math.round(options.rate * options.durationSeconds));
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const dueAt = started + index * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // From the moment the request is handed to the pool: a request that waits for a free connection counts its
    // wait, while this client's own lag behind the schedule (at thousands of requests a second) does not.
    const issuedAt = performance.now();
    const path = options.paths ? nextPathOf(options.paths) : options.path;
    inFlight.push(
      send(agent, port, host, path, options).then(
        (answer) => {
          latencies.push(performance.now() - issuedAt);
          if (latencyLog) {
            const line = {
              path,
              issuedMs: issuedAt - started,
              // The wall clock in milliseconds, to line a request up with a server's own log.
              issuedAtEpochMs: performance.timeOrigin + issuedAt,
              lateMs: issuedAt - dueAt,
              ms: performance.now() - issuedAt,
              timing: answer.timing,
            };
            appendFileSync(latencyLog, JSON.stringify(line) + "\n");
          }
          bytes += answer.bytes;
          if (answer.status < 200 || answer.status > 299) non2xx += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (share: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!) : 0;
  return {
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    requests: latencies.length,
    errors,
    non2xx,
    bytesPerResponse: latencies.length ? Math.round(bytes / latencies.length) : 0,
  };
}

function send(
  agent: http.Agent,
  port: number,
  host: string,
  path: string,
  options: LoadOptions,
): Promise<{ status: number; bytes: number; timing: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host, port, path, method: options.method ?? "GET", headers: options.headers, timeout: 10_000 },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        const timing = response.headers["server-timing"]?.toString();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes, timing }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
    request.end(options.body);
  });
}
