import { Form, Link, useLoaderData, useSearchParams } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { parseInstant } from "~/lib/days";
import { listMembers, MEMBERS_PAGE_SIZE } from "~/modules/accounts/members.server";
import { requireStaff } from "~/modules/accounts/session.server";
import type { Route } from "./+types/members";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  // The keyset cursor (the last row's time); an unusable value starts from the top, as lib/ids does.
  const before = parseInstant(url.searchParams.get("before"))?.toISOString();
  const rows = await listMembers(context.db, { q, before });
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    next: rows.length === MEMBERS_PAGE_SIZE ? (rows.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

export default function Members() {
  const { rows, next } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Members</h1>
      <Form method="get" role="search" className="mt-4 flex max-w-lg gap-2">
        <label htmlFor="q" className="sr-only">
          Search by name, email or username
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          placeholder="Name, email or username"
          maxLength={100}
          className="field"
        />
        <button type="submit" className="btn-ghost">
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-8 text-mist-muted">No accounts match.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-mist-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">Name</th>
                <th className="py-2 pr-4 font-medium">Email</th>
                <th className="py-2 pr-4 font-medium">Username</th>
                <th className="py-2 pr-4 font-medium">Role</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-violet-300/10">
                  <td className="py-3 pr-4">
                    <Link to={`/console/members/${row.id}`} className="text-violet-200 underline underline-offset-4">
                      {row.name}
                    </Link>
                  </td>
                  <td className="py-3 pr-4 break-all">{row.email}</td>
                  <td className="py-3 pr-4">{row.username ?? <span className="text-mist-muted">invited</span>}</td>
                  <td className="py-3 pr-4">
                    {row.role}
                    {row.banned ? (
                      <span className="ml-2">
                        <StatusBadge status="disabled" />
                      </span>
                    ) : null}
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
