// The fair-share scenario, shared by tests/hostile/fair-share.test.ts (pass/fail) and npm run bench (figures):
// attackers hold connections on each expensive path — one address with 20 connections on each path in turn, then
// 5 addresses with 4 each — each connection sending its next request as soon as the last is answered, never
// waiting for Retry-After. Meanwhile a victim on 127.0.0.1 asks for the cached home page back to back on one
// keep-alive connection, and /api/health every 100 ms on a connection of its own, as an orchestrator does. The
// attackers bind to 127.0.0.2–6: the whole of 127.0.0.0/8 is loopback on Linux.
import http from "node:http";
import { timedRequest } from "./attack.ts";

export interface Latencies {
  count: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PhaseFigures {
  name: string;
  /** One attacking address (true), or several. */
  single: boolean;
  home: Latencies;
  health: Latencies;
  /** The attackers' answers by status ("error" for none). */
  attackers: Record<string, number>;
}

interface AttackRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

interface AttackPath {
  name: string;
  next: () => AttackRequest;
}

const VICTIM_ADDRESS = "127.0.0.1";
const ATTACKERS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"];
const REQUEST_TIMEOUT_MS = 30_000;

/** A 1 MB JSON document of small objects, as a visitor would paste it. */
function jsonToolBody(origin: string): AttackRequest {
  const input = JSON.stringify(
    Array.from({ length: 12_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b"], at: { x: i * 1.5 } })),
  );
  const boundary = "----fair-share-4c1d";
  const fields: [string, string][] = [
    ["input", input],
    ["indent", "2"],
    ["intent", "format"],
  ];
  const body = Buffer.from(
    fields
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}--\r\n`,
  );
  return {
    method: "POST",
    path: "/tools/json-pretty-format/",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin },
    body,
  };
}

const FACINGS = ["FRONT", "BACK", "EXTERNAL"];

export function attackPaths(origin: string): AttackPath[] {
  const toolPost = jsonToolBody(origin);
  const word = () => Math.random().toString(36).slice(2, 7);
  return [
    {
      name: "/camera2/report_list/export.csv",
      next: () => ({ method: "GET", path: "/camera2/report_list/export.csv" }),
    },
    {
      name: "/camera2/report_list/export.json",
      next: () => ({ method: "GET", path: "/camera2/report_list/export.json" }),
    },
    {
      name: "/api/camera/reports/export.csv",
      next: () => ({ method: "GET", path: "/api/camera/reports/export.csv" }),
    },
    {
      name: "uncached searches",
      next: () => ({
        method: "GET",
        path:
          `/?q=${word()}&min_mp=${1 + Math.floor(Math.random() * 40)}` +
          `&facing=${FACINGS[Math.floor(Math.random() * FACINGS.length)]}`,
      }),
    },
    { name: "1 MB posts to the JSON tool", next: () => toolPost },
  ];
}

function send(
  port: number,
  localAddress: string,
  request: AttackRequest,
  agent: http.Agent | false,
): Promise<{ status: number; ms: number }> {
  return timedRequest(port, request, REQUEST_TIMEOUT_MS, { localAddress, agent });
}

function latencies(samples: { status: number; ms: number }[]): Latencies {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return {
    count: samples.length,
    failures: samples.filter((s) => s.status !== 200).length,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}

async function phase(
  port: number,
  name: string,
  attackers: { address: string; path: AttackPath }[],
  phaseMs: number,
): Promise<PhaseFigures> {
  const end = performance.now() + phaseMs;
  const attackerStatuses: Record<string, number> = {};
  const home: { status: number; ms: number }[] = [];
  const health: { status: number; ms: number }[] = [];
  const homeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const attacking = attackers.map(async ({ address, path }) => {
    while (performance.now() < end) {
      const { status } = await send(port, address, path.next(), false);
      const key = status === 0 ? "error" : String(status);
      attackerStatuses[key] = (attackerStatuses[key] ?? 0) + 1;
    }
  });
  // The attack takes hold before the victim is measured.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const visiting = (async () => {
    while (performance.now() < end) {
      home.push(await send(port, VICTIM_ADDRESS, { method: "GET", path: "/" }, homeAgent));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const probing = (async () => {
    const probes: Promise<void>[] = [];
    for (let next = performance.now(); next < end; next += 100) {
      probes.push(
        send(port, VICTIM_ADDRESS, { method: "GET", path: "/api/health" }, false).then((answer) => {
          health.push(answer);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next + 100 - performance.now())));
    }
    await Promise.all(probes);
  })();
  await Promise.all([...attacking, visiting, probing]);
  homeAgent.destroy();
  return {
    name,
    single: new Set(attackers.map((a) => a.address)).size === 1,
    home: latencies(home),
    health: latencies(health),
    attackers: attackerStatuses,
  };
}

/** Every phase in turn, the cached home page warmed first; `phaseMs` each (the first 0.5 s is not measured). */
export async function runFairShare(url: string, { phaseMs }: { phaseMs: number }): Promise<PhaseFigures[]> {
  const port = Number(new URL(url).port);
  const paths = attackPaths(url);
  for (let i = 0; i < 3; i++) await send(port, VICTIM_ADDRESS, { method: "GET", path: "/" }, false);
  const phases: PhaseFigures[] = [];
  for (const path of paths) {
    const attackers = Array.from({ length: 20 }, () => ({ address: ATTACKERS[0]!, path }));
    phases.push(await phase(port, `1 address × 20 on ${path.name}`, attackers, phaseMs));
  }
  const mixed = (chosen: AttackPath[]) =>
    ATTACKERS.flatMap((address, i) => Array.from({ length: 4 }, () => ({ address, path: chosen[i % chosen.length]! })));
  const withoutTool = paths.filter((path) => !/JSON tool/.test(path.name));
  phases.push(await phase(port, "5 addresses × 4 on the exports and searches", mixed(withoutTool), phaseMs));
  phases.push(await phase(port, "5 addresses × 4, one path each (the JSON tool among them)", mixed(paths), phaseMs));
  return phases;
}

/** One phase as a line: the victim's figures, then what the attackers got. */
export function describePhase(phase: PhaseFigures): string {
  const statuses = Object.entries(phase.attackers)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  return (
    `${phase.name}: home p50 ${phase.home.p50} ms, p99 ${phase.home.p99} ms (${phase.home.count} answers, ` +
    `${phase.home.failures} failed); /api/health p99 ${phase.health.p99} ms (${phase.health.count}, ` +
    `${phase.health.failures} failed); attackers ${statuses}`
  );
}

/** The scenario as a benchmark pass: each phase's line logged, the figures returned (null when it failed). */
export async function measureFairShare(
  url: string,
  phaseMs: number,
  log: (line: string) => void,
): Promise<PhaseFigures[] | null> {
  try {
    const phases = await runFairShare(url, { phaseMs });
    for (const phase of phases) log(`fair share: ${describePhase(phase)}`);
    return phases;
  } catch (error) {
    log(`fair share: not measured (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}
