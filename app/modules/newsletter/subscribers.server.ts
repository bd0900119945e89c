import { and, desc, eq, ilike, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { containsPattern } from "../../lib/like";
import { inPages } from "../../lib/streamed";
import { newsletterSubscribers, subscriberStatuses } from "./schema";

export type SubscriberStatus = (typeof subscriberStatuses)[number];
export const SUBSCRIBERS_PAGE_SIZE = 50;

export interface SubscriberFilter {
  status?: SubscriberStatus;
  /** Part of an address. */
  email?: string;
}

/** The console's subscriber filter, read the same way by the list and its CSV export. */
export function subscriberFilterFrom(url: URL): SubscriberFilter {
  const status = subscriberStatuses.find((s) => s === url.searchParams.get("status"));
  const email = (url.searchParams.get("email") ?? "").trim().slice(0, 254);
  return { status, email: email || undefined };
}

/** Newest first, keyset-paged by id. Tokens never leave the module. */
export function listSubscribers(db: Db, filter: SubscriberFilter & { before?: number; limit?: number }) {
  return db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(
      and(
        filter.status ? eq(newsletterSubscribers.status, filter.status) : undefined,
        filter.email ? ilike(newsletterSubscribers.email, containsPattern(filter.email)) : undefined,
        filter.before ? lt(newsletterSubscribers.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(newsletterSubscribers.id))
    .limit(filter.limit ?? SUBSCRIBERS_PAGE_SIZE);
}

/** How many subscribers are in each state. */
export async function subscriberCounts(db: Db): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .select({ status: newsletterSubscribers.status, n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

const iso = (d: Date | null) => (d ? d.toISOString() : "");

/** The filtered subscribers as CSV rows, in pages, so a long list never sits in memory. */
export async function* subscribersCsv(db: Db, filter: SubscriberFilter) {
  yield ["email", "status", "subscribed", "confirmed", "unsubscribed"];
  for await (const r of inPages(500, (last?: { id: number }) =>
    listSubscribers(db, { ...filter, before: last?.id, limit: 500 }),
  )) {
    yield [r.email, r.status, iso(r.createdAt), iso(r.confirmedAt), iso(r.unsubscribedAt)];
  }
}
