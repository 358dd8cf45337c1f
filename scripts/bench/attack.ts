// The health probe under attack: /api/health asked 10 times a second while an attacker sends the worst request of
// each kind once a second (the hostile inputs that once stalled or killed the server: a huge array index, 40,000
// repeated fields, 40,000 multipart parts, 4,000,000-deep brackets to the JSON tool, deep JSON to /api, a wrong
// content type, a non-ASCII callbackUrl, early refusals of large bodies, an anonymous sign-out). The probe's p99 is
// what a monitoring system or a load balancer would see while someone tries to take the site down.
import http from "node:http";
import { LOOPBACK, round } from "./run.ts";

export interface AttackResult {
  seconds: number;
  probes: number;
  /** Probes that failed or got no answer within 5 s (counted at their elapsed time in the percentiles). */
  failedProbes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Each kind of attack: how often it was sent, the statuses it got, its slowest answer. */
  attacks: { name: string; sent: number; statuses: Record<string, number>; slowestMs: number }[];
}

interface Attack {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

const PROBE_TIMEOUT_MS = 5_000;
const ATTACK_TIMEOUT_MS = 30_000;

/**
 * One request on loopback, timed to its last byte; its status, or 0 when it got no answer within `timeoutMs`.
 * `localAddress` sends it from another loopback address (the whole 127.0.0.0/8 is loopback on Linux).
 */
export function timedRequest(
  port: number,
  attack: Omit<Attack, "name">,
  timeoutMs: number,
  { localAddress, agent = false }: { localAddress?: string; agent?: http.Agent | false } = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, ms: performance.now() - started });
    };
    const req = http.request({
      host: LOOPBACK,
      port,
      localAddress,
      method: attack.method,
      path: attack.path,
      agent,
      headers: { ...attack.headers, ...(attack.body ? { "content-length": String(attack.body.length) } : {}) },
    });
    const timer = setTimeout(() => {
      req.destroy();
      settle(0);
    }, timeoutMs);
    // An answer the server sends before reading the whole body is still its answer; errors after it do not count.
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => settle(res.statusCode ?? 0));
      res.on("error", () => settle(res.statusCode ?? 0));
    });
    req.on("error", () => settle(0));
    req.end(attack.body);
  });
}

function multipart(fields: [string, string][]): { contentType: string; body: Buffer } {
  const boundary = "----bench-attack-0c1d";
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
  };
}

async function adminToken(port: number, admin: { email: string; password: string }): Promise<string | null> {
  try {
    const response = await fetch(`http://${LOOPBACK}:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    return ((await response.json()) as { sessionToken?: string }).sessionToken ?? null;
  } catch {
    return null;
  }
}

function attacks(origin: string, token: string | null): Attack[] {
  const form = { "content-type": "application/x-www-form-urlencoded", origin };
  const manyParts = multipart(Array.from({ length: 40_000 }, (): [string, string] => ["a", ""]));
  const deepTool = multipart([
    ["input", "[".repeat(4_000_000) + "]".repeat(4_000_000)],
    ["indent", "2"],
    ["intent", "format"],
  ]);
  const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  const bearer: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const padding = JSON.stringify({ padding: "x".repeat(300 * 1024) });
  return [
    {
      name: "name[99999999]=1 to /contact",
      method: "POST",
      path: "/contact",
      headers: form,
      body: Buffer.from("name[99999999]=1"),
    },
    {
      name: "40,000 × a= to /contact",
      method: "POST",
      path: "/contact",
      headers: form,
      body: Buffer.from("a=&".repeat(40_000)),
    },
    {
      name: "40,000 multipart parts to /account/login",
      method: "POST",
      path: "/account/login",
      headers: { "content-type": manyParts.contentType, origin },
      body: manyParts.body,
    },
    {
      name: "4,000,000-deep brackets to the JSON tool",
      method: "POST",
      path: "/tools/json-pretty-format/",
      headers: { "content-type": deepTool.contentType, origin },
      body: deepTool.body,
    },
    {
      name: "20,000-deep KV value to /api (administrator)",
      method: "PUT",
      path: "/api/v1/kv/bench.attack.deep",
      headers: { "content-type": "application/json", ...bearer },
      body: Buffer.from(`{"value":${deep(20_000)}}`),
    },
    {
      name: "20,000-deep JSON site var to /api (administrator)",
      method: "POST",
      path: "/api/admin/site/vars",
      headers: { "content-type": "application/json", ...bearer },
      body: Buffer.from(JSON.stringify({ key: "bench_attack_deep", sv_val: deep(20_000), sv_val_type: "json" })),
    },
    {
      name: "text/plain to a page action",
      method: "POST",
      path: "/contact",
      headers: { "content-type": "text/plain", origin },
      body: Buffer.from("name=x"),
    },
    {
      name: "non-ASCII callbackUrl to /account/login",
      method: "POST",
      path: "/account/login",
      headers: form,
      body: Buffer.from(
        new URLSearchParams({
          email: "nobody@example.com",
          password: "not the password",
          callbackUrl: "/。evil.example",
        }).toString(),
      ),
    },
    {
      name: "/api 401 before a 300 KB body",
      method: "POST",
      path: "/api/admin/kv",
      headers: { "content-type": "application/json" },
      body: Buffer.from(padding),
    },
    {
      name: "/api 413 for a 2 MB body",
      method: "POST",
      path: "/api/auth/login",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(2 * 1024 * 1024, "x"),
    },
    { name: "anonymous POST /api/auth/logout", method: "POST", path: "/api/auth/logout" },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Runs the attack for `seconds` against a server on loopback `port`; the administrator reaches the parsers behind auth.
 */
export async function measureHealthUnderAttack(
  port: number,
  admin: { email: string; password: string },
  seconds = 20,
): Promise<AttackResult> {
  const origin = `http://${LOOPBACK}:${port}`;
  const list = attacks(origin, await adminToken(port, admin));
  const outcomes = list.map((attack) => ({
    name: attack.name,
    sent: 0,
    statuses: {} as Record<string, number>,
    slowestMs: 0,
  }));
  const probeMs: number[] = [];
  let failedProbes = 0;
  const inFlight: Promise<unknown>[] = [];
  const end = performance.now() + seconds * 1000;

  const prober = (async () => {
    for (let next = performance.now(); next < end; next += 100) {
      inFlight.push(
        timedRequest(port, { method: "GET", path: "/api/health" }, PROBE_TIMEOUT_MS).then(({ status, ms }) => {
          probeMs.push(ms);
          if (status !== 200) failedProbes++;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next + 100 - performance.now())));
    }
  })();
  const attacker = (async () => {
    for (let next = performance.now(); next < end; next += 1000) {
      list.forEach((attack, i) => {
        const outcome = outcomes[i]!;
        outcome.sent++;
        inFlight.push(
          timedRequest(port, attack, ATTACK_TIMEOUT_MS).then(({ status, ms }) => {
            const key = status === 0 ? "no answer" : String(status);
            outcome.statuses[key] = (outcome.statuses[key] ?? 0) + 1;
            outcome.slowestMs = Math.max(outcome.slowestMs, round(ms));
          }),
        );
      });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next + 1000 - performance.now())));
    }
  })();
  await Promise.all([prober, attacker]);
  await Promise.all(inFlight);

  const sorted = [...probeMs].sort((a, b) => a - b);
  return {
    seconds,
    probes: sorted.length,
    failedProbes,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    attacks: outcomes,
  };
}
