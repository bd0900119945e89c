import { Link, useLoaderData } from "react-router";
import { countAccounts } from "~/modules/accounts/members.server";
import { requireStaff } from "~/modules/accounts/session.server";
import { countNewAccessRequests } from "~/modules/intake/access-review.server";
import { countNewApplications } from "~/modules/intake/application-review.server";
import { countPendingMail } from "~/modules/mail/outbox.server";
import type { Route } from "./+types/overview";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const [newRequests, newApplications, pendingMail, members] = await Promise.all([
    countNewAccessRequests(context.db),
    countNewApplications(context.db),
    viewer.role === "admin" ? countPendingMail(context.db) : null,
    countAccounts(context.db),
  ]);
  return { name: viewer.name, newRequests, newApplications, pendingMail, members };
}

export default function ConsoleOverview() {
  const { name, newRequests, newApplications, pendingMail, members } = useLoaderData<typeof loader>();
  const tiles = [
    { to: "/console/requests?status=new", label: "Access requests waiting", value: newRequests },
    { to: "/console/applications?status=new", label: "New ceremony applications", value: newApplications },
    { to: "/console/members", label: "Accounts", value: members },
    ...(pendingMail === null ? [] : [{ to: "/console/outbox", label: "Emails not yet sent", value: pendingMail }]),
  ];
  return (
    <>
      <h1 className="font-serif text-4xl font-semibold">Welcome, {name}</h1>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="card block hover:border-gold/60">
              <span className="block text-5xl font-semibold text-gold tabular-nums">{tile.value}</span>
              <span className="mt-2 block text-mist-muted">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
