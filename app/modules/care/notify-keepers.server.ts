import type { Db } from "../../../db/client";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";

export interface WaitingItem {
  /** The outbox kind, e.g. "contact.notify". */
  kind: string;
  /** What waits, without anything the person wrote: "A contact message", "A member's share". */
  what: string;
  /** The item in the console, e.g. "/console/inbox/12". */
  path: string;
  /** What names the item in the subject; the path's last part unless given. */
  ref?: string;
  /** Why it waits, said in place of the usual first line (still nothing of what was written). */
  why?: string;
  /** It spoke of harm or danger: "Urgent" leads the subject. */
  urgent?: boolean;
}

/**
 * Tells the Temple Keepers (STAFF_EMAIL) that something waits for them, with a link to it in the
 * console and nothing of its content: a staff inbox is not where members' words should rest.
 * Queued in the caller's transaction, so the item and its notice are stored together.
 */
export async function notifyKeepers(db: Db, env: { STAFF_EMAIL: string; SITE_URL: string }, item: WaitingItem) {
  await enqueue(db, {
    kind: item.kind,
    to: env.STAFF_EMAIL,
    // The item's number makes each subject its own, so mail clients do not fold them into one thread.
    subject: `${item.urgent ? "Urgent: " : ""}${item.what} waits for a keeper (#${item.ref ?? item.path.split("/").at(-1)})`,
    ...renderMail({
      heading: item.urgent ? `Urgent: ${item.what} may need care today` : `${item.what} waits for a keeper`,
      paragraphs: [
        item.why ??
          (item.urgent
            ? "What was written speaks of harm or danger. The person was shown crisis lines at once; please read it and reach out as soon as you can."
            : "Please read it and answer it in the console."),
        "For privacy this email carries nothing of what was written.",
      ],
      action: { label: "Open it in the console", url: `${env.SITE_URL}${item.path}` },
    }),
  });
}
