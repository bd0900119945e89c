import { appContext, viewerContext } from "~/context";
import { csvResponse } from "~/lib/csv";
import { AUDIT_ACTIONS, recordAudit } from "~/modules/audit/audit.server";
import { subscriberFilterFrom, subscribersCsv } from "~/modules/newsletter/subscribers.server";
import type { Route } from "./+types/subscribers-csv";

/** The newsletter subscribers as CSV (the filter of /console/newsletter/subscribers); each export is audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const filter = subscriberFilterFrom(new URL(request.url));
  await recordAudit(handles.db, {
    action: AUDIT_ACTIONS.subscribersExported,
    actor: { id: viewer.id, name: viewer.name },
    detail: { status: filter.status ?? null, filtered: Boolean(filter.email) },
    ip: handles.clientIp,
  });
  return csvResponse(subscribersCsv(handles.db, filter), "newsletter-subscribers");
}
