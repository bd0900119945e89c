import { PenLine } from "lucide-react";
import { Link } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { beforeCursor } from "~/lib/ids";
import { plural } from "~/lib/plural";
import { listIssues } from "~/modules/newsletter/newsletter-issues.server";
import { subscriberCounts } from "~/modules/newsletter/subscribers.server";
import type { Route } from "./+types/newsletter";

/** The newsletter: who is subscribed, the issues written and sent (a page at a time), and writing the next one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const zone = viewer.timezone;
  const before = beforeCursor(new URL(request.url));
  const [{ issues, next }, counts] = await Promise.all([listIssues(handles.db, before), subscriberCounts(handles.db)]);
  return {
    counts,
    next,
    issues: issues.map((i) => ({
      id: i.id,
      subject: i.subject,
      state: i.sentAt ? "sent" : i.sendStartedAt ? "sending" : "draft",
      line: i.sentAt
        ? `Sent by ${i.sentByName ?? "a keeper"}, ${formatDateTime(i.sentAt, zone)}, to ${plural(i.recipientCount, "subscriber")}`
        : `Written by ${i.authorName} · last saved ${formatDateTime(i.updatedAt, zone)}`,
    })),
  };
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { counts, issues, next } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Newsletter</h1>
        <Link to="/console/newsletter/new" className="btn-gold">
          <PenLine aria-hidden="true" className="h-4 w-4" /> Write an issue
        </Link>
      </div>
      <p className="mt-2 text-mist-muted">
        People subscribe on the site and confirm by email (double opt-in); only confirmed subscribers receive an issue,
        each with their own one-click unsubscribe. Write an issue, preview it, send yourself a test, then send it: each
        subscriber gets it once, even if sending is pressed twice or cut off and finished later.
      </p>
      <section aria-labelledby="subscribers-title" className="card mt-6">
        <h2 id="subscribers-title" className="font-serif text-2xl font-semibold">
          Subscribers
        </h2>
        <p className="mt-2">
          {`${plural(counts.confirmed, "confirmed subscriber")} · ${counts.pending.toLocaleString("en-US")} waiting to confirm · ${counts.unsubscribed.toLocaleString("en-US")} unsubscribed`}
        </p>
        <p className="mt-3">
          <Link to="/console/newsletter/subscribers" className="text-violet-200 underline underline-offset-4">
            See, search and export subscribers
          </Link>
        </p>
      </section>
      <section aria-labelledby="issues-title" className="mt-8">
        <h2 id="issues-title" className="font-serif text-2xl font-semibold">
          Issues
        </h2>
        {issues.length === 0 ? (
          <p className="mt-3 text-mist-muted">No issue has been written yet.</p>
        ) : (
          <ul aria-label="Issues" className="mt-3 grid gap-3">
            {issues.map((issue) => (
              <li key={issue.id}>
                <Link to={`/console/newsletter/${issue.id}`} className="card block p-4 hover:border-gold/60">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words text-violet-100">{issue.subject}</span>
                    <StatusBadge status={issue.state} />
                  </span>
                  <span className="mt-1 block text-sm text-mist-muted">{issue.line}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <OlderLink value={next} />
      </section>
    </>
  );
}
