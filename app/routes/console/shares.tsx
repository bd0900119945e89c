import { Link, useSearchParams } from "react-router";
import { type Column, DataTable, titleColumn } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { listSharesForStaff, parseShareCursor } from "~/modules/integration/shares.server";
import { SHARE_KINDS, STATUS_LABELS } from "~/modules/integration/thread-words";
import type { Route } from "./+types/shares";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const unanswered = url.searchParams.get("show") !== "all";
  // A page at a time (`?before=`, issue 47); an unusable cursor starts from the top.
  const before = parseShareCursor(url.searchParams.get("before"), unanswered);
  const zone = viewer.timezone;
  const { rows, next } = await listSharesForStaff(handles.db, { unanswered, before });
  return {
    unanswered,
    rows: rows.map((r) => ({
      ...r,
      createdAt: formatDateTime(r.createdAt, zone),
      lastMessageAt: formatDateTime(r.lastMessageAt, zone),
    })),
    next,
  };
}

const COLUMNS: ReadonlyArray<Column<Route.ComponentProps["loaderData"]["rows"][number]>> = [
  titleColumn(
    "From",
    (row) => `/console/shares/${row.id}`,
    (row) => row.memberName,
  ),
  { header: "Kind", cell: (row) => SHARE_KINDS[row.kind] },
  { header: "Received", nowrap: true, cell: (row) => row.createdAt },
  { header: "Last message", nowrap: true, cell: (row) => row.lastMessageAt },
  { header: "Taken by", cell: (row) => row.assigneeName ?? "No one yet" },
  {
    header: "Status",
    cell: (row) => (
      <span className="flex flex-wrap gap-1">
        {row.urgent ? <StatusBadge status="urgent" /> : null}
        <StatusBadge status={row.status} label={STATUS_LABELS[row.status]} />
      </span>
    ),
  },
];

export default function Shares({ loaderData }: Route.ComponentProps) {
  const { rows, next, unanswered } = loaderData;
  const [params] = useSearchParams();
  const other = new URLSearchParams(params);
  other.delete("before");
  if (unanswered) other.set("show", "all");
  else other.delete("show");
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Shares</h1>
      <p className="mt-2 text-mist-muted">
        Conversations that began with a member's reflection, group-session request or private message, and whose turn it
        is. Opening one is recorded, and the member can see it was read.
      </p>
      <p className="mt-3">
        <Link to={`?${other}`} className="text-violet-200 underline underline-offset-4">
          {unanswered ? "Show all, answered and closed too" : "Show only those waiting for a keeper"}
        </Link>
      </p>
      <DataTable
        caption="Shares"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        empty={unanswered ? "Nothing is waiting for a keeper." : "No shares yet."}
      />
      <OlderLink value={next} />
    </>
  );
}
