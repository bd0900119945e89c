import { data } from "react-router";
import { requireViewer } from "~/modules/accounts/session.server";
import { giftsInYear } from "~/modules/giving/gifts.server";
import { givingStatementPdf } from "~/modules/giving/statement.server";
import type { Route } from "./+types/giving-statement";

/** A member's giving statement for one calendar year (UTC, as giftsInYear counts it), as a private PDF download. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const year = /^\d{4}$/.test(params.year) ? Number(params.year) : Number.NaN;
  if (!(year >= 2000 && year <= new Date().getUTCFullYear())) throw data(null, { status: 404 });
  const gifts = await giftsInYear(context.db, viewer.id, year);
  const pdf = givingStatementPdf({
    year,
    donorName: viewer.name,
    donorEmail: viewer.email,
    gifts,
    issuedAt: new Date(),
  });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="giving-statement-${year}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
