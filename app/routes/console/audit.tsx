import { Link, useLoaderData, useSearchParams } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { beforeCursor } from "~/lib/ids";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { AUDIT_ACTIONS } from "~/modules/audit/actions";
import { AUDIT_PAGE_SIZE, listAudit, personName } from "~/modules/audit/audit.server";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/audit";

const ACTIONS = Object.values(AUDIT_ACTIONS);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context, "admin");
  const url = new URL(request.url);
  const action = ACTIONS.find((a) => a === url.searchParams.get("action"));
  const askedPerson = (url.searchParams.get("person") ?? "").slice(0, 100);
  const before = beforeCursor(url);
  const name = askedPerson ? await personName(context.db, askedPerson) : null;
  const person = name ? askedPerson : undefined;
  const [rows, zone] = await Promise.all([
    listAudit(context.db, { action, person, before }),
    memberTimezone(context.db, viewer.id),
  ]);
  return {
    person: person && name ? { id: person, name } : null,
    rows: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt, zone) })),
    next: rows.length === AUDIT_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

export default function AuditLog() {
  const { rows, next, person } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const current = params.get("action") ?? "";
  /** This page's address with one filter changed (the other kept; paging starts again). */
  const filtered = (name: "action" | "person", value: string) => {
    const query = new URLSearchParams(params);
    query.delete("before");
    if (value) query.set(name, value);
    else query.delete(name);
    return `?${query}`;
  };
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Audit log</h1>
      <p className="mt-2 text-mist-muted">
        {person ? (
          <>
            {`Entries by or about ${person.name}. `}
            <Link to={filtered("person", "")} className="text-violet-200 underline underline-offset-4">
              Show everyone
            </Link>
          </>
        ) : (
          "Choose a name to see only the entries by or about that person."
        )}
      </p>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Filter by action">
        {["", ...ACTIONS].map((a) => (
          <li key={a}>
            <Link
              to={filtered("action", a)}
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
                <td className="py-3 pr-4">
                  {row.actorId && row.actorName ? (
                    <Link to={filtered("person", row.actorId)} className="text-violet-200 underline">
                      {row.actorName}
                    </Link>
                  ) : (
                    (row.actorName ?? "system")
                  )}
                </td>
                <td className="py-3 pr-4">{row.action}</td>
                <td className="py-3 pr-4">
                  {row.subjectUserId ? (
                    <span className="flex flex-wrap gap-x-2">
                      <Link to={filtered("person", row.subjectUserId)} className="text-violet-200 underline">
                        {row.subjectName ?? "a deleted account"}
                      </Link>
                      {row.subjectName ? (
                        <Link
                          to={`/console/members/${row.subjectUserId}`}
                          className="text-xs text-mist-muted underline"
                        >
                          account
                        </Link>
                      ) : null}
                    </span>
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
