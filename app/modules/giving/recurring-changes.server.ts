import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import type { LoggedHandles } from "../../handles";
import { PaymentProviderError } from "../payments/provider";
import { providerFor } from "../payments/providers.server";
import { once } from "../submissions/once.server";
import { feeCents } from "./fee";
import { feeRate } from "./fee-rate.server";
import { ownRecurring, tellDonor } from "./recurring.server";
import { type RecurringGift, type RecurringStatus, recurringGifts } from "./schema";

/** What a member may do to their recurring offering, and from which states. */
export type RecurringChange =
  | { kind: "amount"; dollars: number; coverFee: boolean }
  | { kind: "pause" }
  | { kind: "resume" }
  | { kind: "cancel" };

const FROM: Record<RecurringChange["kind"], RecurringStatus[]> = {
  amount: ["active", "paused"],
  pause: ["active"],
  resume: ["paused"],
  cancel: ["pending", "active", "paused"],
};

const MAIL = { amount: "amount", pause: "paused", resume: "resumed", cancel: "cancelled" } as const;

export type ChangeOutcome = "done" | "missing" | "not-now" | "provider-failed";

/**
 * A member's change to their own recurring offering. The provider is asked first, outside any
 * transaction (each of its calls leaves the subscription as asked however often it is made); then,
 * once per one-time key (named by the recurring gift), the row changes and the donor is emailed.
 * A resend after a lost answer asks the provider again (no change) and gets the first answer.
 */
export async function changeRecurring(
  ctx: LoggedHandles,
  userId: string,
  id: string,
  change: RecurringChange,
  key: string | null,
): Promise<ChangeOutcome> {
  const row = await ownRecurring(ctx.db, userId, id);
  if (!row) return "missing";
  const identity = { scope: `profile.recurring-${change.kind}`, key, ownerId: userId, subject: `recurring:${id}` };
  const next = nextValues(row, change, ctx.env);
  // A resend of a change already made finds the row moved on: its first answer is given.
  if (!FROM[change.kind].includes(row.status)) {
    const replay = await once(ctx.db, identity, async () => {
      throw new NotNow();
    }).catch((error: unknown) => (error instanceof NotNow ? null : Promise.reject(error)));
    return replay ? "done" : "not-now";
  }
  const subscriptions = providerFor(ctx.db, ctx.env).subscriptions;
  try {
    if (row.subscriptionId) {
      const reason = "Asked by the donor on their profile";
      if (change.kind === "amount") {
        await subscriptions.changeAmount(row.subscriptionId, (next.amountCents ?? 0) + (next.feeCents ?? 0));
      }
      if (change.kind === "pause") await subscriptions.suspend(row.subscriptionId, reason);
      if (change.kind === "resume") await subscriptions.activate(row.subscriptionId, reason);
      if (change.kind === "cancel") await subscriptions.cancel(row.subscriptionId, reason);
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.warn({ err: error.message, change: change.kind }, "recurring offering not changed at the provider");
    // A subscription never approved cannot be cancelled there; ours is cancelled all the same, and
    // an approval that comes after it is cancelled at once (recurring-events.server.ts).
    if (!(change.kind === "cancel" && row.status === "pending")) return "provider-failed";
  }
  await once(ctx.db, identity, async (tx) => {
    const [changed] = await tx
      .update(recurringGifts)
      .set(next)
      .where(and(eq(recurringGifts.id, id), inArray(recurringGifts.status, FROM[change.kind])))
      .returning();
    if (changed && changed.status !== "pending" && row.status !== "pending") {
      await tellDonor(tx, ctx.env, MAIL[change.kind], changed);
    }
    return { redirectTo: "/profile#recurring" };
  });
  return "done";
}

class NotNow extends Error {}

function nextValues(row: RecurringGift, change: RecurringChange, env: Env): Partial<RecurringGift> {
  switch (change.kind) {
    case "amount": {
      const amountCents = change.dollars * 100;
      return { amountCents, feeCents: change.coverFee ? feeCents(amountCents, feeRate(env)) : 0 };
    }
    case "pause":
      return { status: "paused" };
    case "resume":
      return { status: "active", failedPayments: 0, nextRetryAt: null };
    case "cancel":
      return { status: "cancelled", cancelledAt: new Date(), nextBillingAt: null, nextRetryAt: null };
  }
  return row;
}

/**
 * Cancels every recurring offering of an account at the provider, before the account is deleted:
 * nothing may be collected in the name of an account that is gone. A provider that fails stops the
 * deletion (the member is asked to try again), so no subscription is left collecting.
 */
export async function cancelAllRecurring(db: Db, env: Env, userId: string) {
  const rows = await db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.userId, userId), inArray(recurringGifts.status, ["pending", "active", "paused"])));
  const subscriptions = rows.length > 0 ? providerFor(db, env).subscriptions : null;
  for (const row of rows) {
    if (row.subscriptionId && row.status !== "pending") {
      await subscriptions?.cancel(row.subscriptionId, "The donor deleted their account");
    }
    await db
      .update(recurringGifts)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(recurringGifts.id, row.id));
  }
}
