import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings } from "../bookings/schema";
import { countWaitingMessages } from "../contact/contact.server";
import { countWaitingFollowUps } from "../follow-ups/queue.server";
import { countNewAccessRequests } from "../intake/access-review.server";
import { countNewApplications } from "../intake/application-review.server";
import { countWaitingShares } from "../integration/shares.server";

/** What waits for a keeper, by console page: the overview's counts and the navigation's badges. */
export interface WaitingWork {
  requests: number;
  applications: number;
  mentorship: number;
  shares: number;
  inbox: number;
  followUps: number;
}

/** A mentorship request not yet decided: one rule for the badge and the console's "Today". */
export const mentorshipWaiting = eq(bookings.status, "requested");

async function countMentorshipRequests(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(mentorshipWaiting);
  return row?.n ?? 0;
}

/** Each count falls as the work is done: a request decided, a share answered, a message handled. */
export async function waitingWork(db: Db): Promise<WaitingWork> {
  const [requests, applications, mentorship, shares, inbox, followUps] = await Promise.all([
    countNewAccessRequests(db),
    countNewApplications(db),
    countMentorshipRequests(db),
    countWaitingShares(db),
    countWaitingMessages(db),
    countWaitingFollowUps(db),
  ]);
  return { requests, applications, mentorship, shares, inbox, followUps };
}
