import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { InstantCursor } from "../../lib/ids";
import { withInterval } from "./gifts.server";
import { gifts } from "./schema";

/*
 * The member's gifts on /profile, a page at a time (issue 47): years of monthly collections stay one page of rows,
 * each query on `gifts_user_idx (user_id, given_at)`. The export and the statements still read every gift.
 */

export const MEMBER_GIFT_PAGE_SIZE = 20;

/**
 * A page of the member's gifts, newest first, before the cursor (`?before=`: the last gift's given-at and id, since
 * gifts given in person on one day can share an instant). `older` is the next page's cursor, or null at the first gift.
 */
export async function memberGiftPage(db: Db, userId: string, before?: InstantCursor | null) {
  const rows = await withInterval(db)
    .where(
      and(
        eq(gifts.userId, userId),
        // The first bound (implied by the second) is what the index scan starts from: a later page reads its own rows.
        before ? lte(gifts.givenAt, before.at) : undefined,
        before
          ? or(lt(gifts.givenAt, before.at), and(eq(gifts.givenAt, before.at), lt(gifts.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(gifts.givenAt), desc(gifts.id))
    .limit(MEMBER_GIFT_PAGE_SIZE + 1);
  const shown = rows.slice(0, MEMBER_GIFT_PAGE_SIZE);
  const last = shown.at(-1);
  return { gifts: shown, older: rows.length > MEMBER_GIFT_PAGE_SIZE && last ? last : null };
}

/**
 * Each year's total of the years a page shows (UTC years, as the statements count them), refunded gifts left out, and
 * whether any gift of the year counts (its statement is offered then): the whole year, not only the page's part of it.
 */
export async function memberGiftYears(db: Db, userId: string, years: ReadonlyArray<number>) {
  if (years.length === 0) return new Map<number, { totalCents: number; counted: number }>();
  const year = sql<number>`extract(year from ${gifts.givenAt} at time zone 'UTC')::int`;
  const rows = await db
    .select({
      year,
      totalCents: sql<number>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.refundedAt} is null), 0)::int`,
      counted: sql<number>`(count(*) filter (where ${gifts.refundedAt} is null))::int`,
    })
    .from(gifts)
    .where(
      and(
        eq(gifts.userId, userId),
        gte(gifts.givenAt, new Date(Date.UTC(Math.min(...years), 0, 1))),
        lt(gifts.givenAt, new Date(Date.UTC(Math.max(...years) + 1, 0, 1))),
      ),
    )
    .groupBy(year);
  return new Map(rows.map((r) => [r.year, { totalCents: r.totalCents, counted: r.counted }]));
}

/** Which of the member's recurring offerings have had a collection land (one gift is enough to know). */
export async function recurringWithGifts(db: Db, userId: string, recurringIds: ReadonlyArray<string>) {
  if (recurringIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: gifts.recurringId })
    .from(gifts)
    .where(and(eq(gifts.userId, userId), isNotNull(gifts.recurringId), inArray(gifts.recurringId, [...recurringIds])));
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}
