import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { completeAndFulfil } from "../payments/fulfilment.server";
import { PaymentProviderError, startPayment } from "../payments/payments.server";
import { providerFor } from "../payments/providers.server";
import { announceRequest, attachPayment, getBooking, releaseHold, takeSlot } from "./bookings.server";
import { bookingTitle } from "./mails";
import type { Booking } from "./schema";
import { formatSlot, SLOT_ZONE } from "./time";
import type { BookingInput } from "./validation";

export type BookOutcome =
  | { kind: "confirmed" | "requested"; booking: Booking }
  | { kind: "redirect"; url: string }
  | { kind: "taken" | "closed" | "failed" | "missing-card" };

/**
 * The booking dialog's submit: take the slot, then (for a preparation session) take the payment
 * at the price our offers set. A mentorship is only requested here; it is paid after approval.
 * Any failure releases the slot and charges nothing.
 */
export async function bookSession(db: Db, env: Env, input: BookingInput, userId: string | null): Promise<BookOutcome> {
  const provider = providerFor(db, env);
  const needsCard = provider.cardFields && input.offerId === "preparation";
  if (needsCard && !input.cardLast4) return { kind: "missing-card" };
  const held = await takeSlot(db, input, userId);
  if (!held.ok) return { kind: held.reason };
  if (held.booking.status === "requested") {
    await announceRequest(db, env, held.booking);
    return { kind: "requested", booking: held.booking };
  }
  return payForBooking(db, env, held.booking, input.cardLast4);
}

/** Takes the payment for a held or approved booking; confirmed, or off to the provider's approval. */
export async function payForBooking(
  db: Db,
  env: Env,
  booking: Booking,
  cardLast4: string | undefined,
): Promise<BookOutcome> {
  try {
    const started = await startPayment(db, env, {
      purpose: "booking",
      amountCents: booking.priceCents,
      description: `${bookingTitle(booking)} - ${formatSlot(booking.startsAt, SLOT_ZONE)}`,
      payerName: booking.fullName,
      payerEmail: booking.email,
      userId: booking.userId,
      card: cardLast4 ? { last4: cardLast4, name: booking.fullName } : undefined,
    });
    await attachPayment(db, booking.id, started.paymentId);
    if (started.approveUrl) return { kind: "redirect", url: started.approveUrl };
    const payment = await completeAndFulfil(db, env, started.paymentId);
    const after = await getBooking(db, booking.id);
    if (payment.status === "captured" && after?.status === "confirmed") return { kind: "confirmed", booking: after };
    return { kind: "failed" };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Nothing was captured: a fresh hold is released (an approved mentorship keeps its own).
    await releaseHold(db, booking.id);
    return { kind: "failed" };
  }
}
