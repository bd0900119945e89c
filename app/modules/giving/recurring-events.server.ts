import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { notifyKeepers } from "../care/notify-keepers.server";
import type { CollectedSale, ProviderSubscription } from "../payments/provider";
import { providerFor } from "../payments/providers.server";
import { payments } from "../payments/schema";
import type { SubscriptionChange, SubscriptionHandlers } from "../payments/subscription-handlers.server";
import { recordGift } from "./gifts.server";
import { tellDonor } from "./recurring.server";
import { everyWord } from "./recurring-mail";
import { type RecurringGift, recurringGifts } from "./schema";

/**
 * What the provider tells of a recurring offering (its webhook, or the test provider's own
 * collection run), each applied once: the event id is recorded by payments (a replay changes
 * nothing), and each change here is conditional on where the row stands, so two deliveries of one
 * happening (two instances, a retry under another id) give one gift, one email.
 */

async function bySubscription(db: Db, subscription: { id: string; recurringId?: string | null }) {
  const [row] = await db
    .select()
    .from(recurringGifts)
    .where(eq(recurringGifts.subscriptionId, subscription.id))
    .for("update");
  return row ?? null;
}

const nextAfter = (from: Date, interval: RecurringGift["interval"]) => {
  const next = new Date(from);
  if (interval === "month") next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
};

/**
 * A collection went through: a captured payment (its id the provider's sale, unique, so a second
 * delivery of the same sale records nothing) and a gift with its receipt; failures before it are
 * forgiven. The fee is the donor's covered fee when the amount is the one they chose.
 */
async function onCollected(db: Db, env: Env, sale: CollectedSale): Promise<"handled" | "early"> {
  return db.transaction(async (tx) => {
    const row = await bySubscription(tx, { id: sale.subscriptionId });
    // Not ours yet: created a moment ago, or on another instance mid-way. The provider retries.
    if (!row) return "early";
    const now = new Date();
    const [payment] = await tx
      .insert(payments)
      .values({
        id: randomUUID(),
        purpose: "gift",
        provider: row.provider,
        providerOrderId: sale.id,
        captureId: sale.id,
        amountCents: sale.amountCents,
        feeCents: sale.amountCents === row.amountCents + row.feeCents ? row.feeCents : 0,
        currency: sale.currency,
        description: `${everyWord(row.interval) === "monthly" ? "Monthly" : "Yearly"} offering to the church`,
        status: "captured",
        payerName: row.donorName,
        payerEmail: row.donorEmail,
        userId: row.userId,
        capturedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!payment) return "handled";
    await recordGift(tx, env, payment, row);
    const [collected] = await tx
      .update(recurringGifts)
      .set({
        status: row.status === "pending" ? "active" : row.status,
        startedAt: row.startedAt ?? now,
        failedPayments: 0,
        nextRetryAt: null,
        nextBillingAt: nextAfter(now, row.interval),
      })
      .where(eq(recurringGifts.id, row.id))
      .returning();
    // Its first collection came before the word that it was approved: it is set up now.
    if (row.status === "pending" && collected) await tellDonor(tx, env, "started", collected);
    return "handled";
  });
}

/** The provider changed the subscription: approved, paused, cancelled, or a collection failed. */
async function onChanged(
  db: Db,
  env: Env,
  change: SubscriptionChange,
  subscription: ProviderSubscription,
): Promise<"handled" | "early"> {
  const outcome = await db.transaction(async (tx) => {
    const row = await bySubscription(tx, subscription);
    if (!row) return "early" as const;
    const set = async (values: Partial<RecurringGift>) => {
      const [changed] = await tx.update(recurringGifts).set(values).where(eq(recurringGifts.id, row.id)).returning();
      return changed ?? row;
    };
    switch (change) {
      case "activated":
        if (row.status === "cancelled") return "cancel-again" as const;
        if (row.status === "pending") {
          const started = await set({
            status: "active",
            startedAt: new Date(),
            nextBillingAt: subscription.nextBillingAt,
          });
          await tellDonor(tx, env, "started", started);
        } else if (row.status === "paused") {
          await tellDonor(tx, env, "resumed", await set({ status: "active", failedPayments: 0, nextRetryAt: null }));
        }
        return "handled" as const;
      case "suspended":
        if (row.status !== "active") return "handled" as const;
        // Paused by the provider after failed collections, or by the donor in their PayPal account.
        await tellDonor(tx, env, row.failedPayments > 0 ? "paused-failing" : "paused", await set({ status: "paused" }));
        return "handled" as const;
      case "cancelled":
        if (row.status === "cancelled") return "handled" as const;
        await tellDonor(
          tx,
          env,
          "cancelled",
          await set({ status: "cancelled", cancelledAt: new Date(), nextBillingAt: null }),
        );
        return "handled" as const;
      case "payment-failed": {
        // Counted as the provider counts (each failure once, however often it is told).
        const count = Math.max(subscription.failedPayments, 1);
        if (count <= row.failedPayments) return "handled" as const;
        const failing = await set({ failedPayments: count, nextRetryAt: subscription.nextRetryAt });
        await tellDonor(tx, env, "failed", failing);
        await notifyKeepers(tx, env, {
          kind: "recurring.failed.notify",
          what: "A recurring offering that did not go through",
          path: "/console/giving#recurring",
          ref: row.id.slice(0, 8),
          why: `A ${everyWord(row.interval)} offering could not be collected (${count} time${count === 1 ? "" : "s"} in a row). The donor was told kindly; the provider tries again. Nothing is needed unless you know the donor and wish to reach out.`,
        });
        return "handled" as const;
      }
    }
  });
  // An approval that came after the donor cancelled: cancelled at the provider too, so nothing is collected.
  if (outcome === "cancel-again") {
    await providerFor(db, env).subscriptions.cancel(subscription.id, "Cancelled by the donor before it was approved");
    return "handled";
  }
  return outcome;
}

/** The donor came back from approving: the subscription's state is read from the provider and applied. */
export async function confirmRecurringReturn(db: Db, env: Env, row: RecurringGift) {
  if (row.status !== "pending" || !row.subscriptionId) return;
  const subscription = await providerFor(db, env).subscriptions.get(row.subscriptionId);
  if (subscription.status === "active") await onChanged(db, env, "activated", subscription);
}

export const recurringGiftEvents: SubscriptionHandlers = { onCollected, onChanged };
