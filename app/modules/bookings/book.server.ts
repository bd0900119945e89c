import { formatSlot } from "~/lib/dates";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { carryOutPayment } from "../payments/fulfilment.server";
import { getPayment, PaymentProviderError, recordPayment } from "../payments/payments.server";
import { attachPayment, getBooking, releaseHold } from "./bookings.server";
import { bookingTitle } from "./mails";
import type { Booking } from "./schema";
import { SLOT_ZONE } from "./time";

export type BookOutcome =
  | { kind: "confirmed"; booking: Booking }
  | { kind: "redirect"; url: string }
  | { kind: "failed" };

/**
 * The payment record for a booking: the one it already has while that is under way or done, else a
 * new one, attached to it. Runs inside the booking form's one-time-key transaction, so a resent or
 * doubled form finds the same payment and never makes a second (decision 008).
 */
export async function bookingPayment(db: Db, env: Env, booking: Booking, cardLast4: string | undefined) {
  const card = cardLast4 ? { last4: cardLast4, name: booking.fullName } : undefined;
  const earlier = booking.paymentId ? await getPayment(db, booking.paymentId) : null;
  const paymentId =
    earlier && (earlier.status === "created" || earlier.status === "captured")
      ? earlier.id
      : await recordPayment(db, env, {
          purpose: "booking",
          amountCents: booking.priceCents,
          description: `${bookingTitle(booking)} - ${formatSlot(booking.startsAt, SLOT_ZONE)}`,
          payerName: booking.fullName,
          payerEmail: booking.email,
          userId: booking.userId,
          card,
        });
  if (paymentId !== booking.paymentId) await attachPayment(db, booking.id, paymentId);
  return paymentId;
}

/**
 * Takes the payment for a held or approved booking; confirmed, or off to the provider's approval.
 * Asked again (a resent form), it carries on the payment already made for it, never a second one.
 */
export async function payForBooking(
  db: Db,
  env: Env,
  booking: Booking,
  cardLast4: string | undefined,
): Promise<BookOutcome> {
  const card = cardLast4 ? { last4: cardLast4, name: booking.fullName } : undefined;
  try {
    const paymentId = await bookingPayment(db, env, booking, cardLast4);
    const outcome = await carryOutPayment(db, env, paymentId, card);
    if (outcome.kind === "redirect") return { kind: "redirect", url: outcome.url };
    const after = await getBooking(db, booking.id);
    if (outcome.kind === "captured" && after?.status === "confirmed") return { kind: "confirmed", booking: after };
    return { kind: "failed" };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Nothing was captured: a fresh hold is released (an approved mentorship keeps its own).
    await releaseHold(db, booking.id);
    return { kind: "failed" };
  }
}
