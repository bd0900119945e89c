import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudit } from "../audit/audit.server";
import { notifyKeepers } from "../care/notify-keepers.server";
import { leadsDay } from "./roster.server";
import { adverseReactions, ceremonyAttendance, ceremonyDays, ceremonyPlaces, type ReactionSeverity } from "./schema";

/*
 * The ceremony day's records for one participant: arrival, departure, the transportation plan, the
 * facilitators' notes, and adverse-reaction reports. Only the day's facilitators and admins read or
 * write them, once the day has begun; every read and every change is audited.
 */

type Staff = { id: string; name: string; role: string };

export interface AttendanceInput {
  arrivedAt: Date | null;
  departedAt: Date | null;
  transportFollowed: boolean | null;
  arranged: string;
  notes: string;
}
export interface ReactionInput {
  occurredAt: Date;
  severity: ReactionSeverity;
  emergencyCalled: boolean;
  whatHappened: string;
  whatDone: string;
  followUp: string;
}
interface SealedAttendance {
  arranged: string;
  notes: string;
}
interface SealedReaction {
  whatHappened: string;
  whatDone: string;
  followUp: string;
}
export const attendanceContext = (placeId: number) => `ceremony-attendance:${placeId}`;
export const reactionContext = (id: number) => `adverse-reaction:${id}`;

/** A place's sealed arrangement and notes, opened (the record page, the member's export). */
export const openAttendance = (env: Env, placeId: number, sealed: string) =>
  openJson<SealedAttendance>(keyringFor(env.DATA_ENCRYPTION_KEY), sealed, attendanceContext(placeId));

export type RecordAccess =
  | { kind: "ok"; day: typeof ceremonyDays.$inferSelect; place: { id: number; userId: string; name: string } }
  | { kind: "missing" }
  | { kind: "not-leader" }
  | { kind: "not-begun" };

/** Whether this staff account may read and write the place's day record now. */
export async function recordAccess(db: Db, staff: Staff, dayId: number, placeId: number, now = new Date()) {
  const [row] = await db
    .select({ day: ceremonyDays, placeId: ceremonyPlaces.id, userId: ceremonyPlaces.userId, name: users.name })
    .from(ceremonyPlaces)
    .innerJoin(ceremonyDays, eq(ceremonyDays.id, ceremonyPlaces.dayId))
    .innerJoin(users, eq(users.id, ceremonyPlaces.userId))
    .where(and(eq(ceremonyPlaces.id, placeId), eq(ceremonyPlaces.dayId, dayId)));
  if (!row) return { kind: "missing" } as RecordAccess;
  if (!(await leadsDay(db, staff, dayId))) return { kind: "not-leader" } as RecordAccess;
  if (row.day.startsAt > now) return { kind: "not-begun" } as RecordAccess;
  return { kind: "ok", day: row.day, place: { id: row.placeId, userId: row.userId, name: row.name } } as RecordAccess;
}

/** The place's day record and reaction reports, opened; the read is audited. */
export async function readRecord(db: Db, env: Env, staff: Staff, placeId: number, subjectUserId: string, ip?: string) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const [attendance] = await db.select().from(ceremonyAttendance).where(eq(ceremonyAttendance.placeId, placeId));
  const reactions = await db
    .select()
    .from(adverseReactions)
    .where(eq(adverseReactions.placeId, placeId))
    .orderBy(asc(adverseReactions.occurredAt));
  await recordAudit(db, {
    action: AUDIT_ACTIONS.ceremonyRecordRead,
    actor: staff,
    subjectUserId,
    detail: { place: placeId },
    ip,
  });
  return {
    attendance: attendance
      ? {
          ...attendance,
          ...(attendance.sealed ? openAttendance(env, placeId, attendance.sealed) : { arranged: "", notes: "" }),
        }
      : null,
    reactions: reactions.map((r) => ({ ...r, ...openJson<SealedReaction>(ring, r.sealed, reactionContext(r.id)) })),
  };
}

/** Saves the place's attendance, transport and notes (one row, replaced), audited. */
export async function saveAttendance(
  db: Db,
  env: Env,
  staff: Staff,
  place: { id: number; userId: string },
  input: AttendanceInput,
  ip?: string,
) {
  const sealed = sealJson(
    keyringFor(env.DATA_ENCRYPTION_KEY),
    { arranged: input.arranged, notes: input.notes } satisfies SealedAttendance,
    attendanceContext(place.id),
  );
  const values = {
    arrivedAt: input.arrivedAt,
    departedAt: input.departedAt,
    transportFollowed: input.transportFollowed,
    sealed,
    recordedById: staff.id,
    recordedByName: staff.name,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(ceremonyAttendance)
      .values({ placeId: place.id, ...values })
      .onConflictDoUpdate({ target: ceremonyAttendance.placeId, set: values });
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.ceremonyRecordChanged,
      actor: staff,
      subjectUserId: place.userId,
      detail: { place: place.id },
      ip,
    });
  });
}

/**
 * Reports a reaction, or corrects one of this place's (`reactionId`): audited; a severe or
 * life-threatening one, or one that called emergency services, tells the keepers at once (a link,
 * no content).
 */
export async function reportReaction(
  db: Db,
  env: Env,
  staff: Staff,
  day: { id: number },
  place: { id: number; userId: string },
  input: ReactionInput,
  reactionId: number | null,
  ip?: string,
): Promise<"reported" | "corrected" | "missing"> {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const text = { whatHappened: input.whatHappened, whatDone: input.whatDone, followUp: input.followUp };
  const plain = { occurredAt: input.occurredAt, severity: input.severity, emergencyCalled: input.emergencyCalled };
  return db.transaction(async (tx) => {
    if (reactionId !== null) {
      const changed = await tx
        .update(adverseReactions)
        .set({ ...plain, sealed: sealJson(ring, text, reactionContext(reactionId)), updatedAt: new Date() })
        .where(and(eq(adverseReactions.id, reactionId), eq(adverseReactions.placeId, place.id)))
        .returning({ id: adverseReactions.id });
      if (changed.length === 0) return "missing";
      await recordAudit(tx, {
        action: AUDIT_ACTIONS.reactionCorrected,
        actor: staff,
        subjectUserId: place.userId,
        detail: { place: place.id, reaction: reactionId },
        ip,
      });
      return "corrected";
    }
    // The id seals the text: the row first, then its sealed words.
    const [row] = await tx
      .insert(adverseReactions)
      .values({
        dayId: day.id,
        placeId: place.id,
        ...plain,
        sealed: "",
        reportedById: staff.id,
        reportedByName: staff.name,
      })
      .returning({ id: adverseReactions.id });
    if (!row) throw new Error("reaction not stored");
    await tx
      .update(adverseReactions)
      .set({ sealed: sealJson(ring, text, reactionContext(row.id)) })
      .where(eq(adverseReactions.id, row.id));
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.reactionReported,
      actor: staff,
      subjectUserId: place.userId,
      detail: { place: place.id, reaction: row.id, severity: input.severity },
      ip,
    });
    if (input.emergencyCalled || input.severity === "severe" || input.severity === "life-threatening") {
      await notifyKeepers(tx, env, {
        kind: "ceremony.reaction",
        what: "An adverse reaction report",
        path: `/console/ceremonies/${day.id}/places/${place.id}`,
        ref: `reaction ${row.id}`,
        urgent: true,
        why: "A facilitator reported a severe reaction, or one for which emergency services were called. Please read the report and see to the follow-up today.",
      });
    }
    return "reported";
  });
}
