import type { z } from "zod/mini";
import type { LoggedHandles } from "../../handles";
import { carryOutPayment } from "../payments/fulfilment.server";
import { orderPayment, PaymentProviderError, recordPayment } from "../payments/payments.server";
import { onlinePayments } from "../payments/providers.server";
import { hit } from "../rate-limit/rate-limit.server";
import { RATE_LIMITS } from "../rate-limit/rules";
import { forget, NEW_RECORD, once, type SubmissionIdentity } from "../submissions/once.server";
import { chooseOffering, readWholeDollars } from "./amount";
import { formatCents } from "./amounts";
import { feeCents } from "./fee";
import { feeRate } from "./fee-rate.server";
import { startRecurring } from "./recurring.server";
import { RECURRING_MESSAGES } from "./recurring-messages";
import type { checkoutSchema, donationSchema } from "./validation";

type FieldErrors = Record<string, string>;

/** Who gives: the form's one-time key and, when signed in, the account. */
export interface Giver {
  key: string | null;
  payerId: string | null;
}

/** A giving form read by its schema (the route reads it, so this module needs no form pipeline). */
export type ReadForm<T> = () => { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** What a giving form comes to; the route answers each with its status and notice. */
export type GiveOutcome =
  | { kind: "limited"; retryAfterSeconds: number }
  | { kind: "invalid"; fieldErrors: FieldErrors }
  /** Off to the provider's approval page, or to the page that says the gift was received. */
  | { kind: "redirect"; url: string }
  /** Nothing was taken; the same form may try again. 502: no order was made; 402: declined or failed. */
  | { kind: "failed"; status: 402 | 502 }
  /** Online payment is off (PAYMENT_PROVIDER=none): nothing is recorded; the page says how to give otherwise. */
  | { kind: "off" };

interface Gift {
  purpose: "gift" | "ceremony-gift";
  dollars: number;
  /** Ticked "cover the fee": the fee (fee.ts, at the settings' rate) is added to what is charged. */
  coverFee: boolean;
  description: string;
  donorName: string;
  email: string;
  card?: { last4: string; name: string };
  /** Where the payer lands when the payment needs no more from them (kept with the one-time key). */
  doneAt: (paymentId: string) => string;
}

/**
 * Limited first (an invalid form counts too), then read: the amount is read here (amount.ts),
 * never taken from the browser's total. The payment is recorded with the form's one-time key
 * and paid outside that transaction, so a double click or a resend never charges twice.
 */
async function give(
  ctx: LoggedHandles,
  identity: SubmissionIdentity,
  read: () => { ok: true; gift: Gift } | { ok: false; fieldErrors: FieldErrors },
  pay: (paymentId: string, doneAt: string, gift: Gift) => Promise<GiveOutcome>,
): Promise<GiveOutcome> {
  if (!onlinePayments(ctx.env)) return { kind: "off" };
  const limited = await hit(ctx.db, RATE_LIMITS.payment, ctx.clientIp);
  if (!limited.allowed) return { kind: "limited", retryAfterSeconds: limited.retryAfterSeconds };
  const form = read();
  if (!form.ok) return { kind: "invalid", fieldErrors: form.fieldErrors };
  const { gift } = form;
  const giftCents = gift.dollars * 100;
  const fee = gift.coverFee ? feeCents(giftCents, feeRate(ctx.env)) : 0;
  const description = fee > 0 ? `${gift.description} + ${formatCents(fee)} to cover the fee` : gift.description;
  const answer = await once(ctx.db, identity, async (tx) => {
    const paymentId = await recordPayment(tx, ctx.env, {
      purpose: gift.purpose,
      amountCents: giftCents + fee,
      feeCents: fee,
      description,
      payerName: gift.donorName,
      payerEmail: gift.email,
      userId: identity.ownerId ?? null,
      card: gift.card,
    });
    return { redirectTo: gift.doneAt(paymentId), data: { paymentId } };
  });
  // Every answer of this scope carries its payment's id (a replayed one too).
  const paymentId = answer.data?.paymentId ?? "";
  const outcome = await pay(paymentId, answer.redirectTo, gift);
  // The payment is marked failed; the same key may try again with a new one.
  if (outcome.kind === "failed") await forget(ctx.db, identity);
  return outcome;
}

/**
 * A recurring offering from /donation (every month or year): only for a signed-in member, who
 * manages it from their profile; the provider's subscription is approved on its page.
 */
async function giveRecurring(
  ctx: LoggedHandles,
  giver: Giver,
  data: z.infer<typeof donationSchema>,
  interval: "month" | "year",
): Promise<GiveOutcome> {
  if (!onlinePayments(ctx.env)) return { kind: "off" };
  const limited = await hit(ctx.db, RATE_LIMITS.payment, ctx.clientIp);
  if (!limited.allowed) return { kind: "limited", retryAfterSeconds: limited.retryAfterSeconds };
  if (!giver.payerId) return { kind: "invalid", fieldErrors: { frequency: RECURRING_MESSAGES.signIn } };
  const choice = chooseOffering(data.tier, data.amount);
  if (!choice.ok) return { kind: "invalid", fieldErrors: { [choice.field]: choice.error } };
  const { donorName, email, coverFee } = data;
  const start = { userId: giver.payerId, donorName, email, dollars: choice.dollars, coverFee, interval };
  return startRecurring(ctx, giver.key, start);
}

/** /donation's offering: a tier or a typed amount, once or recurring, approved on the provider's page. */
export function giveOffering(
  ctx: LoggedHandles,
  giver: Giver,
  form: ReadForm<z.infer<typeof donationSchema>>,
): Promise<GiveOutcome> {
  const chosen = form();
  if (chosen.ok && (chosen.data.frequency === "month" || chosen.data.frequency === "year")) {
    return giveRecurring(ctx, giver, chosen.data, chosen.data.frequency);
  }
  const identity = { scope: "donation", key: giver.key, ownerId: giver.payerId ?? undefined, subject: NEW_RECORD };
  const read = () => {
    const parsed = form();
    if (!parsed.ok) return parsed;
    const choice = chooseOffering(parsed.data.tier, parsed.data.amount);
    if (!choice.ok) return { ok: false as const, fieldErrors: { [choice.field]: choice.error } };
    const dollars = choice.dollars;
    const { donorName, email, coverFee } = parsed.data;
    const description = `Offering to the church - $${dollars}`;
    const doneAt = (paymentId: string) => `/payments/return?payment=${paymentId}`;
    const gift = { purpose: "gift" as const, dollars, coverFee, description, donorName, email, doneAt };
    return { ok: true as const, gift };
  };
  return give(ctx, identity, read, async (paymentId, doneAt) => {
    try {
      const started = await orderPayment(ctx.db, ctx.env, paymentId);
      // With or without JavaScript the payer leaves for the provider's page, where the amount is shown.
      return { kind: "redirect", url: started.approveUrl ?? doneAt };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      ctx.logger.warn({ err: error.message }, "donation order not created");
      return { kind: "failed", status: 502 };
    }
  });
}

/** /donation-checkout's ceremony donation: test card fields capture at once, else the provider's approval. */
export function giveCeremonyDonation(
  ctx: LoggedHandles,
  giver: Giver,
  form: ReadForm<z.infer<typeof checkoutSchema>>,
): Promise<GiveOutcome> {
  const identity = {
    scope: "donation-checkout",
    key: giver.key,
    ownerId: giver.payerId ?? undefined,
    subject: NEW_RECORD,
  };
  const read = () => {
    const parsed = form();
    if (!parsed.ok) return parsed;
    const { amount, donorName, email, cardLast4, coverFee } = parsed.data;
    // The schema accepted the amount, so it reads as whole dollars.
    const typed = readWholeDollars(amount);
    const dollars = typed.ok && typed.dollars !== null ? typed.dollars : 0;
    const card = cardLast4 ? { last4: cardLast4, name: donorName } : undefined;
    const description = `Ceremony donation - $${dollars}`;
    const doneAt = () => "/donation-success";
    const gift = { purpose: "ceremony-gift" as const, dollars, coverFee, description, donorName, email, card, doneAt };
    return { ok: true as const, gift };
  };
  return give(ctx, identity, read, async (paymentId, doneAt, gift) => {
    try {
      const outcome = await carryOutPayment(ctx.db, ctx.env, paymentId, gift.card);
      // The payer goes on to the provider, or to the page that says it was received.
      if (outcome.kind === "redirect") return outcome;
      if (outcome.kind === "captured") return { kind: "redirect", url: doneAt };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      ctx.logger.warn({ err: error.message }, "ceremony donation failed");
    }
    // Declined or failed: nothing was taken.
    return { kind: "failed", status: 402 };
  });
}

/** How a payment that came back to a giving page (from /payments/return) ended, from the page's address. */
export function returnedPayment(url: string): "cancelled" | "error" | null {
  const outcome = new URL(url).searchParams.get("payment");
  return outcome === "cancelled" || outcome === "error" ? outcome : null;
}
