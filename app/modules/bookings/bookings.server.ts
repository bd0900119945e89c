import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { formatSlot, knownZone, zonedInstant } from "~/lib/dates";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import type { Env } from "../../env.server";
import { newToken } from "../../lib/tokens.server";
import { applications } from "../intake/schema";
import { enqueue } from "../mail/outbox.server";
import type { PurposeHandlers } from "../payments/purposes.server";
import type { Payment } from "../payments/schema";
import { bookableOffer, checkDay, expireLapsedHolds } from "./availability.server";
import { bookingCalendar } from "./calendar-file.server";
import { approvedMail, bookingTitle, confirmationMail, declinedMail, requestedMail, staffRequestMail } from "./mails";
import { HOLD_MINUTES } from "./messages";
import { type Booking, type BookingStatus, bookings } from "./schema";
import { SLOT_ZONE } from "./time";
import type { BookingInput } from "./validation";

const APPROVAL_PAY_HOURS = 48;

export type HoldOutcome = { ok: true; booking: Booking } | { ok: false; reason: "taken" | "closed" };

/**
 * Takes the slot for a new booking: "held" while its payment is under way, or "requested" for a
 * mentorship awaiting approval. Stale holds at that instant are expired first; the partial unique
 * index then lets exactly one of any number of concurrent attempts succeed.
 */
export async function takeSlot(
  db: Db,
  input: BookingInput,
  userId: string | null,
  now = new Date(),
): Promise<HoldOutcome> {
  const offer = bookableOffer(input.offerId);
  if (!offer?.slots.includes(input.time) || (await checkDay(db, input.day, now)) !== "open") {
    return { ok: false, reason: "closed" };
  }
  const startsAt = zonedInstant(input.day, input.time, SLOT_ZONE);
  const status: BookingStatus = offer.booking.needsApproval ? "requested" : "held";
  try {
    const booking = await db.transaction(async (tx) => {
      await expireLapsedHolds(tx, startsAt, now);
      const [row] = await tx
        .insert(bookings)
        .values({
          id: randomUUID(),
          offerId: offer.id,
          startsAt,
          minutes: offer.booking.minutes,
          priceCents: offer.booking.priceUsd * 100,
          status,
          holdExpiresAt: status === "held" ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
          fullName: input.fullName,
          email: input.email,
          phone: input.phone,
          timeZone: knownZone(input.timeZone),
          userId,
        })
        .returning();
      if (!row) throw new Error("booking insert returned no row");
      return row;
    });
    return { ok: true, booking };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

export async function attachPayment(db: Db, bookingId: string, paymentId: string) {
  await db.update(bookings).set({ paymentId }).where(eq(bookings.id, bookingId));
}

export async function getBooking(db: Db, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/**
 * Before the provider captures: the booking must still own its slot. Its hold is stretched a
 * little so no one can expire it while the capture is in flight. False: do not take the money.
 */
export async function keepSlotForCapture(db: Db, payment: Payment, now = new Date()): Promise<boolean> {
  const [row] = await db
    .update(bookings)
    .set({ holdExpiresAt: new Date(now.getTime() + 5 * 60_000) })
    .where(and(eq(bookings.paymentId, payment.id), inArray(bookings.status, ["held", "approved"])))
    .returning({ id: bookings.id });
  return Boolean(row);
}

/** The payment is captured: the booking is confirmed, with its email, calendar file and a manage link. */
export async function confirmBooking(tx: Db, env: Env, payment: Payment) {
  const { token, hash } = newToken();
  const [booking] = await tx
    .update(bookings)
    .set({ status: "confirmed", holdExpiresAt: null, manageTokenHash: hash })
    .where(eq(bookings.paymentId, payment.id))
    .returning();
  if (!booking) throw new Error("no booking for a captured booking payment");
  await sendConfirmation(tx, env, booking, token);
}

export async function sendConfirmation(tx: Db, env: Env, booking: Booking, token: string) {
  await enqueue(tx, {
    kind: "booking.confirmed",
    to: booking.email,
    subject: `Confirmed: ${bookingTitle(booking)}, ${formatSlot(booking.startsAt, SLOT_ZONE)}`,
    ...confirmationMail(booking, `${env.SITE_URL}/bookings/manage/${token}`),
    // REQUEST with the booking's current SEQUENCE: the first confirmation (0) or a reschedule's (raised).
    attachments: [bookingCalendar(booking, env, "REQUEST")],
  });
}

/** The payment ended without money: a held slot is released (an approved mentorship keeps its hold). */
export async function releaseBooking(tx: Db, payment: Payment) {
  await tx
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(and(eq(bookings.paymentId, payment.id), eq(bookings.status, "held")));
}

/** A booking's payment: the slot is kept for the capture, confirmed when paid, released when not. */
export const bookingPurpose: PurposeHandlers = {
  beforeCapture: (db, payment) => keepSlotForCapture(db, payment),
  onCaptured: confirmBooking,
  onEnded: releaseBooking,
};

/** Releases a held slot whose payment never started or failed at the provider. */
export async function releaseHold(db: Db, bookingId: string) {
  await db
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "held")));
}

/**
 * A mentorship request: the person and the keepers are told. Eligibility is noted for the keeper
 * from the requester's account only; a typed address would let anyone borrow another's history.
 */
export async function announceRequest(db: Db, env: Env, booking: Booking) {
  const eligible = booking.userId ? await hasPriorPreparationOrIntake(db, booking.userId) : null;
  await db.transaction(async (tx) => {
    await enqueue(tx, {
      kind: "booking.requested",
      to: booking.email,
      subject: "Your Subtle Path request",
      ...requestedMail(booking),
    });
    await enqueue(tx, {
      kind: "booking.request-notify",
      to: env.STAFF_EMAIL,
      subject: `Mentorship request: ${booking.fullName}`,
      ...staffRequestMail(booking, `${env.SITE_URL}/console/bookings`, eligible),
    });
  });
}

async function hasPriorPreparationOrIntake(db: Db, userId: string): Promise<boolean> {
  const [priorPreparation] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.offerId, "preparation"), eq(bookings.status, "confirmed")))
    .limit(1);
  const [approvedApplication] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.userId, userId), inArray(applications.status, ["approved", "waitlisted"])))
    .limit(1);
  return Boolean(priorPreparation || approvedApplication);
}

/** A keeper approves (payment link emailed, 48 hours to pay) or declines a mentorship request. */
export async function decideRequest(
  db: Db,
  env: Env,
  input: { id: string; decision: "approve" | "decline"; staffName: string },
  now = new Date(),
): Promise<"done" | "not-pending"> {
  return db.transaction(async (tx) => {
    const { token, hash } = newToken();
    const [booking] = await tx
      .update(bookings)
      .set(
        input.decision === "approve"
          ? {
              status: "approved",
              holdExpiresAt: new Date(now.getTime() + APPROVAL_PAY_HOURS * 3_600_000),
              manageTokenHash: hash,
              decidedByName: input.staffName,
              decidedAt: now,
            }
          : { status: "declined", decidedByName: input.staffName, decidedAt: now },
      )
      .where(and(eq(bookings.id, input.id), eq(bookings.status, "requested")))
      .returning();
    if (!booking) return "not-pending";
    await enqueue(tx, {
      kind: `booking.${input.decision === "approve" ? "approved" : "declined"}`,
      to: booking.email,
      subject: input.decision === "approve" ? "Your mentorship request is approved" : "About your mentorship request",
      ...(input.decision === "approve"
        ? approvedMail(booking, `${env.SITE_URL}/bookings/manage/${token}`)
        : declinedMail(booking)),
    });
    return "done";
  });
}
