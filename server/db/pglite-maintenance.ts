// PGlite runs PostgreSQL as a single process, without the autovacuum worker a server has: nothing else would ever
// collect the planner's statistics, mark pages all-visible for index-only scans, or reclaim the rows that sessions,
// rate limits and deletions leave behind. The site does it: at start-up, before it answers, and then once a day.
import { sql, type SQL } from "drizzle-orm";

/** The one thing maintenance needs of the database (client.ts opens it and starts the maintenance). */
interface Executor {
  execute(query: SQL): Promise<unknown>;
}

/** How often PGlite's tables are vacuumed and analysed after the run at start-up. */
const PGLITE_MAINTENANCE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * VACUUM (ANALYZE) of every table; the milliseconds it took. With 100,000 reports about 1.5 s, during which other
 * queries wait (PGlite runs one statement at a time).
 */
export async function maintainPglite(db: Executor): Promise<number> {
  const started = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  return performance.now() - started;
}

/** Maintains the database now, then once a day; returns the function that stops the daily runs. */
export async function startPgliteMaintenance(db: Executor): Promise<() => void> {
  await maintainPglite(db);
  const timer = setInterval(() => {
    maintainPglite(db).catch((error: unknown) =>
      console.error("[db] maintenance failed:", error instanceof Error ? error.message : String(error)),
    );
  }, PGLITE_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
