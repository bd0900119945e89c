import { and, eq, gt, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { offerById } from "~/content/journey";
import { addDays, isDay, zonedInstant } from "~/lib/dates";
import type { Db } from "../../../db/client";
import { blockedDays, bookings } from "./schema";
import { bookableRange, SLOT_ZONE } from "./time";

export type BookableOfferId = "preparation" | "microdose";

export function bookableOffer(offerId: string) {
  const offer = offerById(offerId);
  return offer?.booking && (offer.id === "preparation" || offer.id === "microdose")
    ? { ...offer, id: offer.id as BookableOfferId, booking: offer.booking }
    : null;
}

/** A booking that still owns its slot at `now`: confirmed, requested, or held/approved within its hold. */
export const ownsSlot = (now: Date) =>
  or(
    inArray(bookings.status, ["confirmed", "requested"]),
    and(
      inArray(bookings.status, ["held", "approved"]),
      or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
    ),
  );

/**
 * Before a slot is taken (booked or moved to): a hold on that instant whose time ran out is marked
 * expired, so the one-live-booking-per-instant index lets the slot go to someone else.
 */
export async function expireLapsedHolds(tx: Db, startsAt: Date, now: Date) {
  await tx
    .update(bookings)
    .set({ status: "expired" })
    .where(
      and(
        eq(bookings.startsAt, startsAt),
        inArray(bookings.status, ["held", "approved"]),
        lte(bookings.holdExpiresAt, now),
      ),
    );
}

export type DayCheck = "open" | "too-soon" | "too-far" | "blocked" | "invalid";

export async function checkDay(db: Db, day: string, now = new Date()): Promise<DayCheck> {
  if (!isDay(day)) return "invalid";
  const { first, last } = bookableRange(now);
  if (day < first) return "too-soon";
  if (day > last) return "too-far";
  const [blocked] = await db.select().from(blockedDays).where(eq(blockedDays.day, day));
  return blocked ? "blocked" : "open";
}

/** The offer's free slots on a New York calendar day, as instants (the browser shows them in its zone). */
export async function freeSlots(db: Db, offerId: string, day: string, now = new Date()) {
  const offer = bookableOffer(offerId);
  if (!offer || (await checkDay(db, day, now)) !== "open") return [];
  const start = zonedInstant(day, "00:00", SLOT_ZONE);
  const end = zonedInstant(addDays(day, 1), "00:00", SLOT_ZONE);
  const taken = await db
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(gte(bookings.startsAt, start), lt(bookings.startsAt, end), ownsSlot(now)));
  const takenTimes = new Set(taken.map((b) => b.startsAt.getTime()));
  return offer.slots
    .map((time) => ({ time, startsAt: zonedInstant(day, time, SLOT_ZONE) }))
    .filter((slot) => !takenTimes.has(slot.startsAt.getTime()))
    .map((slot) => ({ time: slot.time, startsAt: slot.startsAt.toISOString() }));
}

/** Days the keepers closed within the bookable range, for the calendar. */
export async function blockedDaysAhead(db: Db, now = new Date()) {
  const { first, last } = bookableRange(now);
  const rows = await db
    .select({ day: blockedDays.day })
    .from(blockedDays)
    .where(and(gte(blockedDays.day, first), lt(blockedDays.day, addDays(last, 1))));
  return rows.map((r) => r.day);
}

/** Days listed on one page of the day choice (the calendar's range is 90 days). */
const DAYS_SHOWN = 21;

/**
 * The day choice a page without scripts offers (the booking page, the emailed link's reschedule):
 * up to three weeks of open days from `?from=`, the next page's first day, and the `?day=` asked
 * for with its free times.
 */
export async function dayChoice(db: Db, offerId: string, url: URL, now = new Date()) {
  const range = bookableRange(now);
  const blocked = new Set(await blockedDaysAhead(db, now));
  const askedFrom = url.searchParams.get("from") ?? "";
  const from = isDay(askedFrom) && askedFrom > range.first && askedFrom <= range.last ? askedFrom : range.first;
  const days: string[] = [];
  let next: string | null = from;
  while (next && next <= range.last && days.length < DAYS_SHOWN) {
    if (!blocked.has(next)) days.push(next);
    next = addDays(next, 1);
  }
  const askedDay = url.searchParams.get("day") ?? "";
  const day = isDay(askedDay) ? askedDay : null;
  return {
    days,
    more: next && next <= range.last ? next : null,
    day,
    slots: day ? await freeSlots(db, offerId, day, now) : [],
  };
}
