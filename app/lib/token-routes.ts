/**
 * The pages reached by an emailed link whose last segment is a token that grants something (sets a
 * password, proves an address, cancels a paid session, unsubscribes). One list, read where a token
 * must not travel further than the mail that carried it: the request log masks the segment
 * (loggable-path.ts), and the outbox clears a mail holding such a link once sent and leaves it out
 * of backups (modules/mail). tests/security/token-routes.test.ts fails when a `:token` route of
 * app/routes.ts is missing here.
 */
export const TOKEN_ROUTES: ReadonlyArray<{ prefix: string; siblings?: readonly string[] }> = [
  { prefix: "/welcome/" },
  { prefix: "/reset-password/" },
  { prefix: "/confirm-email/" },
  // "/bookings/manage/done" is a page of its own, not a link.
  { prefix: "/bookings/manage/", siblings: ["done", "done.data"] },
  { prefix: "/newsletter/confirm/" },
  { prefix: "/newsletter/unsubscribe/" },
];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * A link to any of those pages, absolute or not, up to where its token ends. Used to find such a
 * link in a mail's body and headers, or in any text about to be logged.
 */
export const TOKEN_LINK = new RegExp(`(${TOKEN_ROUTES.map((r) => literal(r.prefix)).join("|")})[^\\s"'<>)\\]]+`, "gi");

/** Whether a text (a mail's body or a header) holds such a link. */
export const holdsTokenLink = (text: string) => text.search(TOKEN_LINK) >= 0;
