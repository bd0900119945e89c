import { Download } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { type Column, DataTable } from "~/components/console/data-table";
import { EmailSearch } from "~/components/console/email-search";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { StatusFilter } from "~/components/console/status-filter";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { beforeCursor } from "~/lib/ids";
import { listSubscribers, SUBSCRIBERS_PAGE_SIZE, subscriberFilterFrom } from "~/modules/newsletter/subscribers.server";
import type { Route } from "./+types/subscribers";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const zone = viewer.timezone;
  const rows = await listSubscribers(handles.db, { ...subscriberFilterFrom(url), before: beforeCursor(url) });
  const at = (d: Date | null) => (d ? formatDateTime(d, zone) : null);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      email: r.email,
      status: r.status,
      line:
        r.status === "unsubscribed"
          ? `Unsubscribed ${at(r.unsubscribedAt) ?? ""}`
          : r.status === "confirmed"
            ? `Confirmed ${at(r.confirmedAt) ?? ""}`
            : `Asked ${at(r.createdAt)}; not yet confirmed`,
    })),
    next: rows.length === SUBSCRIBERS_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { header: "Email", primary: true, cell: (r) => r.email },
  { header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
  { header: "Since", cell: (r) => r.line },
];

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { rows, next } = loaderData;
  const [params] = useSearchParams();
  const csvParams = new URLSearchParams(params);
  csvParams.delete("before");
  return (
    <>
      <Link to="/console/newsletter" className="text-sm text-violet-200 underline underline-offset-4">
        Newsletter
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Subscribers</h1>
        <a href={`/console/subscribers.csv?${csvParams}`} className="btn-ghost" download>
          <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
        </a>
      </div>
      <StatusFilter
        values={[
          { value: "confirmed", label: "Confirmed" },
          { value: "pending", label: "Waiting to confirm" },
          { value: "unsubscribed", label: "Unsubscribed" },
        ]}
      />
      <EmailSearch keep="status" />
      <DataTable
        caption="Subscribers"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No subscribers here."
      />
      <OlderLink value={next} />
    </>
  );
}
