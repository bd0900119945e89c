import type { Db } from "../../../db/client";
import { hit, type RateLimitResult, refund } from "../rate-limit/rate-limit.server";
import { RATE_LIMITS, type RateLimitRule } from "../rate-limit/rules";

/**
 * Guessing a password or a second factor (docs/decisions/007-identity-and-guessing.md; the
 * sign-in, current-password and two-factor rules of rate-limit/rules.ts). Only failures count:
 * each attempt is counted before it runs and refunded when the password (or the code) was right.
 * Per account, the budget belongs to the pair (account, client address) under a much higher
 * ceiling for the account itself, so a stranger can spend only their own pair's budget and
 * locking a member out takes the ceiling's worth of failures from many addresses.
 */
export interface Attempt {
  allowed: boolean;
  retryAfterSeconds: number;
  /** The password (or the second factor) was right: take the counted attempt back. */
  succeeded(): Promise<void>;
}

/**
 * Counts the attempt against each budget in order, up to the first that refuses it: an attempt
 * that never runs is not counted further (a burst refused by the quarter hour's budget does not
 * fill the day's).
 */
async function attempt(db: Db, budgets: Array<[RateLimitRule, string]>): Promise<Attempt> {
  const counted: Array<[RateLimitRule, string]> = [];
  let refused: RateLimitResult | null = null;
  for (const [rule, subject] of budgets) {
    counted.push([rule, subject]);
    const result = await hit(db, rule, subject);
    if (!result.allowed) {
      refused = result;
      break;
    }
  }
  return {
    allowed: refused === null,
    retryAfterSeconds: refused?.retryAfterSeconds ?? 0,
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

/**
 * A second factor for an account the request already names (the pending sign-in's cookie, or the
 * session): a code, or a passkey at the second step or a step-up. Per account from everywhere, or,
 * from a browser that passed this account's second factor before (`knownDevice`), that browser's
 * own budget instead: never per client address, so members behind one router spend nothing of each
 * other's, and a stranger with the password locks only unknown browsers out (issue 45).
 */
export const secondFactorAttempt = (db: Db, userId: string, knownDevice: string | null) =>
  attempt(
    db,
    knownDevice
      ? [[RATE_LIMITS.twoFactorKnownDevice, `${userId}|${knownDevice}`]]
      : [
          [RATE_LIMITS.twoFactorAccount, userId],
          [RATE_LIMITS.twoFactorAccountDay, userId],
        ],
  );

/** A signed-in member typing their current password: per account (the session already names it). */
export const currentPasswordAttempt = (db: Db, userId: string) => attempt(db, [[RATE_LIMITS.currentPassword, userId]]);
