import { appContext, viewerContext } from "~/context";
import { csvResponse } from "~/lib/csv";
import { AUDIT_ACTIONS, recordAudit } from "~/modules/audit/audit.server";
import { subscriberFilterFrom, subscribersCsv } from "~/modules/newsletter/subscribers.server";
import type { Route } from "./+types/subscribers-csv";

/** The newsletter subscribers as CSV (the filter of /console/newsletter/subscribers); each export is audited. */
export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = router.get(appContext);
  const viewer = router.get(viewerContext);
  const filter = subscriberFilterFrom(new URL(request.url));
  await recordAudit(context.db, {
    action: AUDIT_ACTIONS.subscribersExported,
    actor: { id: viewer.id, name: viewer.name },
    detail: { status: filter.status ?? null, filtered: Boolean(filter.email) },
    ip: context.clientIp,
  });
  return csvResponse(subscribersCsv(context.db, filter), "newsletter-subscribers");
}
