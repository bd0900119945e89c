import { type Column, DataTable, titleColumn } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { StatusFilter } from "~/components/console/status-filter";
import { appContext, viewerContext } from "~/context";
import { formatDateTime, parseInstant } from "~/lib/dates";
import { APPLICATION_PAGE_SIZE, listApplications } from "~/modules/intake/application-review.server";
import { applicationStatuses } from "~/modules/intake/application-status";
import type { Route } from "./+types/applications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const status = applicationStatuses.find((s) => s === url.searchParams.get("status"));
  // The keyset cursor (the last row's time); an unusable value starts from the top, as lib/ids does.
  const before = parseInstant(url.searchParams.get("before"))?.toISOString();
  const zone = viewer.timezone;
  const rows = await listApplications(handles.db, { status, before });
  return {
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone) })),
    next: rows.length === APPLICATION_PAGE_SIZE ? (rows.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

const COLUMNS: ReadonlyArray<Column<Route.ComponentProps["loaderData"]["rows"][number]>> = [
  titleColumn(
    "Applicant",
    (row) => `/console/applications/${row.id}`,
    (row) => row.fullName,
  ),
  { header: "Email", cell: (row) => row.email },
  { header: "Received", nowrap: true, cell: (row) => row.createdAt },
  {
    header: "Screening",
    nowrap: true,
    cell: (row) =>
      row.flagCount > 0 ? (
        <span className="text-gold">{`${row.flagCount} flag${row.flagCount === 1 ? "" : "s"}`}</span>
      ) : (
        <span className="text-mist-muted">none</span>
      ),
  },
  { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
];

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { rows, next } = loaderData;
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Ceremony applications</h1>
      <p className="mt-2 text-mist-muted">
        Ceremonies are paused: place suitable applicants on the waitlist. Health answers open on the detail page, and
        every opening is recorded in the audit log.
      </p>
      <StatusFilter values={applicationStatuses.map((s) => ({ value: s, label: s.replace("-", " ") }))} />
      <DataTable
        caption="Ceremony applications"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No applications here."
      />
      <OlderLink value={next} />
    </>
  );
}
