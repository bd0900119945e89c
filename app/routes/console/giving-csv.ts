import { appContext, viewerContext } from "~/context";
import { csvRefused, csvResponse } from "~/lib/csv";
import { DAY_INVALID } from "~/lib/dates";
import { AUDIT_ACTIONS, recordAudit } from "~/modules/audit/audit.server";
import { giftFilterFrom } from "~/modules/giving/filter";
import { giftsCsv } from "~/modules/giving/gifts-csv.server";
import type { Route } from "./+types/giving-csv";

/** The gifts of /console/giving's filter as CSV; each export is audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const { filter, invalid } = giftFilterFrom(new URL(request.url));
  if (invalid) return csvRefused(DAY_INVALID);
  await recordAudit(handles.db, {
    action: AUDIT_ACTIONS.givingExported,
    actor: { id: viewer.id, name: viewer.name },
    detail: { from: filter.from?.toISOString() ?? null, to: filter.to?.toISOString() ?? null },
    ip: handles.clientIp,
  });
  return csvResponse(giftsCsv(handles.db, filter), "gifts");
}
