import type { Db } from "../../../db/client";
import { type GiftFilter, listGifts } from "./gifts.server";

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
  let before: number | undefined;
  for (;;) {
    const rows = await listGifts(db, { ...filter, before, limit: 500 });
    for (const g of rows) {
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
    if (rows.length < 500) return;
    before = rows.at(-1)?.id;
  }
}
