import type { Db } from "../../../db/client";
import { hit, type RateLimitResult, refund } from "../rate-limit/rate-limit.server";
import { RATE_LIMITS, type RateLimitRule } from "../rate-limit/rules";

/*
 * What passkey ceremonies spend (decision 007, issue 45). A ceremony for an account (making a
 * passkey, the second step, a step-up) is counted for that account; a passkey sign-in names no
 * account until it is checked, so it is counted per client address, under ceilings a congregation
 * behind one router never reaches. Only what fails counts: a ceremony that ends well is refunded.
 * A passkey at the second step or a step-up spends the account's second-factor budget besides
 * (accounts/two-factor.server.ts, `secondFactorBudget`).
 */

function ceremonyBudget(account: string | null, clientIp: string): [RateLimitRule, string] {
  return account ? [RATE_LIMITS.passkeyOptionsAccount, account] : [RATE_LIMITS.passkeyOptions, clientIp];
}

/** A ceremony begins: its challenge is about to be stored (`account` null for a passkey sign-in). */
export function ceremonyBegun(db: Db, account: string | null, clientIp: string): Promise<RateLimitResult> {
  const [rule, subject] = ceremonyBudget(account, clientIp);
  return hit(db, rule, subject);
}

/** The ceremony ended well (a passkey made, or one that proved its account): its beginning is taken back. */
export function ceremonyDone(db: Db, account: string | null, clientIp: string): Promise<void> {
  const [rule, subject] = ceremonyBudget(account, clientIp);
  return refund(db, rule, subject);
}

/** A passkey sign-in about to be checked, counted per client address; `succeeded()` takes it back. */
export async function passkeySignInAttempt(db: Db, clientIp: string) {
  const counted = await hit(db, RATE_LIMITS.passkeyUse, clientIp);
  return {
    allowed: counted.allowed,
    retryAfterSeconds: counted.retryAfterSeconds,
    async succeeded() {
      await refund(db, RATE_LIMITS.passkeyUse, clientIp);
      await ceremonyDone(db, null, clientIp);
    },
  };
}
