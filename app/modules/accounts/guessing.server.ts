import type { Db } from "../../../db/client";
import { hit, type RateLimitResult, type RateLimitRule, refund } from "../rate-limit/rate-limit.server";

/**
 * Limits on guessing a password (docs/decisions/007-guessing-and-lock-outs.md). Only failures
 * count: each attempt is counted before it runs and refunded when the password was right.
 * Per account, the budget belongs to the pair (account, client address) under a much higher
 * ceiling for the account itself, so a stranger can spend only their own pair's budget and
 * locking a member out takes the ceiling's worth of failures from many addresses.
 */
export const GUESSING_LIMITS = {
  /** Any account, from one address. */
  ip: { name: "sign-in-ip", limit: 30, windowSeconds: 900 },
  /** One account, from one address. */
  pair: { name: "sign-in-pair", limit: 5, windowSeconds: 900 },
  /** One account, from everywhere (NIST SP 800-63B 5.2.2: at most 100 consecutive failures). */
  account: { name: "sign-in-account", limit: 100, windowSeconds: 3600 },
  /** A signed-in member's current password (email change, password change, account deletion). */
  current: { name: "current-password", limit: 5, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;

export interface Attempt {
  allowed: boolean;
  retryAfterSeconds: number;
  /** The password was right: take the counted attempt back. */
  succeeded(): Promise<void>;
}

async function attempt(db: Db, counted: Array<[RateLimitRule, string]>): Promise<Attempt> {
  const results: RateLimitResult[] = [];
  for (const [rule, subject] of counted) results.push(await hit(db, rule, subject));
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    retryAfterSeconds: Math.max(0, ...refused.map((r) => r.retryAfterSeconds)),
    async succeeded() {
      for (const [rule, subject] of counted) await refund(db, rule, subject);
    },
  };
}

/** A sign-in: `account` is the account's id, or a hash of what was typed when no account matches. */
export const signInAttempt = (db: Db, account: string, clientIp: string) =>
  attempt(db, [
    [GUESSING_LIMITS.ip, clientIp],
    [GUESSING_LIMITS.pair, `${account}|${clientIp}`],
    [GUESSING_LIMITS.account, account],
  ]);

/** A signed-in member typing their current password: per account (the session already names it). */
export const currentPasswordAttempt = (db: Db, userId: string) => attempt(db, [[GUESSING_LIMITS.current, userId]]);
