import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { passkeys } from "../accounts/passkey-schema";
import { sessions, users } from "../accounts/schema";
import { listRecordReads, listShareReads } from "../audit/audit.server";
import { checkins } from "../calendar/schema";
import { exportCircleSignups } from "../circles/circles.server";
import { conversation, listInsights } from "../companion/companion.server";
import { practiceCompletions } from "../companion/schema";
import { contactMessages } from "../contact/schema";
import { memberFollowUps } from "../follow-ups/follow-ups.server";
import { memberGifts } from "../giving/gifts.server";
import { memberRecurring } from "../giving/recurring.server";
import { exportMemberApplications } from "../intake/applications.server";
import { accessRequests, quizSubmissions } from "../intake/schema";
import { listSessions } from "../integration/sessions.server";
import { exportShares } from "../integration/shares.server";
import { exportEntries } from "../journal/journal.server";
import { newsletterSubscribers } from "../newsletter/schema";
import { checklistTicks, meditationSits } from "../practice/schema";
import { memberProfile } from "./profile.server";

/**
 * "Download all my data" (terms and privacy): every record the account owns, decrypted, as one
 * JSON document. Owned means made while signed in, or linked from a proven address
 * (linking.server.ts): nothing is found by matching an address. Later modules add their section here.
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
  const shares = await exportShares(db, env, userId);
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
    facilitatorShares: shares,
    // Who among the keepers opened them, and when (at most the latest 100, as their pages show).
    facilitatorShareReadsByStaff: await listShareReads(
      db,
      shares.map((s) => s.id),
    ),
    companionConversation: await conversation(db, env, userId, Number.MAX_SAFE_INTEGER),
    insights: await listInsights(db, env, userId, undefined, Number.MAX_SAFE_INTEGER),
    // The check-ins after a session: when due, when answered, the WHO-5 answers and score, and what was written.
    followUpCheckIns: (await memberFollowUps(db, env, userId)).map((item) => ({
      daysAfterSession: item.days,
      dueAt: item.dueAt,
      answeredAt: item.answeredAt,
      who5Points: item.answers?.points ?? null,
      who5Percent: item.percent,
      answer: item.answers?.note ?? null,
    })),
    integrationCircles: await exportCircleSignups(db, userId),
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
    // What the member named their passkeys and when they were used; never the key.
    passkeys: await db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
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
      .where(eq(accessRequests.userId, userId)),
    ceremonyApplications: await exportMemberApplications(db, env, userId),
    readinessQuiz: await db
      .select({
        email: quizSubmissions.email,
        answers: quizSubmissions.answers,
        recommendation: quizSubmissions.recommendation,
        createdAt: quizSubmissions.createdAt,
      })
      .from(quizSubmissions)
      .where(eq(quizSubmissions.userId, userId)),
    contactMessages: await db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId)),
    // Receipts are kept after deletion (the law asks it), with the account link cleared.
    gifts: (await memberGifts(db, userId)).map((g) => ({
      id: g.id,
      kind: g.kind,
      amountCents: g.amountCents,
      feeCents: g.feeCents,
      method: g.method,
      recurringId: g.recurringId,
      givenAt: g.givenAt,
      refundedAt: g.refundedAt,
    })),
    recurringOfferings: (await memberRecurring(db, userId)).map((r) => ({
      id: r.id,
      interval: r.interval,
      amountCents: r.amountCents,
      feeCents: r.feeCents,
      status: r.status,
      startedAt: r.startedAt,
      cancelledAt: r.cancelledAt,
    })),
    newsletter: await db
      .select({
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        createdAt: newsletterSubscribers.createdAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.userId, userId)),
  };
}

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
