import { Form, useSearchParams } from "react-router";
import { type Column, DataTable, titleColumn } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext } from "~/context";
import { parseInstant } from "~/lib/dates";
import { listMembers, MEMBERS_PAGE_SIZE } from "~/modules/accounts/members.server";
import type { Route } from "./+types/members";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  // The keyset cursor (the last row's time); an unusable value starts from the top, as lib/ids does.
  const before = parseInstant(url.searchParams.get("before"))?.toISOString();
  const rows = await listMembers(handles.db, { q, before });
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    next: rows.length === MEMBERS_PAGE_SIZE ? (rows.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

const COLUMNS: ReadonlyArray<Column<Route.ComponentProps["loaderData"]["rows"][number]>> = [
  titleColumn(
    "Name",
    (row) => `/console/members/${row.id}`,
    (row) => row.name,
  ),
  { header: "Email", cell: (row) => row.email },
  { header: "Username", cell: (row) => row.username ?? <span className="text-mist-muted">invited</span> },
  {
    header: "Role",
    cell: (row) => (
      <>
        {row.role}
        {row.banned ? (
          <span className="ml-2">
            <StatusBadge status="disabled" />
          </span>
        ) : null}
      </>
    ),
  },
];

export default function Members({ loaderData }: Route.ComponentProps) {
  const { rows, next } = loaderData;
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
      <DataTable caption="Members" columns={COLUMNS} rows={rows} rowKey={(r) => r.id} empty="No accounts match." />
      <OlderLink value={next} />
    </>
  );
}
