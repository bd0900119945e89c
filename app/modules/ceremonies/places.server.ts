import { and, asc, desc, eq, gte, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ceremonyDays, ceremonyPlaces, preparationSessions, readinessDocuments } from "./schema";

/*
 * The member's side of ceremony places: their invitations and places on days not yet over, one
 * place by its id (only their own), and their answer to an invitation. Callers offer none of it
 * while ceremonies are paused (setting.ts).
 */

/** The member's places on days that have not ended, soonest first (a handful at most), with their preparation sessions. */
export function memberPlaces(db: Db, userId: string, now = new Date()) {
  return db
    .select({ place: ceremonyPlaces, day: ceremonyDays, preparation: preparationSessions })
    .from(ceremonyPlaces)
    .innerJoin(ceremonyDays, eq(ceremonyDays.id, ceremonyPlaces.dayId))
    .leftJoin(preparationSessions, eq(preparationSessions.placeId, ceremonyPlaces.id))
    .where(and(eq(ceremonyPlaces.userId, userId), gte(ceremonyDays.endsAt, now), eq(ceremonyDays.status, "scheduled")))
    .orderBy(asc(ceremonyDays.startsAt))
    .limit(20);
}

/** One of the member's own places with its day, or null (another member's place is not theirs to see). */
export async function placeForMember(db: Db, userId: string, placeId: number) {
  const [row] = await db
    .select({ place: ceremonyPlaces, day: ceremonyDays })
    .from(ceremonyPlaces)
    .innerJoin(ceremonyDays, eq(ceremonyDays.id, ceremonyPlaces.dayId))
    .where(and(eq(ceremonyPlaces.id, placeId), eq(ceremonyPlaces.userId, userId)));
  return row ?? null;
}

/** The documents signed for a place and not withdrawn: what the packet holds now. */
export function signedDocuments(db: Db, placeId: number) {
  return db
    .select({
      id: readinessDocuments.id,
      kind: readinessDocuments.kind,
      version: readinessDocuments.version,
      signedAt: readinessDocuments.signedAt,
    })
    .from(readinessDocuments)
    .where(and(eq(readinessDocuments.placeId, placeId), isNull(readinessDocuments.withdrawnAt)))
    .orderBy(desc(readinessDocuments.signedAt));
}

export type AnswerOutcome = "accepted" | "declined" | "missing" | "answered-already" | "closed";

/** Accepts or declines an invitation (only one still `invited`, on a day not begun). */
export async function answerInvitation(db: Db, userId: string, placeId: number, accept: boolean, now = new Date()) {
  return db.transaction(async (tx): Promise<AnswerOutcome> => {
    const [row] = await tx
      .select({ place: ceremonyPlaces, day: ceremonyDays })
      .from(ceremonyPlaces)
      .innerJoin(ceremonyDays, eq(ceremonyDays.id, ceremonyPlaces.dayId))
      .where(and(eq(ceremonyPlaces.id, placeId), eq(ceremonyPlaces.userId, userId)))
      .for("update", { of: ceremonyPlaces });
    if (!row) return "missing";
    if (row.day.status === "cancelled" || row.day.startsAt <= now) return "closed";
    if (row.place.status !== "invited") return "answered-already";
    const status = accept ? "accepted" : "declined";
    await tx
      .update(ceremonyPlaces)
      .set({ status, answeredAt: now, updatedAt: now })
      .where(eq(ceremonyPlaces.id, placeId));
    return status;
  });
}
