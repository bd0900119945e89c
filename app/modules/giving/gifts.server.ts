import { and, desc, eq, getTableColumns, gte, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { site } from "../../lib/site";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { applications } from "../intake/schema";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { refundPayment } from "../payments/payments.server";
import type { PurposeHandlers } from "../payments/purposes.server";
import type { Payment } from "../payments/schema";
import { formatCents } from "./amounts";
import { type Gift, gifts, type RecurringGift, recurringGifts } from "./schema";

export const GIFT_PAGE_SIZE = 50;

/**
 * Records a captured gift and emails its receipt (in the payment's transaction). A ceremony
 * donation given while signed in is linked to the account's latest application; a typed address
 * proves nothing, so an anonymous gift is linked to no one's application.
 */
export async function recordGift(tx: Db, _env: Env, payment: Payment, recurring?: RecurringGift) {
  const kind = payment.purpose === "ceremony-gift" ? "ceremony" : "offering";
  const application =
    kind === "ceremony" && payment.userId
      ? (
          await tx
            .select({ id: applications.id })
            .from(applications)
            .where(eq(applications.userId, payment.userId))
            .orderBy(desc(applications.createdAt))
            .limit(1)
        )[0]
      : undefined;
  const [gift] = await tx
    .insert(gifts)
    .values({
      paymentId: payment.id,
      kind,
      amountCents: payment.amountCents,
      feeCents: payment.feeCents,
      donorName: payment.payerName,
      donorEmail: payment.payerEmail,
      userId: payment.userId,
      applicationId: application?.id ?? null,
      recurringId: recurring?.id ?? null,
      givenAt: payment.capturedAt ?? new Date(),
    })
    .returning();
  if (!gift) throw new Error("gift not recorded");
  await enqueue(tx, {
    kind: "gift.receipt",
    to: gift.donorEmail,
    subject: `Your receipt for ${formatCents(gift.amountCents)}`,
    ...renderMail(receipt(gift, payment.providerOrderId ?? payment.id, recurring)),
  });
  return gift;
}

const METHOD_WORDS = { online: "online", cash: "in cash", cheque: "by cheque" } as const;

/** The receipt's words (the donor's email; `reference` names the payment, or how it was given in person). */
function receipt(gift: Gift, reference: string, recurring?: RecurringGift) {
  const date = gift.givenAt.toISOString().slice(0, 10);
  const fee = gift.feeCents > 0;
  const amount = fee
    ? `Amount: ${formatCents(gift.amountCents)} (USD): your gift of ${formatCents(gift.amountCents - gift.feeCents)} and ${formatCents(gift.feeCents)} to cover the processing fee`
    : `Amount: ${formatCents(gift.amountCents)} (USD)`;
  return {
    heading: `Thank you, ${gift.donorName}`,
    paragraphs: [
      `We received your ${gift.kind === "ceremony" ? "ceremony donation" : "offering"} of ${formatCents(gift.amountCents)} ${METHOD_WORDS[gift.method]} on ${date}.`,
      ...(recurring
        ? [
            `It is one of your ${recurring.interval === "month" ? "monthly" : "yearly"} offerings. Thank you for giving so faithfully. You can change, pause or stop them from your profile whenever you wish.`,
          ]
        : []),
      ...(fee
        ? [
            `You added ${formatCents(gift.feeCents)} to cover the processing fee, so all of your ${formatCents(gift.amountCents - gift.feeCents)} gift reaches the congregation. The whole ${formatCents(gift.amountCents)} is your contribution.`,
          ]
        : []),
      {
        lines: [
          `Receipt number: ${gift.id}`,
          `Donor: ${gift.donorName} <${gift.donorEmail}>`,
          amount,
          `Date: ${date}`,
          `Received by: ${site.name}`,
          `Payment reference: ${reference}`,
        ],
      },
      "No goods or services were provided in exchange for this contribution.",
      "Please keep this email for your records. Members can download a year-end giving statement from their profile.",
    ],
  };
}

/**
 * A gift given in person (cash or a cheque), recorded by an admin (audited): it is an offering on the
 * day it was given, counted in the totals and the CSV, and in the donor's statement once it belongs
 * to their account: the donor links it from their own confirmed address (profile, "link records"),
 * since an address an admin typed proves nothing of whose it is. A receipt is emailed when asked.
 */
export async function recordInPersonGift(
  tx: Db,
  staff: { id: string; name: string },
  input: {
    donorName: string;
    email: string;
    cents: number;
    givenOn: string;
    method: "cash" | "cheque";
    chequeNumber: string;
    sendReceipt: boolean;
  },
  ip: string,
) {
  const owner = await provenOwnerOf(tx, input.email);
  const [gift] = await tx
    .insert(gifts)
    .values({
      paymentId: null,
      // The member whose proven address this is has it on their statement at once; an address no
      // account has proven joins no one (identity is an account, a typed address proves nothing).
      userId: owner,
      kind: "offering",
      method: input.method,
      chequeNumber: input.method === "cheque" ? input.chequeNumber : null,
      amountCents: input.cents,
      donorName: input.donorName,
      donorEmail: input.email,
      // Noon UTC: the day stays the day in every zone the console shows it in.
      givenAt: new Date(`${input.givenOn}T12:00:00Z`),
      recordedByName: staff.name,
    })
    .returning();
  if (!gift) throw new Error("gift not recorded");
  await recordAudit(tx, {
    action: AUDIT_ACTIONS.giftRecorded,
    actor: staff,
    detail: { giftId: gift.id, amountCents: gift.amountCents, method: gift.method, linked: owner !== null },
    ip,
  });
  if (input.sendReceipt) {
    const reference = gift.method === "cheque" ? `Cheque no. ${gift.chequeNumber}` : "Cash";
    await enqueue(tx, {
      kind: "gift.receipt",
      to: gift.donorEmail,
      subject: `Your receipt for ${formatCents(gift.amountCents)}`,
      ...renderMail(receipt(gift, reference)),
    });
  }
  return gift;
}

/** The account whose proven (verified) sign-in address `email` is, or null. */
async function provenOwnerOf(tx: Db, email: string): Promise<string | null> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.emailVerified, true)))
    .limit(1);
  return owner?.id ?? null;
}

/** A gift with how often its recurring offering gives, if it is one's collection (for giftMethodLabel). */
export const withInterval = (db: Db) =>
  db
    .select({ ...getTableColumns(gifts), recurringInterval: recurringGifts.interval })
    .from(gifts)
    .leftJoin(recurringGifts, eq(recurringGifts.id, gifts.recurringId));

export function giftsInYear(db: Db, userId: string, year: number) {
  return withInterval(db)
    .where(
      and(
        eq(gifts.userId, userId),
        gte(gifts.givenAt, new Date(Date.UTC(year, 0, 1))),
        lt(gifts.givenAt, new Date(Date.UTC(year + 1, 0, 1))),
        isNull(gifts.refundedAt),
      ),
    )
    .orderBy(gifts.givenAt);
}

export interface GiftFilter {
  from?: Date;
  to?: Date;
  kind?: "offering" | "ceremony";
}
const filterWhere = (f: GiftFilter) =>
  and(
    f.from ? gte(gifts.givenAt, f.from) : undefined,
    f.to ? lt(gifts.givenAt, f.to) : undefined,
    f.kind ? eq(gifts.kind, f.kind) : undefined,
  );

/** The console's list, newest first, keyset-paged by id. */
export function listGifts(db: Db, filter: GiftFilter & { before?: number; limit?: number }) {
  return withInterval(db)
    .where(and(filterWhere(filter), filter.before ? lt(gifts.id, filter.before) : undefined))
    .orderBy(desc(gifts.id))
    .limit(filter.limit ?? GIFT_PAGE_SIZE);
}

export async function giftTotals(db: Db, filter: GiftFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      givenCents: sql<number>`coalesce(sum(${gifts.amountCents}), 0)::int`,
      feeCents: sql<number>`coalesce(sum(${gifts.feeCents}) filter (where ${gifts.refundedAt} is null), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.refundedAt} is not null), 0)::int`,
    })
    .from(gifts)
    .where(filterWhere(filter));
  return row ?? { count: 0, givenCents: 0, feeCents: 0, refundedCents: 0 };
}

export async function markGiftRefunded(db: Db, paymentId: string) {
  await db.update(gifts).set({ refundedAt: new Date() }).where(eq(gifts.paymentId, paymentId));
}

/** A gift's payment (an offering or a ceremony donation): recorded with its receipt when paid; a refund made at the provider is noted. */
export const giftPurpose: PurposeHandlers = {
  onCaptured: recordGift,
  onRefunded: (tx, _env, payment) => markGiftRefunded(tx, payment.id),
};

export async function getGift(db: Db, id: number) {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
  return row ?? null;
}

/**
 * Refunds a gift (admins only), as one unit of work: the gift is locked while not yet refunded (so a
 * second post waits, then finds it refunded), the provider refunds it, and the gift, its payment,
 * the audit entry and the donor's mail are written together. A refund the provider refuses throws
 * (PaymentProviderError) and changes nothing; a commit lost after it is safe to retry, since the
 * provider refunds a payment once however often asked (its request id is the payment's).
 */
export function refundGift(db: Db, env: Env, giftId: number, staff: { id: string; name: string }, ip: string) {
  return db.transaction((tx) => refundLockedGift(tx, env, giftId, staff, ip));
}

async function refundLockedGift(tx: Db, env: Env, giftId: number, staff: { id: string; name: string }, ip: string) {
  const [gift] = await tx
    .select()
    .from(gifts)
    .where(and(eq(gifts.id, giftId), isNull(gifts.refundedAt)))
    .for("update");
  if (!gift) return "not-refundable" as const;
  if (gift.paymentId) {
    const payment = await refundPayment(tx, env, gift.paymentId, staff.name);
    if (!payment) return "not-refundable" as const;
  }
  // A gift given in person was given back by hand: it is marked so.
  await tx.update(gifts).set({ refundedAt: new Date() }).where(eq(gifts.id, gift.id));
  await recordAudit(tx, {
    action: AUDIT_ACTIONS.giftRefunded,
    actor: staff,
    subjectUserId: gift.userId,
    detail: { giftId, amountCents: gift.amountCents },
    ip,
  });
  await enqueue(tx, {
    kind: "gift.refunded",
    to: gift.donorEmail,
    subject: `Your gift of ${formatCents(gift.amountCents)} has been refunded`,
    ...renderMail({
      heading: `Dear ${gift.donorName}`,
      paragraphs: [
        gift.paymentId
          ? `We have refunded your gift of ${formatCents(gift.amountCents)} (receipt number ${gift.id}). It may take a few days to appear on your statement.`
          : `We have recorded that your gift of ${formatCents(gift.amountCents)} (receipt number ${gift.id}) was given back to you.`,
        "Please keep this email with your receipt: the gift no longer counts toward your giving statement.",
      ],
    }),
  });
  return "refunded" as const;
}
