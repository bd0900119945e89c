import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { sessions, users } from "../accounts/schema";
import { listRecordReads } from "../audit/audit.server";
import { checkins } from "../calendar/schema";
import { conversation, listInsights } from "../companion/companion.server";
import { practiceCompletions } from "../companion/schema";
import { memberGifts } from "../giving/gifts.server";
import { deleteApplicationsByEmail, exportMemberApplications } from "../intake/applications.server";
import { accessRequests } from "../intake/schema";
import { listSessions } from "../integration/sessions.server";
import { memberShares } from "../integration/shares.server";
import { exportEntries } from "../journal/journal.server";
import { contactMessages, newsletterSubscribers } from "../messages/schema";
import { checklistTicks, meditationSits } from "../practice/schema";
import { memberProfile } from "./profile.server";

/**
 * "Download all my data" (terms and privacy): every record we hold about the member, decrypted,
 * as one JSON document. Later modules add their section here.
 */
export async function exportMemberData(db: Db, env: Env, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error("member not found");
  const profile = await memberProfile(db, env, userId);
  return {
    exportedAt: new Date().toISOString(),
    account: user,
    profile: {
      basic: profile.basic,
      clothing: profile.clothing,
      dietary: profile.dietary,
      settings: profile.settings,
    },
    medicalRecord: profile.medical,
    medicalRecordReadsByStaff: await listRecordReads(db, userId),
    journalEntries: await exportEntries(db, env, userId),
    integrationSessions: await listSessions(db, env, userId, "", Number.MAX_SAFE_INTEGER),
    facilitatorShares: await memberShares(db, env, userId),
    companionConversation: await conversation(db, env, userId, Number.MAX_SAFE_INTEGER),
    insights: await listInsights(db, env, userId, undefined, Number.MAX_SAFE_INTEGER),
    checkins: await db
      .select({ day: checkins.day, emotion: checkins.emotion })
      .from(checkins)
      .where(eq(checkins.userId, userId)),
    dailyPractices: await db
      .select({ day: practiceCompletions.day, practiceId: practiceCompletions.practiceId })
      .from(practiceCompletions)
      .where(eq(practiceCompletions.userId, userId)),
    preparationChecklist: await db
      .select({ itemId: checklistTicks.itemId, checkedAt: checklistTicks.checkedAt })
      .from(checklistTicks)
      .where(eq(checklistTicks.userId, userId)),
    meditationSits: await db
      .select({
        meditationId: meditationSits.meditationId,
        seconds: meditationSits.seconds,
        completedAt: meditationSits.completedAt,
      })
      .from(meditationSits)
      .where(eq(meditationSits.userId, userId)),
    sessions: await db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    accessRequests: await db
      .select({
        name: accessRequests.name,
        email: accessRequests.email,
        reason: accessRequests.reason,
        experience: accessRequests.experience,
        status: accessRequests.status,
        createdAt: accessRequests.createdAt,
      })
      .from(accessRequests)
      .where(eq(accessRequests.email, user.email)),
    ceremonyApplications: await exportMemberApplications(db, env, { id: userId, email: user.email }),
    contactMessages: await db
      .select({ name: contactMessages.name, message: contactMessages.message, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(eq(contactMessages.email, user.email)),
    // Gifts given from this account or, before it existed, with its address (receipts are kept
    // after deletion, with the account link cleared).
    gifts: (await memberGifts(db, { id: userId, email: user.email })).map((g) => ({
      id: g.id,
      kind: g.kind,
      amountCents: g.amountCents,
      givenAt: g.givenAt,
      refundedAt: g.refundedAt,
    })),
    newsletter: await db
      .select({ status: newsletterSubscribers.status, createdAt: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, user.email)),
  };
}

/**
 * Deletes the account: the user row and everything hanging off it (sessions, profile, medical
 * record, invitations, two-factor) go by cascade; records kept by email are removed or, where
 * the congregation must keep that a decision happened, anonymised. One transaction.
 */
export async function deleteMemberAccount(db: Db, userId: string) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const pseudonym = `deleted-${createHash("sha256").update(user.email).digest("hex").slice(0, 16)}@invalid`;
    await tx
      .update(accessRequests)
      .set({ name: "Deleted member", email: pseudonym, reason: "", experience: null, decisionMessage: null })
      .where(eq(accessRequests.email, user.email));
    await tx.delete(contactMessages).where(eq(contactMessages.email, user.email));
    await deleteApplicationsByEmail(tx, user.email);
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
