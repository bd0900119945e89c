import { appContext, viewerContext } from "~/context";
import { csvResponse } from "~/lib/csv";
import { AUDIT_ACTIONS, recordAudit } from "~/modules/audit/audit.server";
import { quizCsv } from "~/modules/intake/quiz.server";
import { quizFilterFrom } from "~/modules/intake/quiz-filter";
import type { Route } from "./+types/quiz-csv";

/** The quiz submissions as CSV (the filter of /console/quiz), streamed; each export is audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const filter = quizFilterFrom(new URL(request.url));
  await recordAudit(handles.db, {
    action: AUDIT_ACTIONS.quizExported,
    actor: { id: viewer.id, name: viewer.name },
    detail: { recommendation: filter.recommendation ?? null, filtered: Boolean(filter.email) },
    ip: handles.clientIp,
  });
  return csvResponse(quizCsv(handles.db, filter), "readiness-quiz");
}
