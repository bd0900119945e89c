import { appContext, viewerContext } from "~/context";
import { plainPage } from "~/lib/plain-page";
import { giftsInYear } from "~/modules/giving/gifts.server";
import { giftMethodLabel } from "~/modules/giving/method";
import { givingStatementPdf } from "~/modules/giving/statement.server";
import type { Route } from "./+types/giving-statement";

/**
 * A member's giving statement for one calendar year (UTC, as giftsInYear counts it), as a private
 * PDF download. A year that is not a statement year, or one without gifts, answers a small page
 * saying so (404: there is no such statement; a resource route has no error boundary to render).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const year = /^\d{4}$/.test(params.year) ? Number(params.year) : Number.NaN;
  if (!(year >= 2000 && year <= new Date().getUTCFullYear())) {
    return noStatement(
      "No such statement",
      `Giving statements cover one calendar year each, from 2000 to ${new Date().getUTCFullYear()}.`,
    );
  }
  const gifts = await giftsInYear(handles.db, viewer.id, year);
  if (gifts.length === 0) {
    return noStatement(
      `No statement for ${year}`,
      `We have no record of gifts from you in ${year}, so there is nothing to state. Refunded gifts and paid sessions are not gifts.`,
    );
  }
  const pdf = await givingStatementPdf({
    year,
    donorName: viewer.name,
    donorEmail: viewer.email,
    gifts: gifts.map((gift) => ({ ...gift, method: giftMethodLabel(gift) })),
    issuedAt: new Date(),
    organization: { legalName: handles.env.ORG_LEGAL_NAME, taxId: handles.env.ORG_TAX_ID },
  });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="giving-statement-${year}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The page for a year without a statement (a resource route has no error boundary to render). */
function noStatement(heading: string, message: string) {
  const html = plainPage({
    title: heading,
    heading,
    paragraphs: [message],
    link: { href: "/profile#giving", label: "Back to your giving" },
  });
  return new Response(html, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
