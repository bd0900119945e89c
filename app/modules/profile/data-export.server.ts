import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { jsonText, type Lazy } from "../../lib/json-stream";
import { EXPORT_PAGE_SIZE, inPages } from "../../lib/streamed";
import { passkeys } from "../accounts/passkey-schema";
import { sessions, users } from "../accounts/schema";
import { listRecordReads, listShareReads } from "../audit/audit.server";
import { checkins } from "../calendar/schema";
import { exportCeremonies } from "../ceremonies/export.server";
import { exportCircleSignups } from "../circles/circles.server";
import { exportConversation, exportInsights } from "../companion/companion.server";
import { practiceCompletions } from "../companion/schema";
import { contactMessages } from "../contact/schema";
import { exportFollowUps } from "../follow-ups/follow-ups.server";
import { exportMemberGifts } from "../giving/gifts-csv.server";
import { memberRecurring } from "../giving/recurring.server";
import { exportMemberApplications } from "../intake/applications.server";
import { accessRequests, quizSubmissions } from "../intake/schema";
import { exportSessions } from "../integration/sessions.server";
import { exportShares, shareIdsOf } from "../integration/shares.server";
import { exportEntries } from "../journal/journal.server";
import { newsletterSubscribers } from "../newsletter/schema";
import { checklistTicks, meditationSits } from "../practice/schema";
import { memberProfile } from "./profile.server";

/** Maps each item of a streamed read as the writer reaches it. */
async function* mapped<T, U>(items: AsyncIterable<T>, map: (item: T) => U) {
  for await (const item of items) yield map(item);
}

/**
 * "Download all my data" (terms and privacy): every record the account owns, decrypted, as one JSON
 * document, or null when there is no such member. Owned means made while signed in, or linked from a
 * proven address (linking.server.ts): nothing is found by matching an address. Later modules add
 * their section here. Written as it is read (issue 47): each growing list is read a page of
 * EXPORT_PAGE_SIZE at a time when the writer reaches it (lib/json-stream.ts), so what the process
 * holds is a page, never the record; the text is JSON.stringify(record, null, 2)'s.
 */
export async function memberExport(db: Db, env: Env, userId: string): Promise<AsyncGenerator<string> | null> {
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
  if (!user) return null;
  const profile = await memberProfile(db, env, userId);
  // The shares' ids (a number each) are read first: the staff's reads of them are found by them.
  const shareIds = await shareIdsOf(db, userId);
  const document: Record<string, Lazy<unknown>> = {
    exportedAt: new Date().toISOString(),
    account: user,
    profile: {
      basic: profile.basic,
      clothing: profile.clothing,
      dietary: profile.dietary,
      settings: profile.settings,
    },
    medicalRecord: profile.medical,
    medicalRecordReadsByStaff: () => listRecordReads(db, userId),
    journalEntries: () => exportEntries(db, env, userId),
    integrationSessions: () => exportSessions(db, env, userId),
    facilitatorShares: () => exportShares(db, env, userId, shareIds),
    // Who among the keepers opened them, and when (at most the latest 100, as their pages show).
    facilitatorShareReadsByStaff: () => listShareReads(db, shareIds),
    companionConversation: () => exportConversation(db, env, userId),
    insights: () => exportInsights(db, env, userId),
    // The check-ins after a session: when due, when answered, the WHO-5 answers and score, and what was written.
    followUpCheckIns: () =>
      mapped(exportFollowUps(db, env, userId), (item) => ({
        daysAfterSession: item.days,
        dueAt: item.dueAt,
        answeredAt: item.answeredAt,
        who5Points: item.answers?.points ?? null,
        who5Percent: item.percent,
        answer: item.answers?.note ?? null,
      })),
    integrationCircles: () => exportCircleSignups(db, userId),
    checkins: () =>
      inPages(EXPORT_PAGE_SIZE, (last?: { day: string }) =>
        db
          .select({ day: checkins.day, emotion: checkins.emotion })
          .from(checkins)
          .where(and(eq(checkins.userId, userId), last ? gt(checkins.day, last.day) : undefined))
          .orderBy(asc(checkins.day))
          .limit(EXPORT_PAGE_SIZE),
      ),
    dailyPractices: () => dailyPractices(db, userId),
    ...smallLists(db, env, userId),
    // Receipts are kept after deletion (the law asks it), with the account link cleared.
    gifts: () =>
      mapped(exportMemberGifts(db, userId), (g) => ({
        id: g.id,
        kind: g.kind,
        amountCents: g.amountCents,
        feeCents: g.feeCents,
        method: g.method,
        recurringId: g.recurringId,
        givenAt: g.givenAt,
        refundedAt: g.refundedAt,
      })),
    recurringOfferings: async () =>
      (await memberRecurring(db, userId)).map((r) => ({
        id: r.id,
        interval: r.interval,
        amountCents: r.amountCents,
        feeCents: r.feeCents,
        status: r.status,
        startedAt: r.startedAt,
        cancelledAt: r.cancelledAt,
      })),
    newsletter: () =>
      db
        .select({
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
          createdAt: newsletterSubscribers.createdAt,
        })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.userId, userId)),
  };
  return jsonText(document);
}

/** The practices the member marked done, by day: a page at a time (a few a day, for years). */
function dailyPractices(db: Db, userId: string) {
  const t = practiceCompletions;
  return inPages(EXPORT_PAGE_SIZE, (last?: { day: string; practiceId: string }) =>
    db
      .select({ day: t.day, practiceId: t.practiceId })
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          last ? sql`(${t.day}, ${t.practiceId}) > (${last.day}::date, ${last.practiceId})` : undefined,
        ),
      )
      .orderBy(asc(t.day), asc(t.practiceId))
      .limit(EXPORT_PAGE_SIZE),
  );
}

/** The sections between the practices and the gifts, in the document's order: bounded or small, but the sits. */
function smallLists(db: Db, env: Env, userId: string): Record<string, Lazy<unknown>> {
  return {
    preparationChecklist: () =>
      db
        .select({ itemId: checklistTicks.itemId, checkedAt: checklistTicks.checkedAt })
        .from(checklistTicks)
        .where(eq(checklistTicks.userId, userId)),
    // A sit a day for years: a page at a time, by id.
    meditationSits: () =>
      mapped(
        inPages(EXPORT_PAGE_SIZE, (last?: { id: number }) =>
          db
            .select()
            .from(meditationSits)
            .where(and(eq(meditationSits.userId, userId), last ? gt(meditationSits.id, last.id) : undefined))
            .orderBy(asc(meditationSits.id))
            .limit(EXPORT_PAGE_SIZE),
        ),
        (sit) => ({ meditationId: sit.meditationId, seconds: sit.seconds, completedAt: sit.completedAt }),
      ),
    sessions: () =>
      db
        .select({
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
    // What the member named their passkeys and when they were used; never the key.
    passkeys: () =>
      db
        .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
        .from(passkeys)
        .where(eq(passkeys.userId, userId)),
    accessRequests: () =>
      db
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
    ceremonyApplications: () => exportMemberApplications(db, env, userId),
    ceremonies: () => exportCeremonies(db, env, userId),
    readinessQuiz: () =>
      db
        .select({
          email: quizSubmissions.email,
          answers: quizSubmissions.answers,
          recommendation: quizSubmissions.recommendation,
          createdAt: quizSubmissions.createdAt,
        })
        .from(quizSubmissions)
        .where(eq(quizSubmissions.userId, userId)),
    contactMessages: () =>
      db
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(eq(contactMessages.userId, userId)),
  };
}
