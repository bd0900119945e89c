import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import type { LoggedHandles } from "../../handles";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { PaymentProviderError } from "../payments/provider";
import { providerFor } from "../payments/providers.server";
import { forget, NEW_RECORD, once } from "../submissions/once.server";
import { formatCents } from "./amounts";
import { feeCents } from "./fee";
import { feeRate } from "./fee-rate.server";
import { everyWord, recurringMail } from "./recurring-mail";
import { type RecurringGift, recurringGifts } from "./schema";

/**
 * Recurring offerings (issue 34; docs/decisions/006): a signed-in member gives every month or year
 * through the provider's subscription, approved on the provider's page; what the provider collects
 * arrives as gifts (recurring-events.server.ts); the member changes, pauses, resumes or cancels it
 * from their profile, each confirmed by email. A recurring gift belongs to the account that made it
 * (its id): every read and change here is by that id.
 */

export interface RecurringStart {
  userId: string;
  donorName: string;
  email: string;
  dollars: number;
  coverFee: boolean;
  interval: RecurringGift["interval"];
}

const description = (row: Pick<RecurringGift, "interval" | "amountCents" | "feeCents">) =>
  `${everyWord(row.interval) === "monthly" ? "Monthly" : "Yearly"} offering to the church - ${formatCents(row.amountCents)}${row.feeCents > 0 ? ` + ${formatCents(row.feeCents)} to cover the fee` : ""}`;

/**
 * Records the recurring gift (pending) with the form's one-time key, then asks the provider for its
 * subscription outside that transaction (the same subscription when asked again: our id is its
 * idempotency key) and sends the donor to approve it there. A provider that fails leaves nothing
 * pending: the row is cancelled and the key forgotten, so the same form may try again.
 */
export async function startRecurring(
  ctx: LoggedHandles,
  key: string | null,
  start: RecurringStart,
): Promise<{ kind: "redirect"; url: string } | { kind: "failed"; status: 502 }> {
  const identity = { scope: "donation.recurring", key, ownerId: start.userId, subject: NEW_RECORD };
  const provider = providerFor(ctx.db, ctx.env);
  const answer = await once(ctx.db, identity, async (tx) => {
    const id = randomUUID();
    const giftCents = start.dollars * 100;
    await tx.insert(recurringGifts).values({
      id,
      userId: start.userId,
      provider: provider.name,
      interval: start.interval,
      amountCents: giftCents,
      feeCents: start.coverFee ? feeCents(giftCents, feeRate(ctx.env)) : 0,
      donorName: start.donorName,
      donorEmail: start.email,
    });
    return { redirectTo: "/profile#recurring", data: { recurringId: id } };
  });
  const row = await ownRecurring(ctx.db, start.userId, answer.data?.recurringId ?? "");
  // Approved already (a resend after coming back): the profile says where it stands.
  if (row?.status !== "pending") return { kind: "redirect", url: "/profile#recurring" };
  try {
    const back = `${ctx.env.SITE_URL}/profile/recurring/${row.id}/return`;
    const made = await provider.subscriptions.create({
      recurringId: row.id,
      amountCents: row.amountCents + row.feeCents,
      interval: row.interval,
      description: description(row),
      returnUrl: back,
      cancelUrl: `${back}?cancelled=1`,
    });
    await ctx.db
      .update(recurringGifts)
      .set({ subscriptionId: made.subscriptionId })
      .where(eq(recurringGifts.id, row.id));
    return { kind: "redirect", url: made.approveUrl };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.warn({ err: error.message }, "recurring offering not created");
    await ctx.db
      .update(recurringGifts)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(recurringGifts.id, row.id));
    await forget(ctx.db, identity);
    return { kind: "failed", status: 502 };
  }
}

/** The donor turned back on the provider's page: a recurring gift never approved is cancelled (nothing to tell). */
export async function turnedBack(db: Db, id: string) {
  await db
    .update(recurringGifts)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(and(eq(recurringGifts.id, id), eq(recurringGifts.status, "pending")));
}

/** One of the member's own recurring gifts (by its id and theirs), or null. */
export async function ownRecurring(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.id, id), eq(recurringGifts.userId, userId)));
  return row ?? null;
}

/** The member's recurring gifts for their profile: those still giving first, then the newest. */
export async function memberRecurring(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.userId, userId), inArray(recurringGifts.status, ["active", "paused", "cancelled"])))
    .orderBy(desc(recurringGifts.createdAt))
    .limit(20);
  const rank = { active: 0, paused: 1, pending: 2, cancelled: 3 } as const;
  return rows.sort((a, b) => rank[a.status] - rank[b.status]);
}

/** Queues one of the recurring gift's emails to its donor (in the caller's transaction). */
export async function tellDonor(tx: Db, env: Env, change: Parameters<typeof recurringMail>[0], row: RecurringGift) {
  const mail = recurringMail(change, row, env.SITE_URL);
  await enqueue(tx, {
    kind: `recurring.${change}`,
    to: row.donorEmail,
    subject: mail.subject,
    ...renderMail({ heading: `Dear ${row.donorName}`, paragraphs: mail.paragraphs }),
  });
}

/**
 * The keepers' view of recurring offerings (Console → Giving): how many give, what they give in a
 * month (a yearly offering counts a twelfth), and those whose collections did not go through, so a
 * keeper who knows the donor may reach out.
 */
export async function recurringOverview(db: Db) {
  const rows = await db
    .select()
    .from(recurringGifts)
    .where(inArray(recurringGifts.status, ["active", "paused"]))
    .orderBy(desc(recurringGifts.failedPayments), desc(recurringGifts.createdAt))
    .limit(500);
  const active = rows.filter((r) => r.status === "active");
  const monthlyCents = active.reduce(
    (sum, r) => sum + (r.interval === "month" ? r.amountCents + r.feeCents : (r.amountCents + r.feeCents) / 12),
    0,
  );
  return {
    active: active.length,
    paused: rows.length - active.length,
    monthlyCents: Math.round(monthlyCents),
    failing: rows.filter((r) => r.failedPayments > 0),
  };
}
