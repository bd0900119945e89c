import { Link } from "react-router";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import { memberConversations } from "~/modules/integration/member-inbox.server";
import { MEMBER_STATUS_LABELS, SHARE_KINDS } from "~/modules/integration/thread-words";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => privateMeta("Messages");

/**
 * The member's one place for their conversations with the keepers (issue 48): every one, the
 * newest word first, a keeper's unread word marked, `?page=` for the older ones. Links only: it
 * works the same without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const page = serialId(new URL(request.url).searchParams.get("page")) ?? 1;
  const { rows, more } = await memberConversations(handles.db, handles.env, viewer.id, page);
  const zone = viewer.timezone;
  return {
    page,
    more,
    conversations: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      unread: r.unread,
      preview: r.content.length > 140 ? `${r.content.slice(0, 140)}…` : r.content,
      startedAt: formatDateTime(r.createdAt, zone),
      lastAt: formatDateTime(r.lastMessageAt, zone),
    })),
  };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { page, more, conversations } = loaderData;
  return (
    <article className="mx-auto max-w-3xl py-10">
      <h1 className="font-serif text-4xl font-semibold">Messages</h1>
      <p className="mt-3 text-mist-muted">
        Your conversations with the Temple Keepers, the newest first. Only you and the keepers read them.
      </p>
      <p className="mt-4">
        <Link
          to="/integration?mode=facilitated"
          className="text-violet-200 underline underline-offset-4 hover:text-gold"
        >
          Write to the keepers
        </Link>
      </p>
      {conversations.length === 0 ? (
        <p className="card mt-6">
          {page > 1 ? "No more conversations." : "No conversations yet. What you share with the keepers starts one."}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label="Your conversations">
          {conversations.map((c) => (
            <li key={c.id} className={`card ${c.unread ? "border-gold/60" : ""}`}>
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/integration/shares/${c.id}`}
                  className="font-medium text-violet-100 underline underline-offset-4 hover:text-gold"
                >
                  {`${SHARE_KINDS[c.kind]}, ${c.startedAt}`}
                </Link>
                {c.unread ? (
                  <span className="rounded-full border border-gold/60 px-2 py-0.5 text-xs text-gold">New message</span>
                ) : null}
              </p>
              <p className="mt-1 line-clamp-2 break-words text-sm text-mist-muted">{c.preview}</p>
              <p className="mt-1 text-sm text-mist-muted">{`${MEMBER_STATUS_LABELS[c.status]} · last word ${c.lastAt}`}</p>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || more ? (
        <nav aria-label="Pages" className="mt-6 flex gap-4 text-sm">
          {page > 1 ? (
            <Link
              to={page === 2 ? "/messages" : `/messages?page=${page - 1}`}
              className="text-violet-200 underline underline-offset-4"
            >
              Newer
            </Link>
          ) : null}
          {more ? (
            <Link to={`/messages?page=${page + 1}`} className="text-violet-200 underline underline-offset-4">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
