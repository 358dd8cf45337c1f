// Expired sessions are refused when presented (findSession deletes that one), but a session nobody presents again
// would stay forever: this deletes them on a schedule. Every instance and worker runs the timer; a claim in the
// shared rate-limit table (one hit allowed per interval) lets only the first of them purge in each interval.
import type { Database } from "../db/client";
import { hitRateLimit } from "../lib/rate-limit";
import { deleteExpiredSessions } from "./sessions";

/** The rate-limit bucket that holds the current interval's claim. */
export const SESSION_PURGE_BUCKET = "job:expired-session-purge";

/**
 * Deletes the expired sessions if no instance has done so in this interval; how many it deleted, or null when
 * another run (of any instance sharing the database) holds the interval. The claim is one atomic upsert.
 */
export async function purgeExpiredSessionsOnce(
  db: Database,
  intervalMs: number,
  now = Date.now(),
): Promise<number | null> {
  const claim = await hitRateLimit(db, SESSION_PURGE_BUCKET, 1, intervalMs, now);
  if (!claim.allowed) return null;
  return deleteExpiredSessions(db);
}

/**
 * Purges soon after start-up, then every intervalMs; returns the function that stops it. The timers are unref'd, so
 * they never keep a process alive that is otherwise done.
 */
export function startExpiredSessionPurge(
  db: Database,
  options: { intervalMs: number; firstDelayMs?: number },
): () => void {
  const run = () => {
    purgeExpiredSessionsOnce(db, options.intervalMs).then(
      (deleted) => {
        if (deleted) console.log(`[sessions] deleted ${deleted} expired session(s)`);
      },
      (error: unknown) =>
        console.warn("[sessions] expired-session purge failed:", error instanceof Error ? error.message : error),
    );
  };
  const first = setTimeout(run, options.firstDelayMs ?? Math.min(options.intervalMs, 30_000));
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
