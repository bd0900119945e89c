import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { openAttendance } from "./day-record.server";
import { openDocument } from "./packet.server";
import { ceremonyAttendance, ceremonyDays, ceremonyPlaces, preparationSessions, readinessDocuments } from "./schema";

/**
 * The member's ceremonies for their data export: each place with its day, its preparation session,
 * the day's record and every document they signed (withdrawn ones too, marked), opened. A handful of rows.
 */
export async function exportCeremonies(db: Db, env: Env, userId: string) {
  const [places, documents] = await Promise.all([
    db
      .select({
        place: ceremonyPlaces,
        day: ceremonyDays,
        preparation: preparationSessions,
        attended: ceremonyAttendance,
      })
      .from(ceremonyPlaces)
      .innerJoin(ceremonyDays, eq(ceremonyDays.id, ceremonyPlaces.dayId))
      .leftJoin(preparationSessions, eq(preparationSessions.placeId, ceremonyPlaces.id))
      .leftJoin(ceremonyAttendance, eq(ceremonyAttendance.placeId, ceremonyPlaces.id))
      .where(eq(ceremonyPlaces.userId, userId))
      .orderBy(asc(ceremonyDays.startsAt)),
    db
      .select()
      .from(readinessDocuments)
      .where(eq(readinessDocuments.userId, userId))
      .orderBy(asc(readinessDocuments.signedAt)),
  ]);
  return places.map(({ place, day, preparation, attended }) => ({
    place: day.place,
    startsAt: day.startsAt,
    endsAt: day.endsAt,
    status: place.status,
    invitedAt: place.invitedAt,
    answeredAt: place.answeredAt,
    confirmedAt: place.confirmedAt,
    preparationSession: preparation
      ? { startsAt: preparation.startsAt, keeper: preparation.keeperName, heldAt: preparation.heldAt }
      : null,
    dayRecord: attended
      ? {
          arrivedAt: attended.arrivedAt,
          departedAt: attended.departedAt,
          transportFollowed: attended.transportFollowed,
          ...(attended.sealed ? openAttendance(env, place.id, attended.sealed) : {}),
        }
      : null,
    documents: documents
      .filter((d) => d.placeId === place.id)
      .map((d) => {
        const { answers, signedName } = openDocument(env, d);
        return {
          kind: d.kind,
          version: d.version,
          signedName,
          signedAt: d.signedAt,
          signedFrom: d.signedIp,
          withdrawnAt: d.withdrawnAt,
          answers,
        };
      }),
  }));
}
