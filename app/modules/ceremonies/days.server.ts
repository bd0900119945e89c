import { and, asc, count, desc, eq, gte, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudit } from "../audit/audit.server";
import { applications } from "../intake/schema";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import {
  ceremonyDays,
  ceremonyFacilitators,
  ceremonyFlags,
  ceremonyPlaces,
  preparationSessions,
  readinessDocuments,
} from "./schema";
import { ceremoniesOpen } from "./setting";

/*
 * The keepers' side of ceremony days: scheduling one, the lists, who is invited, and inviting an
 * approved applicant from the waitlist. Works whether ceremonies are open or paused; members hear
 * of an invitation only while they are open (setting.ts).
 */

type Staff = { id: string; name: string };

export interface DayInput {
  place: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  facilitatorIds: string[];
}

/** Places that hold or may hold someone: invited, accepted or confirmed. */
const HOLDING = ["invited", "accepted", "confirmed"] as const;

/** The staff who may lead a day (keepers and admins), by name. */
export function facilitatorChoices(db: Db) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.role, ["keeper", "admin"]))
    .orderBy(asc(users.name))
    .limit(200);
}

/** Schedules a day; every facilitator must be a keeper or admin (the route checks; a change since is an error). */
export async function scheduleDay(db: Db, staff: Staff, input: DayInput, ip?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.facilitatorIds)];
    const known = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), inArray(users.role, ["keeper", "admin"])));
    if (known.length !== ids.length) throw new Error("a facilitator is not staff");
    const [row] = await tx
      .insert(ceremonyDays)
      .values({
        place: input.place,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        capacity: input.capacity,
        createdById: staff.id,
        createdByName: staff.name,
      })
      .returning({ id: ceremonyDays.id });
    if (!row) throw new Error("ceremony day not stored");
    await tx.insert(ceremonyFacilitators).values(ids.map((userId) => ({ dayId: row.id, userId })));
    await recordAudit(tx, { action: AUDIT_ACTIONS.ceremonyScheduled, actor: staff, detail: { day: row.id }, ip });
    return row.id;
  });
}

/** The days ahead (every one) and the 20 most recent past ones, each with its places taken. */
export async function daysForStaff(db: Db, now = new Date()) {
  // Counted for each listed day on its own (the places' day index), so ten years of days cost no more.
  const taken = sql<number>`(
    select count(*) from ${ceremonyPlaces}
    where ${ceremonyPlaces.dayId} = ${ceremonyDays.id} and ${inArray(ceremonyPlaces.status, HOLDING)}
  )`.mapWith(Number);
  const select = () => db.select({ day: ceremonyDays, taken }).from(ceremonyDays);
  const [ahead, past] = await Promise.all([
    select().where(gte(ceremonyDays.endsAt, now)).orderBy(asc(ceremonyDays.startsAt)).limit(100),
    select().where(lt(ceremonyDays.endsAt, now)).orderBy(desc(ceremonyDays.startsAt)).limit(20),
  ]);
  return { ahead, past };
}

/** One day for the keepers: who leads it, and every place with what its packet holds and its open flags. */
export async function dayForStaff(db: Db, id: number) {
  const [day] = await db.select().from(ceremonyDays).where(eq(ceremonyDays.id, id));
  if (!day) return null;
  const [leaders, places] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(ceremonyFacilitators)
      .innerJoin(users, eq(users.id, ceremonyFacilitators.userId))
      .where(eq(ceremonyFacilitators.dayId, id))
      .orderBy(asc(users.name)),
    db
      .select({
        id: ceremonyPlaces.id,
        status: ceremonyPlaces.status,
        name: users.name,
        userId: users.id,
        signed:
          sql<number>`(select count(*) from ${readinessDocuments} d where d.place_id = ${ceremonyPlaces.id} and d.withdrawn_at is null)`.mapWith(
            Number,
          ),
        preparation: preparationSessions,
      })
      .from(ceremonyPlaces)
      .innerJoin(users, eq(users.id, ceremonyPlaces.userId))
      .leftJoin(preparationSessions, eq(preparationSessions.placeId, ceremonyPlaces.id))
      .where(eq(ceremonyPlaces.dayId, id))
      .orderBy(asc(ceremonyPlaces.invitedAt))
      .limit(200),
  ]);
  const placeIds = places.map((p) => p.id);
  const flags = placeIds.length
    ? await db
        .select({
          id: ceremonyFlags.id,
          placeId: ceremonyFlags.placeId,
          code: ceremonyFlags.code,
          severity: ceremonyFlags.severity,
          urgent: ceremonyFlags.urgent,
          outcome: ceremonyFlags.outcome,
          settledAt: ceremonyFlags.settledAt,
          settledByName: ceremonyFlags.settledByName,
        })
        .from(ceremonyFlags)
        .innerJoin(readinessDocuments, eq(readinessDocuments.id, ceremonyFlags.documentId))
        .where(and(inArray(ceremonyFlags.placeId, placeIds), isNull(readinessDocuments.withdrawnAt)))
        .orderBy(asc(ceremonyFlags.id))
    : [];
  return { day, leaders, places, flags };
}

/**
 * Approved applicants waiting for a ceremony (approved or waitlisted, with an account) who hold no
 * place on this day, first come first: the 50 who waited longest.
 */
export function waitlistFor(db: Db, dayId: number) {
  return db
    .select({ applicationId: applications.id, name: applications.fullName, appliedAt: applications.createdAt })
    .from(applications)
    .where(
      and(
        inArray(applications.status, ["approved", "waitlisted"]),
        sql`${applications.userId} is not null`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(ceremonyPlaces)
            .where(and(eq(ceremonyPlaces.dayId, dayId), eq(ceremonyPlaces.userId, applications.userId))),
        ),
      ),
    )
    .orderBy(asc(applications.createdAt))
    .limit(50);
}

export type InviteOutcome = "invited" | "missing" | "cancelled" | "full" | "not-waiting" | "invited-already";

/**
 * Invites the applicant's account to the day, if a place is free (the day's row locked, so two
 * keepers cannot hand out the last place twice). While ceremonies are open the member is told by
 * email (a link, nothing more); while paused they are not, and see nothing.
 */
export async function invite(db: Db, env: Env, staff: Staff, dayId: number, applicationId: string, ip?: string) {
  return db.transaction(async (tx): Promise<InviteOutcome> => {
    const [day] = await tx.select().from(ceremonyDays).where(eq(ceremonyDays.id, dayId)).for("update");
    if (!day) return "missing";
    if (day.status === "cancelled" || day.startsAt <= new Date()) return "cancelled";
    const [applicant] = await tx
      .select({ userId: applications.userId, email: users.email, name: users.name })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(and(eq(applications.id, applicationId), inArray(applications.status, ["approved", "waitlisted"])));
    if (!applicant?.userId) return "not-waiting";
    const [held] = await tx
      .select({ n: count() })
      .from(ceremonyPlaces)
      .where(and(eq(ceremonyPlaces.dayId, dayId), inArray(ceremonyPlaces.status, HOLDING)));
    if ((held?.n ?? 0) >= day.capacity) return "full";
    const inserted = await tx
      .insert(ceremonyPlaces)
      .values({ dayId, userId: applicant.userId, applicationId, invitedById: staff.id })
      .onConflictDoNothing()
      .returning({ id: ceremonyPlaces.id });
    if (inserted.length === 0) return "invited-already";
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.ceremonyInvited,
      actor: staff,
      subjectUserId: applicant.userId,
      detail: { day: dayId, place: inserted[0]?.id ?? null },
      ip,
    });
    if (ceremoniesOpen(env)) {
      await enqueue(tx, {
        kind: "ceremony.invited",
        to: applicant.email,
        subject: "A place for you at a ceremony",
        ...renderMail({
          heading: `Dear ${applicant.name}`,
          paragraphs: [
            "The Temple Keepers invite you to a ceremony day. Please sign in to read where and when, and to accept or decline the place.",
            "If you accept, your readiness packet waits on the same page.",
          ],
          action: { label: "See your invitation", url: `${env.SITE_URL}/ceremony` },
        }),
      });
    }
    return "invited";
  });
}
