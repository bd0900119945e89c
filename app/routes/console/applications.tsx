import { Link, useLoaderData } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { StatusFilter } from "~/components/console/status-filter";
import { parseInstant } from "~/lib/days";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { APPLICATION_PAGE_SIZE, listApplications } from "~/modules/intake/application-review.server";
import { applicationStatuses } from "~/modules/intake/application-status";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/applications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const url = new URL(request.url);
  const status = applicationStatuses.find((s) => s === url.searchParams.get("status"));
  // The keyset cursor (the last row's time); an unusable value starts from the top, as lib/ids does.
  const before = parseInstant(url.searchParams.get("before"))?.toISOString();
  const [rows, zone] = await Promise.all([
    listApplications(context.db, { status, before }),
    memberTimezone(context.db, viewer.id),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone) })),
    next: rows.length === APPLICATION_PAGE_SIZE ? (rows.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

export default function Applications() {
  const { rows, next } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Ceremony applications</h1>
      <p className="mt-2 text-mist-muted">
        Ceremonies are paused: place suitable applicants on the waitlist. Health answers open on the detail page, and
        every opening is recorded in the audit log.
      </p>
      <StatusFilter values={applicationStatuses.map((s) => ({ value: s, label: s.replace("-", " ") }))} />
      {rows.length === 0 ? (
        <p className="mt-8 text-mist-muted">No applications here.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-mist-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">Applicant</th>
                <th className="py-2 pr-4 font-medium">Email</th>
                <th className="py-2 pr-4 font-medium">Received</th>
                <th className="py-2 pr-4 font-medium">Screening</th>
                <th className="py-2 pr-4 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-violet-300/10">
                  <td className="py-3 pr-4">
                    <Link
                      to={`/console/applications/${row.id}`}
                      className="text-violet-200 underline underline-offset-4"
                    >
                      {row.fullName}
                    </Link>
                  </td>
                  <td className="py-3 pr-4 break-all">{row.email}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{row.createdAt}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    {row.flagCount > 0 ? (
                      <span className="text-gold">{`${row.flagCount} flag${row.flagCount === 1 ? "" : "s"}`}</span>
                    ) : (
                      <span className="text-mist-muted">none</span>
                    )}
                  </td>
                  <td className="py-3 pr-4">
                    <StatusBadge status={row.status} />
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
