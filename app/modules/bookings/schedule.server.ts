import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { wantsMail } from "../accounts/mail-settings.server";
import { enqueue } from "../mail/outbox.server";
import { payments } from "../payments/schema";
import { bookingTitle, integrationPromptMail, reminderMail } from "./mails";
import { type BookingStatus, blockedDays, bookings } from "./schema";

/* Reading the schedule (console, member calendar), closed days, and the 24-hour reminders. */

/** The console's list for a New York day range, in time order. */
export function bookingsBetween(db: Db, from: Date, to: Date, statuses?: BookingStatus[]) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, to),
        statuses ? inArray(bookings.status, statuses) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

/**
 * The console's list with each booking's payment state (null: nothing to pay, as a mentorship
 * request not yet approved), so a refund made anywhere shows beside the booking it paid for.
 */
export function bookingsWithPayments(db: Db, from: Date, to: Date) {
  return db
    .select({ booking: bookings, paymentStatus: payments.status })
    .from(bookings)
    .leftJoin(payments, eq(payments.id, bookings.paymentId))
    .where(and(gte(bookings.startsAt, from), lt(bookings.startsAt, to)))
    .orderBy(asc(bookings.startsAt));
}

export function pendingRequests(db: Db) {
  return db.select().from(bookings).where(eq(bookings.status, "requested")).orderBy(asc(bookings.startsAt));
}

/** A member's sessions to come (booked from the account, or linked to it from a proven address). */
export function upcomingForMember(db: Db, userId: string, now = new Date()) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        inArray(bookings.status, ["confirmed", "requested", "approved"]),
        gte(bookings.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

/**
 * The 24-hour reminder: each confirmed booking starting within a day gets one, claimed with a
 * single UPDATE so several app instances never send it twice, unless the member who booked turned
 * session reminders off.
 */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(bookings)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(bookings.status, "confirmed"),
          isNull(bookings.reminderSentAt),
          gte(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + 24 * 3_600_000)),
        ),
      )
      .returning();
    for (const booking of due) {
      // A member who turned "Session reminders" off gets none (the booking is still marked done).
      if (booking.userId && !(await wantsMail(tx, booking.userId, "sessionReminders"))) continue;
      await enqueue(tx, {
        kind: "booking.reminder",
        to: booking.email,
        subject: `Tomorrow: ${bookingTitle(booking)}`,
        ...reminderMail(booking),
      });
    }
    return due.length;
  });
}

/**
 * Members' confirmed sessions that have ended by `now`, and started no longer than `withinMs` before it: what is
 * sent after a session (an integration invitation, follow-up check-ins) goes out for those only, so a server
 * that was down for days, or an upgrade, mails nobody about an old session.
 */
export function endedSessions(now: Date, withinMs: number) {
  return and(
    eq(bookings.status, "confirmed"),
    isNotNull(bookings.userId),
    lte(sql`${bookings.startsAt} + ${bookings.minutes} * interval '1 minute'`, now),
    gte(bookings.startsAt, new Date(now.getTime() - withinMs)),
  );
}

/** How long after a session its integration invitation may still go out (a server down for days sends none late). */
const PROMPT_WITHIN_MS = 3 * 24 * 3_600_000;

/**
 * The integration invitation (the member's "Integration prompts" setting, off by default): once a
 * booked session has ended, one email inviting the member who booked it to record its
 * integration. Each booking is settled with one UPDATE, so it is never sent twice.
 */
export async function sendIntegrationPrompts(db: Db, siteUrl: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(bookings)
      .set({ integrationPromptAt: now })
      .where(and(endedSessions(now, PROMPT_WITHIN_MS), isNull(bookings.integrationPromptAt)))
      .returning();
    let sent = 0;
    for (const booking of ended) {
      if (!booking.userId || !(await wantsMail(tx, booking.userId, "integrationPrompts"))) continue;
      await enqueue(tx, {
        kind: "integration.prompt",
        to: booking.email,
        subject: "How are you after your session?",
        ...integrationPromptMail(booking, `${siteUrl}/integration`),
      });
      sent += 1;
    }
    return sent;
  });
}

/** Keepers close a day (no new bookings; existing ones stay and are listed). */
export async function blockDay(db: Db, day: string, reason: string, staffName: string) {
  await db.insert(blockedDays).values({ day, reason, blockedByName: staffName }).onConflictDoNothing();
}

export async function unblockDay(db: Db, day: string) {
  await db.delete(blockedDays).where(eq(blockedDays.day, day));
}

export function listBlockedDays(db: Db, fromDay: string) {
  return db.select().from(blockedDays).where(gte(blockedDays.day, fromDay)).orderBy(asc(blockedDays.day));
}

/** The console's CSV rows of bookings in a range (lib/csv writes them). */
export async function* bookingsCsv(db: Db, from: Date, to: Date) {
  yield ["starts_at", "offer", "status", "name", "email", "phone", "price_usd", "payment"];
  // In pages past the last row sent (keyset on start and id): a year of bookings never sits in memory.
  let after: { startsAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(bookings)
      .where(
        and(
          gte(bookings.startsAt, from),
          lt(bookings.startsAt, to),
          after
            ? or(
                gt(bookings.startsAt, after.startsAt),
                and(eq(bookings.startsAt, after.startsAt), gt(bookings.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(CSV_PAGE);
    for (const b of rows) {
      yield [
        b.startsAt.toISOString(),
        b.offerId,
        b.status,
        b.fullName,
        b.email,
        b.phone,
        (b.priceCents / 100).toFixed(2),
        b.paymentId ?? "",
      ];
    }
    const last = rows.at(-1);
    if (rows.length < CSV_PAGE || !last) return;
    after = { startsAt: last.startsAt, id: last.id };
  }
}

/** Rows per page of the bookings CSV. */
export const CSV_PAGE = 500;

/** How many confirmed sessions a member has between two instants (the calendar's "This Month"). */
export async function memberSessionCount(db: Db, userId: string, from: Date, to: Date) {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, "confirmed"),
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, to),
      ),
    );
  return rows.length;
}
