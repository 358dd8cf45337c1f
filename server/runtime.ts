// The process-wide database, opened once at start-up and closed at shutdown.
import { startExpiredSessionPurge } from "./auth/session-purge";
import { ensureAdministrator } from "./auth/users";
import { config } from "./config";
import { listenForContentChanges } from "./content-change-listener";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { runSeeders } from "./db/seed";
import { startContactNotificationRetry } from "./services/contact";
import path from "node:path";

export interface Runtime {
  database: DatabaseHandle;
  /** Stop the timers started with the runtime, before the database closes. */
  stopTimers: Array<() => void>;
}

// Kept on globalThis so that a dev-server module reload does not open PGlite twice.
const holder = globalThis as typeof globalThis & { __runtime?: Promise<Runtime> };

export function getRuntime(): Promise<Runtime> {
  holder.__runtime ??= startRuntime();
  return holder.__runtime;
}

async function startRuntime(): Promise<Runtime> {
  // Before the database: with several instances, missing shared secrets are a start-up error, not a surprise later.
  void config.secrets;
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
    pgliteBuffersMegabytes: config.pgliteBuffersMegabytes,
    migrationsDir: config.migrationsDir,
    timeoutMs: config.databaseTimeoutMs,
    // Under the start-up lock: instances starting together create one administrator and seed once.
    prepare: async (db) => {
      await ensureAdministrator(db);
      await runSeeders(db, { demo: config.seedDemo });
    },
  });
  const stopTimers = [
    startContactNotificationRetry(database.db, config.contactRetryIntervalSeconds * 1000),
    startExpiredSessionPurge(database.db, { intervalMs: config.sessionPurgeIntervalMinutes * 60_000 }),
  ];
  // Several instances share a PostgreSQL database: each hears the others' changes of public content.
  if (config.databaseUrl) stopTimers.push(await listenForContentChanges({ connectionString: config.databaseUrl }));
  return { database, stopTimers };
}

export async function stopRuntime(): Promise<void> {
  const runtime = holder.__runtime;
  holder.__runtime = undefined;
  if (!runtime) return;
  const { database, stopTimers } = await runtime;
  for (const stop of stopTimers) stop();
  await database.close();
}
