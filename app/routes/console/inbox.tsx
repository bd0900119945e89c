import { Link } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { parseUrgentCursor } from "~/lib/ids";
import { type InboxFilter, listInbox } from "~/modules/contact/contact.server";
import type { Route } from "./+types/inbox";

/**
 * The console inbox: messages sent through /contact, urgent first, until a keeper handles them; a page at a time
 * (`?before=`, issue 47), an unusable cursor starting from the top.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const filter: InboxFilter = url.searchParams.get("show") === "handled" ? "handled" : "waiting";
  const zone = viewer.timezone;
  const { rows, next } = await listInbox(handles.db, filter, parseUrgentCursor(url.searchParams.get("before")));
  return {
    filter,
    next,
    rows: rows.map((r) => ({
      ...r,
      createdAt: formatDateTime(r.createdAt, zone),
      handledAt: r.handledAt ? formatDateTime(r.handledAt, zone) : null,
    })),
  };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, rows, next } = loaderData;
  const waiting = filter === "waiting";
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Inbox</h1>
      <p className="mt-2 text-mist-muted">
        Messages sent through the contact page. Reply by email from a message, or mark it handled when it was answered
        another way. Messages that speak of harm or danger are marked urgent and come first. Opening one is recorded.
      </p>
      <p className="mt-3">
        <Link to={waiting ? "?show=handled" : "?"} className="text-violet-200 underline underline-offset-4">
          {waiting ? "Show handled messages" : "Show messages waiting"}
        </Link>
      </p>
      {rows.length === 0 ? (
        <p className="mt-8 text-mist-muted">
          {waiting ? "No message is waiting." : "No message has been handled yet."}
        </p>
      ) : (
        <ul aria-label="Messages" className="mt-6 grid gap-3">
          {rows.map((row) => (
            <li key={row.id}>
              <Link
                to={`/console/inbox/${row.id}`}
                className={`card block p-4 hover:border-gold/60 ${row.urgent ? "border-rose-300/60" : ""}`}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-violet-100">{row.name}</span>
                  <span className="text-sm break-all text-mist-muted">{row.email}</span>
                  {row.urgent ? <StatusBadge status="urgent" /> : null}
                  <StatusBadge status={row.handledAt ? "handled" : "waiting"} />
                </span>
                <span className="mt-2 block text-sm break-words text-mist">{row.preview}</span>
                <span className="mt-2 block text-xs text-mist-muted">
                  {row.handledAt
                    ? `Received ${row.createdAt} · handled by ${row.handledByName ?? "a keeper"}, ${row.handledAt}`
                    : `Received ${row.createdAt}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {/* Waiting messages run oldest first: the next page holds later ones. */}
      <OlderLink
        value={next}
        label={waiting ? "Later messages" : "Older"}
        firstLabel={waiting ? "First waiting" : "Newest"}
      />
    </>
  );
}
