import { Link, useLoaderData, useSearchParams } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { beforeCursor } from "~/lib/ids";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { listSharesForStaff, SHARES_PAGE_SIZE } from "~/modules/integration/shares.server";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/shares";

const KIND_LABELS = {
  share: "Reflection",
  "group-request": "Group session request",
  message: "Private message",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const url = new URL(request.url);
  const unanswered = url.searchParams.get("show") !== "all";
  const before = beforeCursor(url);
  const [rows, zone] = await Promise.all([
    listSharesForStaff(context.db, { unanswered, before }),
    memberTimezone(context.db, viewer.id),
  ]);
  return {
    unanswered,
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone), answered: r.repliedAt !== null })),
    next: rows.length === SHARES_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

export default function Shares() {
  const { rows, next, unanswered } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const other = new URLSearchParams(params);
  other.delete("before");
  if (unanswered) other.set("show", "all");
  else other.delete("show");
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Shares</h1>
      <p className="mt-2 text-mist-muted">
        Reflections, group-session requests and private messages from members. Opening one is recorded, and the member
        can see it was read.
      </p>
      <p className="mt-3">
        <Link to={`?${other}`} className="text-violet-200 underline underline-offset-4">
          {unanswered ? "Show all, answered too" : "Show only those waiting for a reply"}
        </Link>
      </p>
      {rows.length === 0 ? (
        <p className="mt-8 text-mist-muted">{unanswered ? "Nothing is waiting for a reply." : "No shares yet."}</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-mist-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">From</th>
                <th className="py-2 pr-4 font-medium">Kind</th>
                <th className="py-2 pr-4 font-medium">Received</th>
                <th className="py-2 pr-4 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-violet-300/10">
                  <td className="py-3 pr-4">
                    <Link to={`/console/shares/${row.id}`} className="text-violet-200 underline underline-offset-4">
                      {row.memberName}
                    </Link>
                  </td>
                  <td className="py-3 pr-4">{KIND_LABELS[row.kind]}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{row.createdAt}</td>
                  <td className="py-3 pr-4">
                    <span className="flex flex-wrap gap-1">
                      {row.urgent ? <StatusBadge status="urgent" /> : null}
                      <StatusBadge status={row.answered ? "answered" : "waiting"} />
                    </span>
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
