import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { PaymentProviderError, type ProviderSubscription, type SubscriptionApi } from "./provider";
import { type testProviderSubscriptions as table, testProviderSubscriptions } from "./schema";

/**
 * The test provider's subscriptions: no money moves. The donor approves on /payments/test/{id}
 * (test mode said on it), where collections may be set to fail; they are collected by
 * test-collections.server.ts on the schedule PayPal would keep.
 */
export function testSubscriptions(db: Db, siteUrl: string): SubscriptionApi {
  async function row(id: string) {
    const [found] = await db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, id));
    if (!found) throw new PaymentProviderError("No such test subscription.", false);
    return found;
  }
  async function set(id: string, values: Partial<typeof table.$inferInsert>) {
    await row(id);
    await db.update(testProviderSubscriptions).set(values).where(eq(testProviderSubscriptions.id, id));
  }
  return {
    async create(input) {
      // Like PayPal's idempotency key: asked again for the same recurring gift, the same subscription.
      await db
        .insert(testProviderSubscriptions)
        .values({
          id: `TEST-SUB-${randomUUID()}`,
          recurringId: input.recurringId,
          amountCents: input.amountCents,
          interval: input.interval,
          description: input.description,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
        })
        .onConflictDoNothing({ target: testProviderSubscriptions.recurringId });
      const [made] = await db
        .select()
        .from(testProviderSubscriptions)
        .where(eq(testProviderSubscriptions.recurringId, input.recurringId));
      if (!made) throw new Error("test subscription insert left no row");
      return { subscriptionId: made.id, approveUrl: `${siteUrl}/payments/test/${made.id}` };
    },
    get: async (id) => asProviderSubscription(await row(id)),
    changeAmount: (id, amountCents) => set(id, { amountCents }),
    suspend: (id) => set(id, { status: "suspended" }),
    // PayPal's activate tries an outstanding balance again at the next run; so does this.
    activate: (id) => set(id, { status: "active", failedPayments: 0 }),
    cancel: (id) => set(id, { status: "cancelled", nextBillingAt: null, nextRetryAt: null }),
  };
}

export function asProviderSubscription(row: typeof table.$inferSelect): ProviderSubscription {
  return {
    id: row.id,
    status: row.status,
    recurringId: row.recurringId,
    nextBillingAt: row.nextBillingAt,
    failedPayments: row.failedPayments,
    nextRetryAt: row.nextRetryAt,
  };
}

export type TestSubscriptionDecision = "approve" | "approve-failing" | "cancel";

/** The test approval page's answer for a subscription that waits: active from now (its first collection due), or not. */
export async function decideTestSubscription(db: Db, id: string, decision: TestSubscriptionDecision) {
  const values =
    decision === "cancel"
      ? { status: "cancelled" as const }
      : { status: "active" as const, failing: decision === "approve-failing", nextBillingAt: new Date() };
  const [decided] = await db
    .update(testProviderSubscriptions)
    .set(values)
    .where(and(eq(testProviderSubscriptions.id, id), eq(testProviderSubscriptions.status, "pending")))
    .returning();
  return decided ?? (await getTestSubscription(db, id));
}

export async function getTestSubscription(db: Db, id: string) {
  const [found] = await db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, id));
  return found ?? null;
}
