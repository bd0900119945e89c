import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../accounts/schema";
import { bookings } from "../bookings/schema";
import { contactWaiting } from "../contact/contact.server";
import { contactMessages } from "../contact/schema";
import { followUpWaiting } from "../follow-ups/queue.server";
import { followUps } from "../follow-ups/schema";
import { requestWaiting } from "../intake/access-review.server";
import { applicationWaiting } from "../intake/application-review.server";
import { accessRequests, applications } from "../intake/schema";
import { facilitatorShares } from "../integration/schema";
import { shareWaiting } from "../integration/shares.server";
import { ANONYMOUS } from "../integration/thread-words";
import { mentorshipWaiting, type WaitingWork, waitingWork } from "./waiting.server";

/*
 * A keeper's "Today" (issue 48): everything that waits for a keeper, from every tab, in one list:
 * urgent first, then by the date to act by. Each item reads the same rule as its tab's badge
 * (the `...Waiting` conditions beside each count), so the list and the badges cannot disagree;
 * it says who and why, and links to the item, never what anyone wrote.
 */

const HOUR = 3_600_000;
/** Words of harm or danger: the same day. */
const URGENT_WITHIN = 24 * HOUR;
/** What the site promises (SPEC.md): a contact reply and an application review within 48 hours. */
const REPLY_WITHIN = 48 * HOUR;
/** "Access review: 2-3 business days" (SPEC.md): the later end, as days. */
const REVIEW_WITHIN = 72 * HOUR;

/** How many items "Today" shows; the rest are counted, and each tab lists them all. */
export const TODAY_LIMIT = 10;

export type TodayKind = keyof WaitingWork;

export interface TodayItem {
  kind: TodayKind;
  key: string;
  urgent: boolean;
  actBy: Date;
  /** Who it is about: a name, "Anonymous member" for an anonymous share. */
  who: string;
  /** Why it waits, in the console's words (never what was written). */
  why: string;
  to: string;
}

const FOLLOW_UP_WHY = {
  missed: "A follow-up check-in went unanswered",
  low: "A follow-up check-in with a low wellbeing score",
  crisis: "A follow-up check-in spoke of harm or danger",
} as const;

const by = (from: Date, urgent: boolean, within: number) =>
  new Date(from.getTime() + (urgent ? URGENT_WITHIN : within));

/** Each source's first `limit` items in the order "Today" uses: its first ones are the list's. */
async function sources(db: Db, limit: number): Promise<TodayItem[][]> {
  return Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        urgent: contactMessages.urgent,
        at: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(contactWaiting)
      .orderBy(desc(contactMessages.urgent), asc(contactMessages.createdAt))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          kind: "inbox" as const,
          key: `inbox-${r.id}`,
          urgent: r.urgent,
          actBy: by(r.at, r.urgent, REPLY_WITHIN),
          who: r.name,
          why: r.urgent ? "A contact message spoke of harm or danger" : "A contact message to answer",
          to: `/console/inbox/${r.id}`,
        })),
      ),
    db
      .select({
        id: facilitatorShares.id,
        name: sql<string>`case when ${facilitatorShares.anonymous} then ${ANONYMOUS} else ${users.name} end`,
        urgent: facilitatorShares.urgent,
        at: facilitatorShares.lastMessageAt,
        holder: facilitatorShares.assigneeName,
      })
      .from(facilitatorShares)
      .innerJoin(users, eq(users.id, facilitatorShares.userId))
      .where(shareWaiting)
      .orderBy(desc(facilitatorShares.urgent), asc(facilitatorShares.lastMessageAt))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          kind: "shares" as const,
          key: `shares-${r.id}`,
          urgent: r.urgent,
          actBy: by(r.at, r.urgent, REPLY_WITHIN),
          who: r.name,
          why: `A conversation waits for a reply${r.holder ? ` (taken by ${r.holder})` : ""}`,
          to: `/console/shares/${r.id}`,
        })),
      ),
    db
      .select({
        id: followUps.id,
        memberId: followUps.userId,
        name: users.name,
        reason: followUps.careReason,
        urgent: followUps.careUrgent,
        dueAt: followUps.careDueAt,
        at: followUps.createdAt,
      })
      .from(followUps)
      .innerJoin(users, eq(users.id, followUps.userId))
      .where(followUpWaiting)
      .orderBy(desc(followUps.careUrgent), asc(followUps.careDueAt))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          kind: "followUps" as const,
          key: `followUps-${r.id}`,
          urgent: r.urgent,
          actBy: r.dueAt ?? r.at,
          who: r.name,
          why: FOLLOW_UP_WHY[r.reason ?? "missed"],
          to: "/console/follow-ups",
        })),
      ),
    db
      .select({ id: accessRequests.id, name: accessRequests.name, at: accessRequests.createdAt })
      .from(accessRequests)
      .where(requestWaiting)
      .orderBy(asc(accessRequests.createdAt))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          kind: "requests" as const,
          key: `requests-${r.id}`,
          urgent: false,
          actBy: by(r.at, false, REVIEW_WITHIN),
          who: r.name,
          why: "An access request to decide",
          to: `/console/requests/${r.id}`,
        })),
      ),
    db
      .select({ id: applications.id, name: applications.fullName, at: applications.createdAt })
      .from(applications)
      .where(applicationWaiting)
      .orderBy(asc(applications.createdAt))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          kind: "applications" as const,
          key: `applications-${r.id}`,
          urgent: false,
          actBy: by(r.at, false, REPLY_WITHIN),
          who: r.name,
          why: "A ceremony application to review",
          to: `/console/applications/${r.id}`,
        })),
      ),
    // A mentorship request: decided within two days, and before its session at the latest.
    db
      .select({
        id: bookings.id,
        name: bookings.fullName,
        actBy: sql<Date>`least(${bookings.createdAt} + interval '48 hours', ${bookings.startsAt})`.mapWith(
          (v: string | Date) => new Date(v),
        ),
      })
      .from(bookings)
      .where(mentorshipWaiting)
      .orderBy(sql`least(${bookings.createdAt} + interval '48 hours', ${bookings.startsAt})`)
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          kind: "mentorship" as const,
          key: `mentorship-${r.id}`,
          urgent: false,
          actBy: r.actBy,
          who: r.name,
          why: "A mentorship request to decide",
          to: "/console/bookings",
        })),
      ),
  ]);
}

export interface Today {
  /** The first items, urgent first, then the soonest date to act by. */
  items: TodayItem[];
  /** Everything waiting, by tab: the badges' own counts. */
  counts: WaitingWork;
  /** How many wait beyond those shown. */
  more: number;
}

/** The keeper's day: the first `limit` items of all that waits, and the counts they come from. */
export async function keepersToday(db: Db, limit = TODAY_LIMIT): Promise<Today> {
  const [lists, counts] = await Promise.all([sources(db, limit), waitingWork(db)]);
  const items = lists
    .flat()
    .sort((a, b) => Number(b.urgent) - Number(a.urgent) || a.actBy.getTime() - b.actBy.getTime())
    .slice(0, limit);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { items, counts, more: Math.max(0, total - items.length) };
}
