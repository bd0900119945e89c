import { Link, useLoaderData, useSearchParams } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { beforeCursor } from "~/lib/ids";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { AUDIT_ACTIONS } from "~/modules/audit/actions";
import { AUDIT_PAGE_SIZE, listAudit } from "~/modules/audit/audit.server";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/audit";

const ACTIONS = Object.values(AUDIT_ACTIONS);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context, "admin");
  const url = new URL(request.url);
  const action = ACTIONS.find((a) => a === url.searchParams.get("action"));
  const before = beforeCursor(url);
  const [rows, zone] = await Promise.all([
    listAudit(context.db, { action, before }),
    memberTimezone(context.db, viewer.id),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone) })),
    next: rows.length === AUDIT_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

export default function AuditLog() {
  const { rows, next } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const current = params.get("action") ?? "";
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Audit log</h1>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Filter by action">
        {["", ...ACTIONS].map((a) => (
          <li key={a}>
            <Link
              to={a ? `?action=${a}` : "?"}
              aria-current={current === a ? "true" : undefined}
              className={`rounded-full border px-3 py-1 text-xs ${
                current === a ? "border-gold text-gold" : "border-violet-300/30 hover:border-violet-200"
              }`}
            >
              {a || "all"}
            </Link>
          </li>
        ))}
      </ul>
      <div className="relative mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-mist-muted">
            <tr>
              <th className="py-2 pr-4 font-medium">When</th>
              <th className="py-2 pr-4 font-medium">Who</th>
              <th className="py-2 pr-4 font-medium">What</th>
              <th className="py-2 pr-4 font-medium">Concerning</th>
              <th className="py-2 font-medium">Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-violet-300/10 align-top">
                <td className="py-3 pr-4 whitespace-nowrap">{row.createdAt}</td>
                <td className="py-3 pr-4">{row.actorName ?? "system"}</td>
                <td className="py-3 pr-4">{row.action}</td>
                <td className="py-3 pr-4">
                  {row.subjectUserId ? (
                    <Link to={`/console/members/${row.subjectUserId}`} className="text-violet-200 underline">
                      member
                    </Link>
                  ) : null}
                </td>
                <td className="py-3 text-xs text-mist-muted">
                  {row.detail
                    ? Object.entries(row.detail)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join(", ")
                    : ""}
                  {row.ip ? ` ip ${row.ip}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OlderLink value={next} />
    </>
  );
}
