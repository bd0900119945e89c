import { and, desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { exactTime, pastCursor } from "../../lib/keyset.server";
import { EXPORT_PAGE_SIZE, inPages } from "../../lib/streamed";
import { type GiftFilter, listGifts } from "./gifts.server";
import { gifts } from "./schema";

/** The console's CSV rows (lib/csv writes them): every gift matching the filter, in pages. */
export async function* giftsCsv(db: Db, filter: GiftFilter) {
  yield [
    "receipt",
    "given_at",
    "kind",
    "amount_usd",
    "donor",
    "email",
    "refunded_at",
    "payment",
    "method",
    "cheque_number",
    "fee_usd",
  ];
  for await (const g of inPages(500, (last?: { id: number }) =>
    listGifts(db, { ...filter, before: last?.id, limit: 500 }),
  )) {
    const cells = [
      String(g.id),
      g.givenAt.toISOString(),
      g.kind,
      (g.amountCents / 100).toFixed(2),
      g.donorName,
      g.donorEmail,
      g.refundedAt?.toISOString() ?? "",
      g.paymentId ?? "",
      g.method,
      g.chequeNumber ?? "",
      (g.feeCents / 100).toFixed(2),
    ];
    yield cells;
  }
}

/** A member's own gifts, newest first: their data export, read a page at a time (issue 47). */
export function exportMemberGifts(db: Db, userId: string) {
  return inPages(EXPORT_PAGE_SIZE, (last?: { at: string; id: number }) =>
    db
      .select({ ...getTableColumns(gifts), at: exactTime(gifts.givenAt) })
      .from(gifts)
      .where(and(eq(gifts.userId, userId), pastCursor(gifts.givenAt, gifts.id, last, "desc")))
      .orderBy(desc(gifts.givenAt), desc(gifts.id))
      .limit(EXPORT_PAGE_SIZE),
  );
}
