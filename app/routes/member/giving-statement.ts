import { site } from "~/lib/site";
import { requireViewer } from "~/modules/accounts/session.server";
import { giftsInYear } from "~/modules/giving/gifts.server";
import { givingStatementPdf } from "~/modules/giving/statement.server";
import type { Route } from "./+types/giving-statement";

/**
 * A member's giving statement for one calendar year (UTC, as giftsInYear counts it), as a private
 * PDF download. A year that is not a statement year, or one without gifts, answers a small page
 * saying so (404: there is no such statement; a resource route has no error boundary to render).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const year = /^\d{4}$/.test(params.year) ? Number(params.year) : Number.NaN;
  if (!(year >= 2000 && year <= new Date().getUTCFullYear())) {
    return noStatement(
      "No such statement",
      `Giving statements cover one calendar year each, from 2000 to ${new Date().getUTCFullYear()}.`,
    );
  }
  const gifts = await giftsInYear(context.db, viewer.id, year);
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
    gifts,
    issuedAt: new Date(),
    organization: { legalName: context.env.ORG_LEGAL_NAME, taxId: context.env.ORG_TAX_ID },
  });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="giving-statement-${year}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A plain page in the site's colours, styled inline as server/unavailable-page.ts; its texts are our own. */
function noStatement(heading: string, message: string) {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading} | ${site.name}</title>
</head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#07061a;color:#e9e4f7;font-family:Georgia,'Times New Roman',serif;padding:1.5rem;box-sizing:border-box">
<main style="max-width:34rem;text-align:center">
<h1 style="font-size:2rem;font-weight:600;margin:0 0 1rem">${heading}</h1>
<p style="font-family:system-ui,sans-serif;line-height:1.6;color:#c4bcdc;margin:0 0 2rem">${message}</p>
<a href="/profile#giving" style="display:inline-block;font-family:system-ui,sans-serif;background:#e8c46a;color:#0d0b26;padding:.75rem 1.5rem;border-radius:9999px;text-decoration:none;font-weight:600">Back to your giving</a>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
