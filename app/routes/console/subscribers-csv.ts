import { csvResponse } from "~/lib/csv";
import { requireStaff } from "~/modules/accounts/session.server";
import { AUDIT_ACTIONS, recordAudit } from "~/modules/audit/audit.server";
import { subscriberFilterFrom, subscribersCsv } from "~/modules/messages/subscribers.server";
import type { Route } from "./+types/subscribers-csv";

/** The newsletter subscribers as CSV (the filter of /console/newsletter/subscribers); each export is audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const filter = subscriberFilterFrom(new URL(request.url));
  await recordAudit(context.db, {
    action: AUDIT_ACTIONS.subscribersExported,
    actor: { id: viewer.id, name: viewer.name },
    detail: { status: filter.status ?? null, filtered: Boolean(filter.email) },
    ip: context.clientIp,
  });
  return csvResponse(subscribersCsv(context.db, filter), "newsletter-subscribers");
}
