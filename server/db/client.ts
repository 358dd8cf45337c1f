// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Migrations are applied on open, so a fresh DATA_DIR or an empty PostgreSQL database just works.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { timePgliteQueries, timePostgresQueries } from "./query-timing";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Round-trip time of a trivial query, in milliseconds; throws when unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite directory, or "memory" for a throw-away in-memory database (tests). */
  pgliteDir?: string;
  migrationsDir: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsDir;
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // A statement that runs away must not hold a request forever.
      statement_timeout: 15_000,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on("error", (error) => console.error("[db] idle client error:", error.message));
    timePostgresQueries(pool);
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    await migratePostgres(db as never, { migrationsFolder });
    return {
      db,
      kind: "postgres",
      ping: () => timedPing(db),
      close: () => pool.end(),
    };
  }

  const dir = options.pgliteDir ?? "memory";
  let client: PGlite;
  if (dir === "memory") {
    client = await PGlite.create();
  } else {
    mkdirSync(path.dirname(dir), { recursive: true });
    const releaseLock = lockPgliteDir(dir);
    client = await PGlite.create(dir);
    const close = client.close.bind(client);
    client.close = async () => {
      await close();
      releaseLock();
    };
  }
  timePgliteQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: () => timedPing(db),
    close: () => client.close(),
  };
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
        `The embedded database in ${dir} is in use by process ${owner}. PGlite serves one process only: stop that server, or use DATABASE_URL for several processes.`,
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

async function timedPing(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}

const UNAVAILABLE_CODES = new Set([
  // Node socket errors: the server is down, restarting or unreachable.
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN",
  // PostgreSQL: shutting down, starting up, too many connections, connection exceptions.
  "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006",
]);
const UNAVAILABLE_MESSAGES = /connection terminated|timeout exceeded when trying to connect|connection error|pglite is closed|terminating connection/i;

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
