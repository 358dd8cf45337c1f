// Helpers for the hostile-input suite, on top of the fault tests' (tests/faults/support.ts): a production server
// that is replaced when a case killed or stalled it (so one failure does not hide the others), requests over
// node:http that report an early answer even when the server stops reading the body, a concurrent /api/health
// probe, the worker's memory and process ids, and discovery of what to attack from the build's route manifest and
// /api/openapi.json.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  ADMIN,
  BUILD_DIR,
  processMemory,
  signInCookie,
  sleep,
  startServer,
  type ServerProcess,
} from "../faults/support.ts";

export { ADMIN, sleep };

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** What every case must meet: an answer within this budget, and /api/health within HEALTH_BUDGET_MS meanwhile. */
const HEALTH_BUDGET_MS = 1_000;

/**
 * Nothing may stand between a body and the code that judges it. Rate limits are raised (the suite sends hundreds
 * of sign-in and contact posts a minute; a 429 is still accepted as an answer wherever one comes). Google sign-in
 * is configured, with its endpoints on a closed loopback port, so the Gmail callback judges the body instead of
 * answering 503 "not configured" to every request.
 */
const SERVER_ENV: Record<string, string> = {
  // A client's share and the worker's budget (server/lib/admission.ts) would refuse a case that follows a heavy one;
  // tests/hostile/fair-share.test.ts tests them with their defaults.
  ADMISSION_PER_CLIENT: "1000000",
  ADMISSION_MAX_IN_FLIGHT: "1000000",
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: "0",
  LOGIN_RATE_LIMIT_PER_MINUTE: "1000000",
  // The page cache's X-Cache, which the regression of the anonymous sign-out reads.
  PAGE_CACHE_HEADERS: "1",
  CONTACT_RATE_LIMIT_PER_MINUTE: "1000000",
  API_KEY_FAILURES_PER_15_MINUTES: "1000000",
  GOOGLE_CLIENT_ID: "hostile-suite-client",
  GOOGLE_CLIENT_SECRET: "hostile-suite-secret",
  GOOGLE_AUTHORIZATION_URL: "http://127.0.0.1:9/authorize",
  GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
  GOOGLE_USERINFO_URL: "http://127.0.0.1:9/userinfo",
};

// ---------------------------------------------------------------- the server under attack

/** A production server as a child process; `healthy()` replaces it when a case left it dead or stalled. */
export class Target {
  #server: ServerProcess | null = null;
  #adminCookie: string | null = null;
  restarts = 0;
  readonly #env: Record<string, string>;

  /** `env` is added to the suite's server environment (an empty value restores a setting's default). */
  constructor(env: Record<string, string> = {}) {
    this.#env = { ...SERVER_ENV, ...env };
  }

  get server(): ServerProcess {
    if (!this.#server) throw new Error("server not started");
    return this.#server;
  }

  get url(): string {
    return this.server.url;
  }

  /** The running server, after checking it answers /api/health within a second; a new one if it does not. */
  async healthy(): Promise<ServerProcess> {
    if (this.#server && (await healthAnswers(this.#server.url))) return this.#server;
    if (this.#server) {
      const output = this.#server.output();
      console.info(
        `[hostile] the server was dead or stalled; starting a new one. Its last output:\n${output.slice(-2_000)}`,
      );
      this.#server.child.kill("SIGKILL");
      await this.#server.stop();
      this.restarts++;
    }
    this.#server = await startServer(this.#env);
    this.#adminCookie = null;
    return this.#server;
  }

  /** The administrator's session cookie, signing in again when the last one was signed out. */
  async adminCookie(): Promise<string> {
    if (this.#adminCookie) {
      const session = await fetch(`${this.url}/api/auth/session`, {
        headers: { cookie: this.#adminCookie },
        signal: AbortSignal.timeout(5_000),
      });
      const body = (await session.json().catch(() => null)) as { user?: unknown } | null;
      if (session.ok && body?.user) return this.#adminCookie;
    }
    this.#adminCookie = await signInCookie(this.url);
    return this.#adminCookie;
  }

  async stop(): Promise<void> {
    await this.#server?.stop();
    this.#server = null;
  }
}

async function healthAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(HEALTH_BUDGET_MS * 2) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Resident memory of the largest process serving requests, in MiB: the cluster worker (the primary only
 * supervises), or the server itself when it runs alone.
 */
export function serverRssMiB(server: ServerProcess): number {
  const workers = server.workerPids();
  const pids = workers.length > 0 ? workers : [server.child.pid!];
  return Math.max(...pids.map((pid) => processMemory(pid).rssKb)) / 1024;
}

/** True while the server's process (the primary, when there is a cluster) has not exited. */
export function alive(server: ServerProcess): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

/** The server's process ids: the primary, then its workers. */
export function serverPids(server: ServerProcess): number[] {
  return [server.child.pid!, ...server.workerPids()];
}

/**
 * "" when the server's processes are the same as before (a supervisor hides a dead worker by starting another:
 * the process ids tell), else what changed.
 */
export function processChanges(server: ServerProcess, before: number[]): string {
  if (!alive(server)) return "the server process exited";
  const now = serverPids(server);
  return now.join() === before.join()
    ? ""
    : `the server's processes changed from ${before.join(", ")} to ${now.join(", ")} (a worker died and was replaced)`;
}

// ---------------------------------------------------------------- requests

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer as text, up to the request's `keepBytes` (64 KiB unless set). */
  body: string;
  ms: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** A keep-alive agent to reuse a connection; by default each request has a connection of its own. */
  agent?: http.Agent;
  /** How much of the answer to keep (the rest is read and dropped); 64 KiB unless set. */
  keepBytes?: number;
}

/**
 * One request over node:http. An answer the server sends before it has read the whole body counts as the answer
 * (fetch would report the write's EPIPE instead); no answer within `timeoutMs` rejects.
 */
export function send(url: string, request: RawRequest, timeoutMs: number): Promise<Answer> {
  const { hostname, port } = new URL(url);
  const body = typeof request.body === "string" ? Buffer.from(request.body) : request.body;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({
      host: hostname,
      port,
      method: request.method,
      path: request.path,
      agent: request.agent ?? false,
      headers: { ...request.headers, ...(body ? { "content-length": String(body.length) } : {}) },
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const keepBytes = request.keepBytes ?? 64 * 1024;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on("data", (chunk: Buffer) => {
        if (kept < keepBytes) chunks.push(chunk);
        kept += chunk.length;
      });
      const finish = () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).subarray(0, keepBytes).toString("utf8"),
          ms: performance.now() - started,
        });
      };
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(
        Object.assign(
          new Error(
            `${request.method} ${request.path}: ${error.message} after ${(performance.now() - started).toFixed(0)} ms`,
          ),
          { cause: error },
        ),
      );
    });
    req.end(body);
  });
}

export interface Probe {
  status: number;
  ms: number;
  error?: string;
}

/**
 * Runs `work` while /api/health is asked every 100 ms (each with a 2 s deadline, so a stall shows as its length),
 * and once more after `work` ends. Returns what `work` returned, or threw, and every probe.
 */
export async function underHealthProbe<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ outcome: PromiseSettledResult<T>; probes: Probe[] }> {
  const probes: Probe[] = [];
  let done = false;
  const probeOnce = async () => {
    const started = performance.now();
    try {
      const status = await getOnFreshConnection(`${url}/api/health`, HEALTH_BUDGET_MS * 2);
      probes.push({ status, ms: performance.now() - started });
    } catch (error) {
      probes.push({ status: 0, ms: performance.now() - started, error: (error as Error).message });
    }
  };
  const loop = (async () => {
    while (!done) {
      await Promise.all([probeOnce(), sleep(100)]);
    }
  })();
  const [outcome] = await Promise.allSettled([work()]);
  done = true;
  await loop;
  await probeOnce();
  return { outcome: outcome!, probes };
}

/**
 * A GET on a connection of its own, as an orchestrator's health check makes it. A pooled keep-alive connection that
 * sat idle while a large hostile body was built can be closed by the server's keep-alive timeout just as it is
 * reused ("other side closed"): a race of the client's pool, not a sign of the server's health.
 */
function getOnFreshConnection(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** "" when every probe answered 200 within the budget, else what went wrong. */
export function probeProblems(probes: Probe[]): string {
  const bad = probes.filter((p) => p.status !== 200 || p.ms > HEALTH_BUDGET_MS);
  if (bad.length === 0) return "";
  const worst = Math.max(...probes.map((p) => p.ms));
  const firstProblems = bad
    .slice(0, 3)
    .map((p) => p.error ?? `status ${p.status}`)
    .join("; ");
  return (
    `/api/health: ${bad.length} of ${probes.length} probes failed or took over ${HEALTH_BUDGET_MS} ms ` +
    `(slowest ${worst.toFixed(0)} ms; ${firstProblems})`
  );
}

// ---------------------------------------------------------------- bodies

/** A multipart/form-data body from name/value pairs; names and values may be text or raw bytes. */
export function multipart(
  fields: [string | Buffer, string | Buffer][],
  boundary = "----hostile" + "x".repeat(16),
): { contentType: string; body: Buffer } {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    // A quote or line break would end the header early: written percent-encoded, as browsers do.
    const safeName = Buffer.from(
      Buffer.from(name).toString("latin1").replace(/"/g, "%22").replace(/\r|\n/g, " "),
      "latin1",
    );
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
      safeName,
      Buffer.from(`"\r\n\r\n`),
    );
    parts.push(Buffer.from(value));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

/** `[` × depth then `]` × depth, as the JSON tool's worst case. */
export function deepArrays(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** {"a":{"a":…1…}} nested `depth` deep. */
export function deepObjects(depth: number): string {
  return '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

// ---------------------------------------------------------------- what to attack

export interface PageAction {
  /** The route's id in the build, e.g. routes/pages/contact */
  id: string;
  /** A URL that reaches the action, parameters filled: /admin/wonder/edit/00000000-… */
  url: string;
}

/**
 * Every route whose module exports an action, from the route manifest the build ships to browsers (it says
 * hasAction for each route): a route added later is attacked without editing this suite.
 */
export function pageActions(buildDir = BUILD_DIR): PageAction[] {
  const assets = path.join(buildDir, "client/assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}: build first`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean }>;
  };
  const routes = manifest.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(routes)
    .filter((route) => route.hasAction)
    .map((route) => {
      const pattern = `/${fullPath(route.id)}`.replace(/:[\w]+\??/g, UNKNOWN_ID).replace(/\*$/, "hostile-no-such-page");
      return { id: route.id, url: route.index ? `${pattern.replace(/\/$/, "") || "/"}?index` : pattern };
    });
}

/**
 * The fields of the forms a page renders that post to its own action (as a visitor, or as the administrator when
 * the page needs a session), each with the values the page offers (a button's or input's value, a select's
 * options): bodies are aimed at real fields, and can get past "required" checks to deeper code.
 */
export async function formFields(url: string, pageUrl: string, cookie: string): Promise<Record<string, string[]>> {
  const fields: Record<string, string[]> = {};
  const offer = (name: string, value: string | undefined) => {
    const values = (fields[name] ??= []);
    if (value !== undefined && !values.includes(value)) values.push(value);
  };
  const path = pageUrl.replace(/\?index$/, "");
  try {
    let response = await fetch(`${url}${path}`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
    if (response.status !== 200)
      response = await fetch(`${url}${path}`, {
        redirect: "manual",
        headers: { cookie },
        signal: AbortSignal.timeout(10_000),
      });
    const html = await response.text();
    for (const [form, attributes] of html.matchAll(/<form\b([^>]*)>[\s\S]*?<\/form>/g)) {
      const action = /\baction="([^"]*)"/.exec(attributes!)?.[1];
      if (
        !/\bmethod="post"/i.test(attributes!) ||
        (action !== undefined && action.replace(/\/$/, "") !== path.replace(/\/$/, ""))
      )
        continue;
      for (const [tag] of form.matchAll(/<(?:input|textarea|button)\b[^>]*>/g)) {
        const name = /\bname="([^"]+)"/.exec(tag)?.[1];
        if (name) offer(name, /\bvalue="([^"]*)"/.exec(tag)?.[1]);
      }
      for (const [, selectAttributes, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
        const name = /\bname="([^"]+)"/.exec(selectAttributes!)?.[1];
        if (!name) continue;
        for (const [, value] of options!.matchAll(/<option\b[^>]*\bvalue="([^"]*)"/g)) offer(name, value);
      }
    }
  } catch {
    // a page that does not render still gets generic fields
  }
  return fields;
}

export interface ApiOperation {
  method: string;
  /** Path with parameters filled, e.g. /api/admin/kv/00000000-… */
  path: string;
  /** As the OpenAPI document writes it, e.g. /api/admin/kv/{key} */
  template: string;
  contentTypes: string[];
  /** Top-level properties of the JSON body's schema, each with plausible values as JSON text. */
  fields: Record<string, string[]>;
}

/** Every operation of /api/openapi.json that takes a body (every method but GET and HEAD). */
export async function apiOperations(url: string): Promise<ApiOperation[]> {
  const doc = (await (await fetch(`${url}/api/openapi.json`, { signal: AbortSignal.timeout(10_000) })).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, JsonSchema> } }> } }
      >
    >;
  };
  const operations: ApiOperation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (["get", "head", "options", "parameters"].includes(method)) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        template,
        path: template.replace(/\{[^}]+\}/g, UNKNOWN_ID),
        contentTypes: Object.keys(content),
        fields: Object.fromEntries(
          Object.entries(content["application/json"]?.schema?.properties ?? {}).map(([name, schema]) => [
            name,
            plausibleValues(schema),
          ]),
        ),
      });
    }
  }
  return operations;
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  anyOf?: JsonSchema[];
}

/** Values a property's schema accepts, as JSON text: enough for a body to reach the code behind validation. */
function plausibleValues(schema: JsonSchema): string[] {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value));
  if (schema.anyOf?.[0]) return plausibleValues(schema.anyOf[0]);
  switch (schema.type) {
    case "integer":
    case "number":
      return [String(schema.minimum ?? 1)];
    case "boolean":
      return ["true", "false"];
    case "array":
      return ["[]"];
    case "object":
      return ["{}"];
    default:
      return ['"hostile"'];
  }
}
