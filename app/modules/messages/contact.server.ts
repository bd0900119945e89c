import type { Db } from "../../../db/client";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { contactMessages } from "./schema";
import type { ContactInput } from "./validation";

/**
 * Stores the message (with the account that wrote it, when signed in) and queues the staff
 * notification in one transaction: both or neither.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactInput,
  staffEmail: string,
  userId: string | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("contact insert returned no row");
    const mail = renderMail({
      heading: "A new message through the contact page",
      paragraphs: [`From: ${input.name} <${input.email}>`, input.message, "We promise a reply within about 48 hours."],
      footer: `Contact message #${row.id}. Reply to the sender's address directly.`,
    });
    await enqueue(tx as unknown as Db, {
      kind: "contact.notify",
      to: staffEmail,
      subject: `Contact: ${input.name}`,
      ...mail,
      headers: { "Reply-To": input.email },
    });
    return row.id;
  });
}
