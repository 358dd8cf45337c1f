// Fixed-window counters in the database, so every worker process shares them. A window opens at a bucket's
// first hit after the previous one closed, so a burst cannot straddle two calendar windows.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

export interface RateLimitResult {
  allowed: boolean;
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
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}
