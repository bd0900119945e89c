import { Link } from "react-router";

/** One message as a conversation page shows it (dates already in the reader's time zone). */
export interface ThreadEntry {
  id: number;
  fromKeeper: boolean;
  authorName: string | null;
  text: string;
  createdAt: string;
}

/**
 * A share's conversation, oldest first: the member's first words, then each message with who
 * wrote it and when. The same for the member and the keepers; only the names differ (an
 * anonymous share's member is "Anonymous member" to the keepers, "You" to themselves).
 *
 * One page of it (issue 45): the first words, then the newest messages; "Earlier messages" leads to
 * the ones before (`?before=`), and a page of older ones leads back to the latest. Plain links, so
 * they work with and without JavaScript.
 */
export function ThreadView(props: {
  first: { text: string; at: string };
  messages: ReadonlyArray<ThreadEntry>;
  memberLabel: string;
  keeperLabel: (name: string | null) => string;
  /** The cursor of the messages before these, or null when these reach the start. */
  earlier: number | null;
  /** This page shows older messages, not the latest. */
  paged: boolean;
  /** The page's own path, which the links page through. */
  path: string;
}) {
  const first = { id: -1, fromKeeper: false, authorName: null, text: props.first.text, createdAt: props.first.at };
  const link = "text-sm text-violet-200 underline underline-offset-4 hover:text-gold";
  return (
    <>
      <ol className="mt-6 grid gap-4" aria-label="Conversation">
        <Message m={first} memberLabel={props.memberLabel} keeperLabel={props.keeperLabel} />
        {props.earlier !== null ? (
          <li className="text-center">
            <Link to={`${props.path}?before=${props.earlier}`} className={link}>
              Earlier messages
            </Link>
          </li>
        ) : null}
        {props.messages.map((m) => (
          <Message key={m.id} m={m} memberLabel={props.memberLabel} keeperLabel={props.keeperLabel} />
        ))}
      </ol>
      {props.paged ? (
        <p className="mt-4 text-center">
          <Link to={props.path} className={link}>
            Latest messages
          </Link>
        </p>
      ) : null}
    </>
  );
}

function Message({
  m,
  memberLabel,
  keeperLabel,
}: {
  m: ThreadEntry;
  memberLabel: string;
  keeperLabel: (name: string | null) => string;
}) {
  return (
    <li
      className={`card ${m.fromKeeper ? "border-gold/30 sm:ml-8" : "sm:mr-8"}`}
      aria-label={`${m.fromKeeper ? keeperLabel(m.authorName) : memberLabel}, ${m.createdAt}`}
    >
      <p className="text-sm font-semibold">
        {m.fromKeeper ? keeperLabel(m.authorName) : memberLabel}
        <span className="font-normal text-mist-muted">{` · ${m.createdAt}`}</span>
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words">{m.text}</p>
    </li>
  );
}
