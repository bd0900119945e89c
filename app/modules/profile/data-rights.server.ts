import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../accounts/schema";
import { accessRequests } from "../intake/schema";

/**
 * Deletes the account and only what it owns: the user row and everything hanging off it by
 * account id (sessions, profile, medical record, journals, applications, quiz answers, contact
 * messages, newsletter subscription...) go by cascade; gifts and bookings stay as financial
 * records with the account link cleared; access requests, where the congregation must keep that a
 * decision happened, are anonymised. Records merely carrying the same address are not touched.
 * One transaction.
 */
export async function deleteMemberAccount(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(accessRequests)
      .set({
        name: "Deleted member",
        email: `deleted-${userId}@invalid`,
        reason: "",
        experience: null,
        decisionMessage: null,
        userId: null,
      })
      .where(eq(accessRequests.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
