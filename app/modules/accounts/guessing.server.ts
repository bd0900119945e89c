import type { Db } from "../../../db/client";
import { hit, type RateLimitResult, refund } from "../rate-limit/rate-limit.server";
import { RATE_LIMITS, type RateLimitRule } from "../rate-limit/rules";

/**
 * Guessing a password (docs/decisions/007-guessing-and-lock-outs.md; the sign-in and
 * current-password rules of rate-limit/rules.ts). Only failures
 * count: each attempt is counted before it runs and refunded when the password was right.
 * Per account, the budget belongs to the pair (account, client address) under a much higher
 * ceiling for the account itself, so a stranger can spend only their own pair's budget and
 * locking a member out takes the ceiling's worth of failures from many addresses.
 */
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

/**
 * A sign-in: `account` is the account's id, or a hash of what was typed when no account matches.
 * From a browser the account signed in from before (`knownDevice`), that browser's own budget
 * stands in for the account's ceiling: a stranger's failures from many addresses lock out
 * unknown browsers only, never the owner's.
 */
export const signInAttempt = (db: Db, account: string, clientIp: string, knownDevice: string | null = null) =>
  attempt(db, [
    [RATE_LIMITS.signInIp, clientIp],
    [RATE_LIMITS.signInPair, `${account}|${clientIp}`],
    knownDevice ? [RATE_LIMITS.signInKnownDevice, `${account}|${knownDevice}`] : [RATE_LIMITS.signInAccount, account],
  ]);

/** A signed-in member typing their current password: per account (the session already names it). */
export const currentPasswordAttempt = (db: Db, userId: string) => attempt(db, [[RATE_LIMITS.currentPassword, userId]]);
