import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Viewer } from "../accounts/session.server";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { bookingTitle } from "../bookings/mails";
import { bookings } from "../bookings/schema";
import { contactMessages } from "../contact/schema";
import { formatCents } from "../giving/amounts";
import { gifts } from "../giving/schema";
import { accessRequests, applications, quizSubmissions } from "../intake/schema";
import { newsletterSubscribers } from "../newsletter/schema";

/*
 * Records made without an account (an application, a gift, a booking, quiz answers, an access
 * request, a contact message, a newsletter subscription) carry only the address that was typed.
 * They join an account only through an address the account has proven, and only when the member
 * links them here, seeing each one first. Nothing is ever read by matching an address otherwise.
 */

export const LINKABLE_KINDS = [
  "application",
  "gift",
  "booking",
  "quiz",
  "access-request",
  "contact",
  "newsletter",
] as const;
export type LinkableKind = (typeof LINKABLE_KINDS)[number];

export interface LinkableRecord {
  /** "kind:id", what the form posts back. */
  key: string;
  kind: LinkableKind;
  label: string;
  at: Date;
}

type Member = Pick<Viewer, "id" | "name" | "email" | "emailVerified">;

/** What a member with a proven address could link, newest first; nothing before the address is proven. */
export async function linkableRecords(db: Db, member: Member): Promise<LinkableRecord[]> {
  // Usually there is nothing: one question first, the seven lists only when there is something.
  if (!(await hasLinkableRecords(db, member))) return [];
  const email = member.email;
  const [apps, giftRows, bookingRows, quizRows, requestRows, contactRows, newsletterRows] = await Promise.all([
    db
      .select({ id: applications.id, at: applications.createdAt, status: applications.status })
      .from(applications)
      .where(and(isNull(applications.userId), eq(applications.email, email))),
    db
      .select({ id: gifts.id, at: gifts.givenAt, kind: gifts.kind, amountCents: gifts.amountCents })
      .from(gifts)
      .where(and(isNull(gifts.userId), eq(gifts.donorEmail, email))),
    db
      .select({ id: bookings.id, at: bookings.startsAt, offerId: bookings.offerId, status: bookings.status })
      .from(bookings)
      .where(and(isNull(bookings.userId), eq(bookings.email, email))),
    db
      .select({ id: quizSubmissions.id, at: quizSubmissions.createdAt })
      .from(quizSubmissions)
      .where(and(isNull(quizSubmissions.userId), eq(quizSubmissions.email, email))),
    db
      .select({ id: accessRequests.id, at: accessRequests.createdAt, status: accessRequests.status })
      .from(accessRequests)
      .where(and(isNull(accessRequests.userId), eq(accessRequests.email, email))),
    db
      .select({ id: contactMessages.id, at: contactMessages.createdAt })
      .from(contactMessages)
      .where(and(isNull(contactMessages.userId), eq(contactMessages.email, email))),
    db
      .select({
        id: newsletterSubscribers.id,
        at: newsletterSubscribers.createdAt,
        status: newsletterSubscribers.status,
      })
      .from(newsletterSubscribers)
      .where(and(isNull(newsletterSubscribers.userId), eq(newsletterSubscribers.email, email))),
  ]);
  const records: LinkableRecord[] = [
    ...apps.map((r) => record("application", r.id, r.at, `Ceremony application (${r.status})`)),
    ...giftRows.map((r) =>
      record(
        "gift",
        r.id,
        r.at,
        `${r.kind === "ceremony" ? "Ceremony donation" : "Offering"} of ${formatCents(r.amountCents)}`,
      ),
    ),
    ...bookingRows.map((r) => record("booking", r.id, r.at, `${bookingTitle(r)} (${r.status})`)),
    ...quizRows.map((r) => record("quiz", r.id, r.at, "Readiness quiz answers")),
    ...requestRows.map((r) => record("access-request", r.id, r.at, `Request for access (${r.status})`)),
    ...contactRows.map((r) => record("contact", r.id, r.at, "Message sent through the contact form")),
    ...newsletterRows.map((r) => record("newsletter", r.id, r.at, `Newsletter subscription (${r.status})`)),
  ];
  return records.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** One cheap question for the dashboard: is there anything to link? */
export async function hasLinkableRecords(db: Db, member: Member): Promise<boolean> {
  if (!member.emailVerified) return false;
  const e = member.email;
  const result = await db.execute(sql`select (
       exists (select 1 from ${applications} where user_id is null and email = ${e})
    or exists (select 1 from ${gifts} where user_id is null and donor_email = ${e})
    or exists (select 1 from ${bookings} where user_id is null and email = ${e})
    or exists (select 1 from ${quizSubmissions} where user_id is null and email = ${e})
    or exists (select 1 from ${accessRequests} where user_id is null and email = ${e})
    or exists (select 1 from ${contactMessages} where user_id is null and email = ${e})
    or exists (select 1 from ${newsletterSubscribers} where user_id is null and email = ${e})
  ) as any`);
  return Boolean((result as unknown as { rows: Array<{ any: boolean }> }).rows[0]?.any);
}

const record = (kind: LinkableKind, id: string | number, at: Date, label: string): LinkableRecord => ({
  key: `${kind}:${id}`,
  kind,
  label,
  at,
});

/**
 * Links the records the member saw and chose (their keys), each only if it still has no account
 * and still carries the member's proven address: a record added since the page was shown, or a
 * key made up, links nothing. Returns how many were linked.
 */
export async function linkRecords(db: Db, member: Member, keys: ReadonlyArray<string>): Promise<number> {
  if (!member.emailVerified) return 0;
  const chosen = new Map<LinkableKind, string[]>();
  for (const key of keys) {
    const [kind, id] = key.split(":", 2) as [LinkableKind, string | undefined];
    if (!LINKABLE_KINDS.includes(kind) || !id || !/^[A-Za-z0-9-]{1,64}$/.test(id)) continue;
    chosen.set(kind, [...(chosen.get(kind) ?? []), id]);
  }
  const numbers = (kind: LinkableKind) => (chosen.get(kind) ?? []).filter((id) => /^\d{1,9}$/.test(id)).map(Number);
  const texts = (kind: LinkableKind) => chosen.get(kind) ?? [];
  const email = member.email;
  const userId = member.id;
  return db.transaction(async (tx) => {
    const linked = [
      await tx
        .update(applications)
        .set({ userId })
        .where(
          and(
            inArray(applications.id, texts("application")),
            isNull(applications.userId),
            eq(applications.email, email),
          ),
        )
        .returning({ id: applications.id }),
      await tx
        .update(gifts)
        .set({ userId })
        .where(and(inArray(gifts.id, numbers("gift")), isNull(gifts.userId), eq(gifts.donorEmail, email)))
        .returning({ id: gifts.id }),
      await tx
        .update(bookings)
        .set({ userId })
        .where(and(inArray(bookings.id, texts("booking")), isNull(bookings.userId), eq(bookings.email, email)))
        .returning({ id: bookings.id }),
      await tx
        .update(quizSubmissions)
        .set({ userId })
        .where(
          and(
            inArray(quizSubmissions.id, numbers("quiz")),
            isNull(quizSubmissions.userId),
            eq(quizSubmissions.email, email),
          ),
        )
        .returning({ id: quizSubmissions.id }),
      await tx
        .update(accessRequests)
        .set({ userId })
        .where(
          and(
            inArray(accessRequests.id, numbers("access-request")),
            isNull(accessRequests.userId),
            eq(accessRequests.email, email),
          ),
        )
        .returning({ id: accessRequests.id }),
      await tx
        .update(contactMessages)
        .set({ userId })
        .where(
          and(
            inArray(contactMessages.id, numbers("contact")),
            isNull(contactMessages.userId),
            eq(contactMessages.email, email),
          ),
        )
        .returning({ id: contactMessages.id }),
      await tx
        .update(newsletterSubscribers)
        .set({ userId })
        .where(
          and(
            inArray(newsletterSubscribers.id, numbers("newsletter")),
            isNull(newsletterSubscribers.userId),
            eq(newsletterSubscribers.email, email),
          ),
        )
        .returning({ id: newsletterSubscribers.id }),
    ].reduce((sum, rows) => sum + rows.length, 0);
    if (linked > 0) {
      await recordAudit(tx, {
        action: AUDIT_ACTIONS.recordsLinked,
        actor: { id: userId, name: member.name },
        subjectUserId: userId,
        detail: { records: linked },
      });
    }
    return linked;
  });
}
