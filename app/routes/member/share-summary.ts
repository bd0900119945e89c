import { formatDateTime } from "~/lib/dates";
import type { memberShares } from "~/modules/integration/shares.server";

type OwnShare = Awaited<ReturnType<typeof memberShares>>[number];

/**
 * One of the member's conversations as the Facilitator Circle lists it: its first words, whose
 * turn it is, the keepers' last word, and whether a keeper wrote since the member last opened it.
 */
export function conversationSummary(share: OwnShare, zone: string) {
  const last = share.lastKeeperWord;
  return {
    id: share.id,
    kind: share.kind,
    content: share.content,
    status: share.status,
    createdAt: formatDateTime(share.createdAt, zone),
    lastKeeperWord: last ? { name: last.authorName, text: last.text } : null,
    unread: share.unread,
  };
}
