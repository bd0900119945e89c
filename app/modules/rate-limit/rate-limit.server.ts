import { and, eq, lt, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "../../../db/client";
import { rateLimits } from "./schema";

export interface RateLimitRule {
  /** Names the bucket, e.g. "contact". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `rule` for `subject` (an IP, an account id, an email hash...)
 * in a fixed window stored in the database, so the limit holds across restarts and
 * across app processes. One statement: concurrent hits cannot both slip under the limit.
 */
export async function hit(db: Db, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const key = `${rule.name}:${subject}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
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

/**
 * Counts a hit and, when over the limit, returns the 429 answer for the action to return
 * (with Retry-After and the message shown to the person); otherwise null.
 */
export async function limit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  message: { title: string; description: string },
) {
  const result = await hit(db, rule, subject);
  if (result.allowed) return null;
  return data(
    { ok: false as const, fieldErrors: {}, formError: message, rateLimited: true as const },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}

/** Drops windows that ended long ago; run periodically. */
export async function prune(db: Db, olderThan = new Date(Date.now() - 2 * 86_400_000)): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}
