import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { PAYMENT_FAILURE_THRESHOLD } from "./paypal-subscriptions.server";
import { testProviderSubscriptions } from "./schema";
import { subscriptionHandlers } from "./subscription-handlers.server";
import { asProviderSubscription } from "./test-subscriptions.server";

/** Days until the test provider tries a failed collection again (PayPal retries on its own schedule, days apart). */
export const TEST_RETRY_DAYS = 5;

const advance = (from: Date, interval: "month" | "year") => {
  const next = new Date(from);
  if (interval === "month") next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
};

/**
 * The test provider's collections (PAYMENT_PROVIDER=test only), as PayPal makes them: each active
 * subscription due is collected (a sale) or, when approved to fail, fails, is tried again
 * TEST_RETRY_DAYS later, and after PAYMENT_FAILURE_THRESHOLD failures in a row is suspended. What
 * happens reaches recurring gifts through the same handlers as PayPal's webhooks. Each due
 * collection is claimed by moving its date, so instances running this at once collect it once.
 */
export async function collectTestSubscriptions(db: Db, env: Env, now = new Date()): Promise<number> {
  const s = testProviderSubscriptions;
  const due = await db
    .select()
    .from(s)
    .where(
      and(eq(s.status, "active"), or(lte(s.nextRetryAt, now), and(isNull(s.nextRetryAt), lte(s.nextBillingAt, now)))),
    )
    .limit(100);
  let collected = 0;
  for (const row of due) {
    const failedPayments = row.failing ? row.failedPayments + 1 : 0;
    const suspended = failedPayments >= PAYMENT_FAILURE_THRESHOLD;
    const [claimed] = await db
      .update(s)
      .set(
        row.failing
          ? {
              failedPayments,
              status: suspended ? "suspended" : "active",
              nextRetryAt: suspended ? null : new Date(now.getTime() + TEST_RETRY_DAYS * 86_400_000),
            }
          : { failedPayments: 0, nextRetryAt: null, nextBillingAt: advance(row.nextBillingAt ?? now, row.interval) },
      )
      .where(
        and(
          eq(s.id, row.id),
          eq(s.status, "active"),
          row.nextRetryAt ? eq(s.nextRetryAt, row.nextRetryAt) : isNull(s.nextRetryAt),
          row.nextBillingAt ? eq(s.nextBillingAt, row.nextBillingAt) : isNull(s.nextBillingAt),
        ),
      )
      .returning();
    if (!claimed) continue;
    const handlers = subscriptionHandlers();
    if (!row.failing) {
      await handlers.onCollected(db, env, {
        id: `TEST-SALE-${randomUUID()}`,
        subscriptionId: row.id,
        amountCents: row.amountCents,
        currency: "USD",
      });
      collected++;
      continue;
    }
    await handlers.onChanged(db, env, "payment-failed", asProviderSubscription(claimed));
    if (suspended) await handlers.onChanged(db, env, "suspended", asProviderSubscription(claimed));
  }
  return collected;
}
