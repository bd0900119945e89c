import { appContext } from "~/context";
import { csvRefused, csvResponse } from "~/lib/csv";
import { safetySummary, summaryCsv, summaryYearFrom } from "~/modules/ceremonies/summary.server";
import type { Route } from "./+types/ceremonies-summary-csv";

/** The yearly safety summary (counts only, no one named) as CSV; a bad year is refused (400, its message). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const asked = await summaryYearFrom(db, new URL(request.url));
  if (!asked.ok) return csvRefused(asked.message);
  const summary = await safetySummary(db, asked.year);
  return csvResponse(summaryCsv(summary), `ceremony-safety-summary-${asked.year}`);
}
