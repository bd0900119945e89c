import { Link, useSearchParams } from "react-router";
import { DataTable } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { StatusFilter } from "~/components/console/status-filter";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { beforeCursor } from "~/lib/ids";
import { AUDIT_ACTIONS } from "~/modules/audit/actions";
import { AUDIT_PAGE_SIZE, listAudit, personName } from "~/modules/console/audit-log.server";
import { ANONYMOUS } from "~/modules/integration/thread-words";
import { requireStaff } from "../guards.server";
import type { Route } from "./+types/audit";

const ACTIONS = Object.values(AUDIT_ACTIONS);

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = requireStaff(context.get(viewerContext), "admin");
  const url = new URL(request.url);
  const action = ACTIONS.find((a) => a === url.searchParams.get("action"));
  const askedPerson = (url.searchParams.get("person") ?? "").slice(0, 100);
  const before = beforeCursor(url);
  const name = askedPerson ? await personName(handles.db, askedPerson) : null;
  const person = name ? askedPerson : undefined;
  const zone = viewer.timezone;
  const rows = await listAudit(handles.db, { action, person, before });
  return {
    person: person && name ? { id: person, name } : null,
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone) })),
    next: rows.length === AUDIT_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, next, person } = loaderData;
  const [params] = useSearchParams();
  /** This page's address showing one person (the action filter kept; paging starts again). */
  const forPerson = (value: string) => {
    const query = new URLSearchParams(params);
    query.delete("before");
    if (value) query.set("person", value);
    else query.delete("person");
    return `?${query}`;
  };
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Audit log</h1>
      <p className="mt-2 text-mist-muted">
        {person ? (
          <>
            {`Entries by or about ${person.name}. `}
            <Link to={forPerson("")} className="text-violet-200 underline underline-offset-4">
              Show everyone
            </Link>
          </>
        ) : (
          "Choose a name to see only the entries by or about that person."
        )}
      </p>
      <StatusFilter
        param="action"
        label="Filter by action"
        capitalize={false}
        values={ACTIONS.map((a) => ({ value: a, label: a }))}
      />
      <DataTable
        caption="Audit log"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: "When", primary: true, nowrap: true, cell: (row) => row.createdAt },
          {
            header: "Who",
            cell: (row) =>
              row.actorId && row.actorName ? (
                <Link to={forPerson(row.actorId)} className="text-violet-200 underline">
                  {row.actorName}
                </Link>
              ) : (
                (row.actorName ?? "system")
              ),
          },
          { header: "What", cell: (row) => row.action },
          {
            header: "Concerning",
            cell: (row) =>
              row.subjectUserId ? (
                <span className="flex flex-wrap gap-x-2">
                  <Link to={forPerson(row.subjectUserId)} className="text-violet-200 underline">
                    {row.subjectName ?? "a deleted account"}
                  </Link>
                  {row.subjectName ? (
                    <Link to={`/console/members/${row.subjectUserId}`} className="text-xs text-mist-muted underline">
                      account
                    </Link>
                  ) : null}
                </span>
              ) : row.detail?.anonymous === true ? (
                // A read of an anonymous share names no one (share.read; integration/keeper-reads.server.ts).
                ANONYMOUS
              ) : null,
          },
          {
            header: "Details",
            className: "text-xs text-mist-muted",
            cell: (row) =>
              `${
                row.detail
                  ? Object.entries(row.detail)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join(", ")
                  : ""
              }${row.ip ? ` ip ${row.ip}` : ""}`,
          },
        ]}
      />
      <OlderLink value={next} />
    </>
  );
}
