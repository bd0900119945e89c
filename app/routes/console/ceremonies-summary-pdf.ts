import { appContext } from "~/context";
import { plainPage } from "~/lib/plain-page";
import { safetySummary, summaryYearFrom } from "~/modules/ceremonies/summary.server";
import { safetySummaryPdf } from "~/modules/ceremonies/summary-pdf.server";
import type { Route } from "./+types/ceremonies-summary-pdf";

/**
 * The yearly safety summary (counts only, no one named) as a tagged PDF download. A bad year
 * answers a small page with its message (400: a resource route has no error boundary to render).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const asked = await summaryYearFrom(handles.db, new URL(request.url));
  if (!asked.ok) {
    const html = plainPage({
      title: "No such summary",
      heading: "No such summary",
      paragraphs: [asked.message],
      link: { href: "/console/ceremonies/summary", label: "Back to the safety summary" },
    });
    return new Response(html, {
      status: 400,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const pdf = await safetySummaryPdf({
    organization: handles.env.ORG_LEGAL_NAME,
    summary: await safetySummary(handles.db, asked.year),
    issuedAt: new Date(),
  });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="ceremony-safety-summary-${asked.year}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
