import { formatDateTime } from "~/lib/dates";
import type { memberShares } from "~/modules/integration/shares.server";

type OwnShare = Awaited<ReturnType<typeof memberShares>>[number];

/**
 * One of the member's conversations as the Facilitator Circle lists it: its first words, whose
 * turn it is, the keepers' last word, and whether a keeper wrote since the member last opened it.
 */
export function conversationSummary(share: OwnShare, zone: string) {
  const keeperWords = share.messages
    .filter((m) => m.fromKeeper)
    .map((m) => ({ name: m.authorName, text: m.text, at: m.createdAt }));
  const last = keeperWords.at(-1);
  return {
    id: share.id,
    kind: share.kind,
    content: share.content,
    status: share.status,
    createdAt: formatDateTime(share.createdAt, zone),
    lastKeeperWord: last ? { name: last.name, text: last.text } : null,
    unread: Boolean(last && (!share.memberReadAt || last.at > share.memberReadAt)),
    messages: share.messages.length,
  };
}
