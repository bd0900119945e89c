import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { RateLimitRule } from "./rules";
import { rateLimits } from "./schema";

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `rule` for `subject` (an IP, an account id, an email hash...) and says
 * whether it is within the limit, in the database, so the limit holds across restarts and
 * across app processes. One statement: concurrent hits cannot both slip under the limit.
 *
 * A sliding window, estimated from two fixed ones (the current window's count plus the previous
 * window's, weighted by how much of it still lies within the last `windowSeconds`): "5 per 15
 * minutes" then means it, also across a window boundary, where a plain fixed window would allow
 * 5 just before it and 5 more just after.
 */
export async function hit(db: Db, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const previousStart = new Date(windowStart.getTime() - windowMs);
  const key = `${rule.name}:${subject}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1, previousCount: 0 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        previousCount: sql`case
          when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.previousCount}
          when ${rateLimits.windowStart} = ${previousStart.toISOString()}::timestamptz then ${rateLimits.count}
          else 0 end`,
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count, previousCount: rateLimits.previousCount });
  const count = row?.count ?? 1;
  const previous = row?.previousCount ?? 0;
  const elapsed = now.getTime() - windowStart.getTime();
  const estimate = previous * (1 - elapsed / windowMs) + count;
  // When the estimate falls back to the limit: at once past the previous window's weight, else at
  // the end of this window (when this window's own count is over the limit).
  const waitMs =
    count > rule.limit
      ? windowStart.getTime() + windowMs - now.getTime()
      : previous > 0
        ? windowMs * (1 - (rule.limit - count) / previous) - elapsed
        : 0;
  return {
    allowed: estimate <= rule.limit,
    remaining: Math.max(0, Math.floor(rule.limit - estimate)),
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  };
}

/**
 * Takes back a hit counted in the current window, for limits that count only failures: the
 * attempt is counted before it runs (so parallel attempts cannot all slip under the limit) and
 * refunded when it succeeds.
 */
export async function refund(db: Db, rule: RateLimitRule, subject: string, now = new Date()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, `${rule.name}:${subject}`), eq(rateLimits.windowStart, windowStart)));
}

/** Drops windows that ended long ago; run periodically. */
export async function prune(db: Db, olderThan = new Date(Date.now() - 2 * 86_400_000)): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}
