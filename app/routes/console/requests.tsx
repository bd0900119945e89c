import { Link, useLoaderData } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { StatusFilter } from "~/components/console/status-filter";
import { beforeCursor } from "~/lib/ids";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { listAccessRequests, REVIEW_PAGE_SIZE } from "~/modules/intake/access-review.server";
import { accessRequestStatuses } from "~/modules/intake/validation";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/requests";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const url = new URL(request.url);
  const status = accessRequestStatuses.find((s) => s === url.searchParams.get("status"));
  const before = beforeCursor(url);
  const [rows, zone] = await Promise.all([
    listAccessRequests(context.db, { status, before }),
    memberTimezone(context.db, viewer.id),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone) })),
    next: rows.length === REVIEW_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

export default function AccessRequests() {
  const { rows, next } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Access requests</h1>
      <StatusFilter values={accessRequestStatuses.map((s) => ({ value: s, label: s }))} />
      {rows.length === 0 ? (
        <p className="mt-8 text-mist-muted">No requests here.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-mist-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">Name</th>
                <th className="py-2 pr-4 font-medium">Email</th>
                <th className="py-2 pr-4 font-medium">Received</th>
                <th className="py-2 pr-4 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-violet-300/10">
                  <td className="py-3 pr-4">
                    <Link to={`/console/requests/${row.id}`} className="text-violet-200 underline underline-offset-4">
                      {row.name}
                    </Link>
                  </td>
                  <td className="py-3 pr-4 break-all">{row.email}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{row.createdAt}</td>
                  <td className="py-3 pr-4">
                    <StatusBadge status={row.status} />
                    {row.decidedByName ? <span className="ml-2 text-mist-muted">by {row.decidedByName}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <OlderLink value={next} />
    </>
  );
}
