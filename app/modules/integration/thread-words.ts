/* What a conversation's states are called, for the console and the member (no server code: pages import it). */

export const STATUS_LABELS = {
  "waiting-keeper": "waiting on a keeper",
  "waiting-member": "waiting on the member",
  closed: "closed",
} as const;

/** The same states, as the member reads them of their own conversation. */
export const MEMBER_STATUS_LABELS = {
  "waiting-keeper": "With the keepers",
  "waiting-member": "A keeper has written",
  closed: "Closed",
} as const;

/** What each kind of share is called, where a conversation is listed or opened. */
export const SHARE_KINDS = {
  share: "Reflection",
  "group-request": "Group session request",
  message: "Private message",
} as const;

/** What keepers (and the audit log) show in place of the name on a share sent with "Anonymous Sharing". */
export const ANONYMOUS = "Anonymous member";
