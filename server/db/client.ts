// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Migrations are applied on open, so a fresh DATA_DIR or an empty PostgreSQL database just works; with PostgreSQL
// under a lock, as several instances may start at once. Every PostgreSQL call has a deadline (timeoutMs).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { makePrivateDir } from "../lib/data-dir";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { startPgliteMaintenance } from "./pglite-maintenance";
import { timePgliteQueries, timePostgresQueries } from "./query-timing";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Round-trip time of a trivial query, in milliseconds; throws when unreachable, with the cause as its message. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite directory, or "memory" for a throw-away in-memory database (tests). */
  pgliteDir?: string;
  /** PGlite's shared buffers, in MB (see pgliteStartParams). */
  pgliteBuffersMegabytes?: number;
  /**
   * In memory only: a dump of a data directory (PGlite's dumpDataDir) to start from instead of a new database. The
   * tests load a migrated one, which takes under a second where creating a database takes 2–5 s; the migrations
   * then find their work done.
   */
  pgliteDump?: Blob;
  migrationsDir: string;
  /**
   * PostgreSQL: how long one database call may take — waiting for a pooled connection, connecting, a query — before
   * it fails as "database unavailable". A frozen server or a lost network then costs a request this long, not forever.
   */
  timeoutMs?: number;
  /**
   * Runs once the migrations are applied, with them under the same start-up lock (PostgreSQL: an advisory lock held
   * by one instance at a time), so first-start work such as seeding happens once however many instances start together.
   */
  prepare?: (db: Database) => Promise<void>;
}

const DEFAULT_DATABASE_TIMEOUT_MS = 3_000;

/** Any number fits, as long as every instance of the site uses the same one: the key of the start-up lock. */
const STARTUP_LOCK_KEY = 0x0ca3e7a9;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsDir;
  if (options.url) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
    await migrateUnderStartupLock(options.url, timeoutMs, migrationsFolder, options.prepare);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // Both the wait for a free pooled connection and the opening of a new one.
      connectionTimeoutMillis: timeoutMs,
      // The client's own deadline: a server that stops answering (frozen, network gone) never cancels anything.
      query_timeout: timeoutMs,
      // The server's: a statement that runs away is cancelled there, and the connection stays usable.
      statement_timeout: timeoutMs,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on("error", (error) => console.error("[db] idle client error:", error.message));
    timePostgresQueries(pool);
    pool.on("connect", (client) => abandonHungQueries(client, timeoutMs));
    const connect = pool.connect.bind(pool);
    // pool.query() connects through this.connect too, so both paths name a connect deadline the same way.
    pool.connect = ((
      callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
    ) => {
      if (callback)
        return connect((error, client, done) =>
          callback(error && (asDeadlineError(error, "connecting", timeoutMs) as Error), client, done),
        );
      return connect().catch((error: unknown) => {
        throw asDeadlineError(error, "connecting", timeoutMs);
      });
    }) as typeof pool.connect;
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: () => timedPing(db),
      close: () => pool.end(),
    };
  }

  const dir = options.pgliteDir ?? "memory";
  const startParams = pgliteStartParams(options.pgliteBuffersMegabytes);
  let client: PGlite;
  if (dir === "memory") {
    client = await PGlite.create({ startParams, loadDataDir: options.pgliteDump });
  } else {
    makePrivateDir(path.dirname(dir));
    const releaseLock = lockPgliteDir(dir);
    const fresh = !existsSync(path.join(dir, "PG_VERSION"));
    client = await PGlite.create(dir, { startParams });
    if (fresh) {
      // Creating the database grows PGlite's memory by a few hundred MB, which a running instance never gives
      // back; a second instance on the created files starts at its resting size.
      await client.close();
      client = await PGlite.create(dir, { startParams });
    }
    // PGlite creates its files world-readable; the umask set above covers the ones it creates from now on.
    makePrivateDir(path.dirname(dir));
    const close = client.close.bind(client);
    client.close = async () => {
      await close();
      releaseLock();
    };
  }
  timePgliteQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // One process owns the directory (the lock file above), so nothing else can start alongside.
  await migratePglite(db as never, { migrationsFolder });
  await options.prepare?.(db);
  const stopMaintenance = await startPgliteMaintenance(db);
  return {
    db,
    kind: "pglite",
    ping: () => timedPing(db),
    close: () => {
      stopMaintenance();
      return client.close();
    },
  };
}

/** PGlite's shared buffers unless PGLITE_BUFFERS_MB says otherwise. */
const DEFAULT_PGLITE_BUFFERS_MB = 16;

/**
 * PostgreSQL's default 128 MB of shared buffers is reserved in PGlite's WebAssembly memory, which never shrinks; the
 * default 16 MB keeps the worker lower at rest, and a site of a few thousand reports keeps its tables in them. Past
 * that, every page outside the buffers is a file read through JavaScript, and a larger site trades memory for CPU
 * with PGLITE_BUFFERS_MB (docs/decisions/0016 and 0050 have the figures).
 */
export function pgliteStartParams(buffersMegabytes = DEFAULT_PGLITE_BUFFERS_MB): string[] {
  const megabytes = Math.min(4096, Math.max(1, Math.round(buffersMegabytes)));
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${megabytes}MB`];
}

/**
 * PGlite is a single-process database: a second process opening the same directory corrupts it. The lock file
 * names the owner; a lock left by a process that no longer runs (kill -9) is taken over.
 */
function lockPgliteDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(lockFile, "utf8").trim());
    if (owner && owner !== process.pid && processIsAlive(owner)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner}. PGlite serves one ` +
          `process only: stop that server, or use DATABASE_URL for several processes.`,
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A process that has exited but is not yet reaped by its parent (a zombie, state Z) still answers signal 0,
  // but holds nothing any more: it must not keep a restarted server out.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state ...": the command may contain spaces and parentheses, so read after the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    // Gone since the signal, or no /proc (not Linux) to tell: then trust the signal.
    return !existsSync("/proc/self/stat");
  }
}

/**
 * Migrations and `prepare` on a connection of their own, holding a PostgreSQL advisory lock: an instance starting
 * while another migrates or seeds waits for it, then finds the work done. The lock belongs to the connection, so an
 * instance that dies holding it (kill -9) releases it with its connection. No query deadline here: a long migration
 * is legitimate, and so is waiting for another instance's.
 */
async function migrateUnderStartupLock(
  url: string,
  timeoutMs: number,
  migrationsFolder: string,
  prepare: OpenDatabaseOptions["prepare"],
): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A connection lost while waiting must fail the start-up, not crash it with an unhandled 'error' event.
  client.on("error", (error) => console.error("[db] start-up connection error:", error.message));
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      STARTUP_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      console.log("[db] another instance is migrating or seeding the database; waiting for it");
      await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    }
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    await migratePostgres(db as never, { migrationsFolder });
    await prepare?.(db);
    await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
  } finally {
    await client.end();
  }
}

/** A database call that ran out of time: "query timed out after 3 s". */
class DatabaseDeadlineError extends Error {
  readonly code = "DATABASE_DEADLINE";
  constructor(what: string, timeoutMs: number, cause: unknown) {
    super(`${what} timed out after ${formatSeconds(timeoutMs)}`, { cause });
    this.name = "DatabaseDeadlineError";
  }
}

function formatSeconds(ms: number): string {
  return `${Math.round((ms / 1000) * 10) / 10} s`;
}

const PG_CONNECT_TIMEOUT = /timeout exceeded when trying to connect|connection terminated due to connection timeout/i;

function asDeadlineError(error: unknown, what: string, timeoutMs: number): unknown {
  return error instanceof Error && PG_CONNECT_TIMEOUT.test(error.message)
    ? new DatabaseDeadlineError(what, timeoutMs, error)
    : error;
}

/**
 * When node-postgres gives up waiting for a query's answer (query_timeout), the connection still waits for it, and
 * every later query on it would queue behind. Such a connection is closed at once, so that it fails whatever runs on
 * it next (a transaction's rollback) and the pool discards it instead of lending it out again.
 */
function abandonHungQueries(client: pg.PoolClient, timeoutMs: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const onFailure = (error: unknown): unknown => {
    if (!(error instanceof Error) || error.message !== "Query read timeout") return error;
    // The client reports the closed socket as an 'error' event; there may be no other listener while it is lent out.
    client.on("error", () => {});
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    return new DatabaseDeadlineError("query", timeoutMs, error);
  };
  client.query = ((...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, ...results: unknown[]) =>
        (callback as (...values: unknown[]) => unknown)(error && onFailure(error), ...results);
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw onFailure(error);
      });
    }
    return result;
  }) as typeof client.query;
}

async function timedPing(db: Database): Promise<number> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    // Read by health checks: the cause ("connection refused"), not drizzle's "Failed query: select 1".
    throw new Error(describeDatabaseError(error), { cause: error });
  }
  return performance.now() - started;
}

const UNAVAILABLE_CODES = new Set([
  // Node socket errors: the server is down, restarting or unreachable.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: shutting down, starting up, too many connections, connection exceptions.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // PostgreSQL cancelled a statement (statement_timeout): too slow to answer now is unavailable too.
  "57014",
  // This file's own deadlines (DatabaseDeadlineError).
  "DATABASE_DEADLINE",
]);
const UNAVAILABLE_MESSAGES = new RegExp(
  [
    "connection terminated",
    "timeout exceeded when trying to connect",
    "query read timeout",
    "connection error",
    "pglite is closed",
    "terminating connection",
  ].join("|"),
  "i",
);

/** The error chain of a failed query: drizzle wraps the driver's error, which may hold several (AggregateError). */
function* errorChain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (!error || typeof error !== "object" || depth > 5) return;
  yield error as Record<string, unknown>;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* errorChain(inner, depth + 1);
  yield* errorChain((error as { cause?: unknown }).cause, depth + 1);
}

/** True when a query failed because the database cannot be reached right now (answer 503, try again later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (typeof link.code === "string" && UNAVAILABLE_CODES.has(link.code)) return true;
    // drizzle's own message quotes the query and its parameters, which may hold anything a visitor typed.
    const message = typeof link.message === "string" && !link.message.startsWith("Failed query") ? link.message : "";
    if (UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

const CAUSES: Array<[code: string, cause: string]> = [
  ["ECONNREFUSED", "connection refused"],
  ["ECONNRESET", "connection reset"],
  ["ETIMEDOUT", "connection timed out"],
  ["EHOSTUNREACH", "host unreachable"],
  ["ENOTFOUND", "host not found"],
  ["EAI_AGAIN", "host name lookup failed"],
  ["EPIPE", "connection closed"],
  ["57P01", "the server is shutting down"],
  ["57P02", "the server is shutting down"],
  ["57P03", "the server is starting up"],
  ["53300", "too many connections"],
  ["57014", "statement timed out"],
  ["28P01", "password authentication failed"],
  ["28000", "authentication refused"],
  ["3D000", "the database does not exist"],
];

/**
 * Why a database call failed, in a few words for a health check ("connection refused", "query timed out after
 * 3 s"). Never the failed query's text: drizzle's "Failed query: …" message quotes the query and its parameters.
 */
export function describeDatabaseError(error: unknown): string {
  const chain = [...errorChain(error)];
  for (const link of chain) if (link instanceof DatabaseDeadlineError) return link.message;
  for (const link of chain) {
    const cause = CAUSES.find(([code]) => code === link.code)?.[1];
    if (cause) return cause;
  }
  for (const link of chain) {
    const message = typeof link.message === "string" ? link.message : "";
    if (/query read timeout/i.test(message)) return "query timed out";
    if (PG_CONNECT_TIMEOUT.test(message)) return "connecting timed out";
    if (/connection terminated/i.test(message)) return "connection lost";
    if (/pglite is closed/i.test(message)) return "the database is closed";
  }
  return "unreachable";
}

/**
 * The PostgreSQL error class 22 (data exception: NUL in text, value out of range, bad number syntax…) for a
 * value that came from the request: bad input, not a server fault. Returns the database's message, or null.
 */
export function databaseInputError(error: unknown): string | null {
  for (const link of errorChain(error)) {
    if (typeof link.code === "string" && /^22[0-9A-Z]{3}$/.test(link.code)) {
      return link.code === "22021" ? "Text must not contain NUL characters." : "A value is out of range or malformed.";
    }
  }
  return null;
}
