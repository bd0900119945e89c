import type { RecommendationKey } from "~/content/readiness-quiz";
import { recommendations } from "~/content/readiness-quiz";

/** The console's quiz filter, read the same way by the list and its CSV export. */
export function quizFilterFrom(url: URL): { recommendation?: RecommendationKey; email?: string } {
  const key = url.searchParams.get("recommendation");
  const email = (url.searchParams.get("email") ?? "").trim().slice(0, 254);
  return {
    recommendation: key && key in recommendations ? (key as RecommendationKey) : undefined,
    email: email || undefined,
  };
}
