// Fixed-window counters in the database, so every worker process shares them. A window opens at a bucket's
// first hit after the previous one closed, so a burst cannot straddle two calendar windows.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window opened: with the bucket, names the hit for undoRateLimitHit. */
  windowStartMs: number;
  remaining: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  db: Database,
  bucket: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const open = sql`${rateLimits.windowStartMs} > ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, count: 1, windowStartMs: now })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`case when ${open} then ${rateLimits.count} + 1 else 1 end`,
        windowStartMs: sql`case when ${open} then ${rateLimits.windowStartMs} else ${now} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartMs: rateLimits.windowStartMs });
  const count = row?.count ?? 1;
  const windowStart = row?.windowStartMs ?? now;
  return {
    allowed: count <= limit,
    count,
    windowStartMs: windowStart,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/**
 * Takes one hit back, as long as its window is still the current one: for limits that count only some outcomes
 * (failed sign-ins), the hit is taken first — so that concurrent attempts cannot all pass a check of the old count
 * — and given back when the outcome turns out not to count.
 */
export async function undoRateLimitHit(
  db: Database,
  bucket: string,
  hit: Pick<RateLimitResult, "windowStartMs">,
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(eq(rateLimits.bucket, bucket), eq(rateLimits.windowStartMs, hit.windowStartMs), gt(rateLimits.count, 0)),
    );
}

/** Forgets a bucket's window, e.g. an (account, address) pair's failures once the right password came from it. */
export async function clearRateLimit(db: Database, bucket: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.bucket, bucket));
}
