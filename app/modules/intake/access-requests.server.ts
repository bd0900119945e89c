import type { Db } from "../../../db/client";
import { notifyKeepers } from "../care/notify-keepers.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { accessRequests } from "./schema";
import type { AccessRequestInput } from "./validation";

/**
 * Stores the request (with the account that made it, when signed in), acknowledges it to the
 * seeker and tells the Temple Keepers: all or nothing.
 */
export async function submitAccessRequest(
  db: Db,
  env: { STAFF_EMAIL: string; SITE_URL: string },
  input: AccessRequestInput,
  userId: string | null,
) {
  return db.transaction(async (t) => {
    const [row] = await t
      .insert(accessRequests)
      .values({
        name: input.name,
        email: input.email,
        reason: input.reason,
        experience: input.experience || null,
        userId,
      })
      .returning({ id: accessRequests.id });
    if (!row) throw new Error("access request insert returned no row");
    await enqueue(t, {
      kind: "access.acknowledge",
      to: input.email,
      subject: "We received your request for sacred access",
      ...renderMail({
        heading: `Thank you, ${input.name}`,
        paragraphs: [
          "Your request for access to our member area has reached the Temple Keepers. Every request is read by a person, and we review them within 2-3 business days.",
          "If your request is approved, you will receive an invitation to set your password. If we have questions, we will write to you first.",
        ],
        footer:
          "You receive this because this address was entered on our request-access form. If that was not you, ignore this email.",
      }),
    });
    await notifyKeepers(t, env, {
      kind: "access.notify",
      what: "An access request",
      path: `/console/requests/${row.id}`,
    });
    return row.id;
  });
}
