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
 */
export function ThreadView(props: {
  first: { text: string; at: string };
  messages: ReadonlyArray<ThreadEntry>;
  memberLabel: string;
  keeperLabel: (name: string | null) => string;
}) {
  const entries = [
    { id: -1, fromKeeper: false, authorName: null, text: props.first.text, createdAt: props.first.at },
    ...props.messages,
  ];
  return (
    <ol className="mt-6 grid gap-4" aria-label="Conversation">
      {entries.map((m) => (
        <li
          key={m.id}
          className={`card ${m.fromKeeper ? "border-gold/30 sm:ml-8" : "sm:mr-8"}`}
          aria-label={`${m.fromKeeper ? props.keeperLabel(m.authorName) : props.memberLabel}, ${m.createdAt}`}
        >
          <p className="text-sm font-semibold">
            {m.fromKeeper ? props.keeperLabel(m.authorName) : props.memberLabel}
            <span className="font-normal text-mist-muted">{` · ${m.createdAt}`}</span>
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words">{m.text}</p>
        </li>
      ))}
    </ol>
  );
}
