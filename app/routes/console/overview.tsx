import { Link, useLoaderData } from "react-router";
import { countAccounts } from "~/modules/accounts/members.server";
import { requireStaff } from "~/modules/accounts/session.server";
import { waitingWork } from "~/modules/console/waiting.server";
import { countPendingMail } from "~/modules/mail/outbox.server";
import type { Route } from "./+types/overview";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const [waiting, pendingMail, members] = await Promise.all([
    waitingWork(context.db),
    viewer.role === "admin" ? countPendingMail(context.db) : null,
    countAccounts(context.db),
  ]);
  return { name: viewer.name, waiting, pendingMail, members };
}

export default function ConsoleOverview() {
  const { name, waiting, pendingMail, members } = useLoaderData<typeof loader>();
  const work = [
    { to: "/console/inbox", label: "Contact messages to answer", value: waiting.inbox },
    { to: "/console/shares", label: "Member shares waiting for a reply", value: waiting.shares },
    { to: "/console/requests?status=new", label: "Access requests waiting", value: waiting.requests },
    { to: "/console/applications?status=new", label: "New ceremony applications", value: waiting.applications },
    { to: "/console/bookings", label: "Mentorship requests to decide", value: waiting.mentorship },
  ];
  const other = [
    { to: "/console/members", label: "Accounts", value: members },
    ...(pendingMail === null ? [] : [{ to: "/console/outbox", label: "Emails not yet sent", value: pendingMail }]),
  ];
  const total = work.reduce((sum, tile) => sum + tile.value, 0);
  return (
    <>
      <h1 className="font-serif text-4xl font-semibold">Welcome, {name}</h1>
      <p className="mt-3 text-mist-muted">
        {total === 0
          ? "Nothing waits for a keeper right now."
          : "Everything that waits for a keeper is counted here; each count falls as the work is done. Urgent items come first in their lists."}
      </p>
      <h2 className="mt-8 font-serif text-2xl font-semibold">Waiting for a keeper</h2>
      <Tiles tiles={work} />
      <h2 className="mt-10 font-serif text-2xl font-semibold">The congregation</h2>
      <Tiles tiles={other} />
    </>
  );
}

function Tiles({ tiles }: { tiles: ReadonlyArray<{ to: string; label: string; value: number }> }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link to={tile.to} className="card block hover:border-gold/60">
            <span className="block text-5xl font-semibold text-gold tabular-nums">{tile.value}</span>
            <span className="mt-2 block text-mist-muted">{tile.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
