import { and, eq, sql } from "drizzle-orm";
import { zonedInstant } from "~/lib/dates";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import type { Env } from "../../env.server";
import { hashToken, newToken } from "../../lib/tokens.server";
import { enqueue } from "../mail/outbox.server";
import { getPayment, refundPayment } from "../payments/payments.server";
import type { Payment } from "../payments/schema";
import { bookableOffer, checkDay, expireLapsedHolds } from "./availability.server";
import { sendConfirmation } from "./bookings.server";
import { bookingCalendar } from "./calendar-file.server";
import { bookingTitle, cancelledMail } from "./mails";
import { CHANGE_WINDOW_HOURS } from "./messages";
import { type Booking, bookings } from "./schema";
import { SLOT_ZONE } from "./time";

/* Changes through the emailed single-use link: no sign-in, closed 24 hours before the session. */

export async function bookingByToken(db: Db, token: string) {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.manageTokenHash, hashToken(token)));
  return row ?? null;
}

export const changeable = (b: Booking, now = new Date()) =>
  b.startsAt.getTime() - now.getTime() > CHANGE_WINDOW_HOURS * 3_600_000;

/**
 * Cancels through the emailed link (the caller has checked the 24-hour window), as one unit of work
 * in the caller's transaction, the one that holds the form's one-time key: the booking is taken
 * from its live link (locked, so a simultaneous cancel waits and then finds the link spent), a paid
 * session is refunded, the link is spent, and the cancellation is mailed. A confirmed booking was
 * sent a calendar event: the mail carries its cancellation (same UID, next SEQUENCE), so it leaves
 * the calendar; an approved mentorship not yet paid had none. A refund the provider refuses throws
 * (PaymentProviderError) and rolls the whole unit back: nothing changed and the key is free again.
 * Answers whether money went back, or null when the link holds no booking any more.
 */
export async function cancelThroughLink(tx: Db, env: Env, bookingId: string, tokenHash: string) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.manageTokenHash, tokenHash)))
    .for("update");
  if (!booking) return null;
  let refunded = false;
  if (booking.status === "confirmed" && booking.paymentId) {
    // The provider refunds a payment once however often asked (its request id is the payment's).
    await refundPayment(tx, env, booking.paymentId, "Cancelled by the booker");
    refunded = (await getPayment(tx, booking.paymentId))?.status === "refunded";
  }
  await cancelAndTell(tx, env, booking, refunded);
  return { refunded };
}

/**
 * Cancels a booking in the caller's transaction: its link is spent, the slot freed, the calendar
 * event's SEQUENCE raised, and the booker mailed (with the event's cancellation if it was confirmed).
 */
async function cancelAndTell(tx: Db, env: Env, booking: Booking, refunded: boolean) {
  const [cancelled] = await tx
    .update(bookings)
    .set({
      status: "cancelled",
      cancelledAt: new Date(),
      manageTokenHash: null,
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
    })
    .where(eq(bookings.id, booking.id))
    .returning();
  if (!cancelled) throw new Error("no booking to cancel");
  await enqueue(tx, {
    kind: "booking.cancelled",
    to: booking.email,
    subject: `Cancelled: ${bookingTitle(booking)}`,
    ...cancelledMail(booking, refunded),
    attachments: booking.status === "confirmed" ? [bookingCalendar(cancelled, env, "CANCEL")] : [],
  });
}

/**
 * A refund or reversal made at the provider (PayPal's webhook) of a session's payment: the session
 * is cancelled with it (its slot freed, the booker told, the calendar event cancelled), in the
 * transaction that marks the payment refunded. A session already cancelled is left as it is.
 */
export async function cancelRefundedBooking(tx: Db, env: Env, payment: Payment) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.paymentId, payment.id), eq(bookings.status, "confirmed")))
    .for("update");
  if (booking) await cancelAndTell(tx, env, booking, true);
}

/** Moves a confirmed booking to another free slot of its offer; a new confirmation, calendar update and link are sent. */
export async function rescheduleBooking(
  db: Db,
  env: Env,
  booking: Booking,
  day: string,
  time: string,
  now = new Date(),
): Promise<"done" | "taken" | "closed"> {
  const offer = bookableOffer(booking.offerId);
  if (!offer?.slots.includes(time) || (await checkDay(db, day, now)) !== "open") return "closed";
  const startsAt = zonedInstant(day, time, SLOT_ZONE);
  const { token, hash } = newToken();
  try {
    await db.transaction(async (tx) => {
      await expireLapsedHolds(tx, startsAt, now);
      const [moved] = await tx
        .update(bookings)
        .set({
          startsAt,
          manageTokenHash: hash,
          reminderSentAt: null,
          // The calendar event moves: same UID, next SEQUENCE (sendConfirmation's REQUEST carries it).
          calendarSequence: sql`${bookings.calendarSequence} + 1`,
        })
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed")))
        .returning();
      if (!moved) throw new Error("booking is no longer confirmed");
      await sendConfirmation(tx, env, moved, token);
    });
    return "done";
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}
