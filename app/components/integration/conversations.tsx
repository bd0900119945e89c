import { Link } from "react-router";
import { MEMBER_STATUS_LABELS, SHARE_KINDS } from "~/modules/integration/thread-words";

/** A member's share as their list of conversations shows it. */
export interface ShareView {
  id: number;
  kind: "share" | "group-request" | "message";
  content: string;
  status: "waiting-keeper" | "waiting-member" | "closed";
  createdAt: string;
  /** The keepers' last word in the conversation, if any. */
  lastKeeperWord: { name: string | null; text: string } | null;
  /** A keeper wrote since the member last opened it. */
  unread: boolean;
}

/** The member's conversations with the keepers, newest word first, each opening its own page. */
export function Conversations({ shares }: { shares: ReadonlyArray<ShareView> }) {
  return (
    <section aria-labelledby="conversations-title">
      <h3 id="conversations-title" className="font-semibold">
        Your conversations
      </h3>
      <ul className="mt-2 grid gap-2">
        {shares.map((s) => (
          <li key={s.id} className="rounded-xl border border-violet-300/15 p-3 text-sm">
            <Link
              to={`/integration/shares/${s.id}`}
              className="font-medium text-violet-100 underline underline-offset-4 hover:text-gold"
            >
              {`${SHARE_KINDS[s.kind]}, ${s.createdAt}`}
            </Link>
            {s.unread ? (
              <span className="ml-2 rounded-full border border-gold/60 px-2 py-0.5 text-xs text-gold">New message</span>
            ) : null}
            <p className="mt-1 line-clamp-2 break-words text-mist-muted">{s.content}</p>
            <p className="mt-1 text-mist-muted">{MEMBER_STATUS_LABELS[s.status]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
