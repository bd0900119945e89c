import { Link } from "react-router";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { countAccounts } from "~/modules/accounts/members.server";
import { keepersToday } from "~/modules/console/today.server";
import { countUnsentMail } from "~/modules/mail/outbox.server";
import type { Route } from "./+types/overview";

export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const [today, unsentMail, members] = await Promise.all([
    keepersToday(handles.db),
    viewer.role === "admin" ? countUnsentMail(handles.db) : null,
    countAccounts(handles.db),
  ]);
  const now = Date.now();
  const zone = viewer.timezone;
  return {
    name: viewer.name,
    waiting: today.counts,
    today: {
      more: today.more,
      items: today.items.map((item) => ({
        key: item.key,
        urgent: item.urgent,
        who: item.who,
        why: item.why,
        to: item.to,
        actBy: formatDateTime(item.actBy, zone),
        overdue: item.actBy.getTime() < now,
      })),
    },
    unsentMail,
    members,
  };
}

export default function ConsoleOverview({ loaderData }: Route.ComponentProps) {
  const { name, waiting, today, unsentMail, members } = loaderData;
  const work = [
    { to: "/console/inbox", label: "Contact messages to answer", value: waiting.inbox },
    { to: "/console/shares", label: "Member shares waiting for a reply", value: waiting.shares },
    { to: "/console/follow-ups", label: "Follow-ups to reach out on", value: waiting.followUps },
    { to: "/console/requests?status=new", label: "Access requests waiting", value: waiting.requests },
    { to: "/console/applications?status=new", label: "New ceremony applications", value: waiting.applications },
    { to: "/console/bookings", label: "Mentorship requests to decide", value: waiting.mentorship },
  ];
  const other = [
    { to: "/console/members", label: "Accounts", value: members },
    ...(unsentMail === null
      ? []
      : [
          { to: "/console/outbox", label: "Emails not yet sent", value: unsentMail.pending },
          { to: "/console/outbox", label: "Emails that could not be sent", value: unsentMail.failed },
        ]),
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
      <TodayList {...today} />
      <h2 className="mt-10 font-serif text-2xl font-semibold">Waiting for a keeper</h2>
      <Tiles tiles={work} />
      <h2 className="mt-10 font-serif text-2xl font-semibold">The congregation</h2>
      <Tiles tiles={other} />
      <HowItWorks />
    </>
  );
}

type TodayProps = Route.ComponentProps["loaderData"]["today"];

/**
 * What needs whom first today: every tab's waiting work in one list, urgent first, then by the date
 * to act by; who and why, never what was written. The first few, and how many more the tabs hold.
 */
function TodayList({ items, more }: TodayProps) {
  return (
    <section aria-labelledby="today-h" className="mt-8">
      <h2 id="today-h" className="font-serif text-2xl font-semibold">
        Today
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-mist-muted">Nothing waits for a keeper today.</p>
      ) : (
        <ol className="mt-4 grid gap-2">
          {items.map((item) => (
            <li key={item.key} className="card flex flex-wrap items-baseline gap-x-3 gap-y-1 py-3">
              {item.urgent ? <StatusBadge status="urgent" /> : null}
              <Link to={item.to} className="font-medium text-violet-100 underline underline-offset-4 hover:text-gold">
                {item.why}
              </Link>
              <span className="text-mist-muted">{item.who}</span>
              <span className={`ml-auto text-sm ${item.overdue ? "font-semibold text-rose-200" : "text-mist-muted"}`}>
                {`${item.overdue ? "Overdue since" : "Act by"} ${item.actBy}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      {more > 0 ? (
        <p className="mt-3 text-mist-muted">{`And ${more} more waiting: each tab below lists them all.`}</p>
      ) : null}
    </section>
  );
}

function Tiles({ tiles }: { tiles: ReadonlyArray<{ to: string; label: string; value: number }> }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
      {tiles.map((tile) => (
        <li key={tile.label}>
          <Link to={tile.to} className="card block hover:border-gold/60">
            <span className="block text-5xl font-semibold text-gold tabular-nums">{tile.value}</span>
            <span className="mt-2 block text-mist-muted">{tile.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The loop in a keeper's words: what reaches them, how, and what the people on the other side see. */
function HowItWorks() {
  return (
    <details className="card mt-10 max-w-3xl">
      <summary className="cursor-pointer font-serif text-xl font-semibold">How the console works</summary>
      <div className="mt-3 grid gap-3 text-mist">
        <p>
          Whatever needs a keeper (a contact message, an access request, an application, a member's share or request, a
          mentorship request, a follow-up check-in after a session) arrives in three ways: an email to the staff address
          with a link to it here (never what was written), a count above, and a badge on its tab. The count falls when
          the work is done: a request decided, a share answered, a message answered or marked handled.
        </p>
        <p>
          When someone writes of harming themselves or of danger, they are shown crisis lines at once (988, local
          emergency numbers, the Fireside Project), and their item is marked urgent: first in its list and "Urgent" in
          the email's subject. Please answer those first, the same day. Private journals are never read or scanned.
        </p>
        <p>
          Replies go by email through the outbox and record who answered. Members see each time a keeper opened their
          shares or their medical record, so open what you need. A share sent anonymously shows as "Anonymous member";
          your reply still reaches them.
        </p>
        <p>
          The newsletter goes to confirmed subscribers only: write an issue, preview it, send yourself a test, then send
          it. Each subscriber receives it once, with their own unsubscribe link.
        </p>
      </div>
    </details>
  );
}
