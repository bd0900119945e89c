import { type Column, DataTable, titleColumn } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { StatusFilter } from "~/components/console/status-filter";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { beforeCursor } from "~/lib/ids";
import { listAccessRequests, REVIEW_PAGE_SIZE } from "~/modules/intake/access-review.server";
import { accessRequestStatuses } from "~/modules/intake/validation";
import type { Route } from "./+types/requests";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const status = accessRequestStatuses.find((s) => s === url.searchParams.get("status"));
  const before = beforeCursor(url);
  const zone = viewer.timezone;
  const rows = await listAccessRequests(handles.db, { status, before });
  return {
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone) })),
    next: rows.length === REVIEW_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

const COLUMNS: ReadonlyArray<Column<Route.ComponentProps["loaderData"]["rows"][number]>> = [
  titleColumn(
    "Name",
    (row) => `/console/requests/${row.id}`,
    (row) => row.name,
  ),
  { header: "Email", cell: (row) => row.email },
  { header: "Received", nowrap: true, cell: (row) => row.createdAt },
  {
    header: "Status",
    cell: (row) => (
      <>
        <StatusBadge status={row.status} />
        {row.decidedByName ? <span className="ml-2 text-mist-muted">by {row.decidedByName}</span> : null}
      </>
    ),
  },
];

export default function AccessRequests({ loaderData }: Route.ComponentProps) {
  const { rows, next } = loaderData;
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Access requests</h1>
      <StatusFilter values={accessRequestStatuses.map((s) => ({ value: s, label: s }))} />
      <DataTable
        caption="Access requests"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No requests here."
      />
      <OlderLink value={next} />
    </>
  );
}
