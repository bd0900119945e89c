import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudits } from "../audit/audit.server";
import type { DocumentAnswers } from "./documents";
import { openDocument } from "./packet.server";
import { ceremonyFacilitators, ceremonyPlaces, readinessDocuments } from "./schema";

/*
 * The roster for a ceremony day: each confirmed participant with what the facilitators need at hand
 * on the day (whom to call, who takes them home, touch, medicines and devices, an interpreter or
 * support), and nothing else of their packet. Only the day's facilitators and admins read it, and
 * each reading is audited once per participant shown.
 */

type Staff = { id: string; name: string; role: string };

export interface RosterEntry {
  name: string;
  emergency: string | null;
  support: string | null;
  home: string | null;
  touch: string | null;
  medicines: string | null;
  devices: string | null;
  needs: string[];
}

/** Whether the staff account leads the day (or is an admin). */
export async function leadsDay(db: Db, staff: Staff, dayId: number) {
  if (staff.role === "admin") return true;
  const [row] = await db
    .select({ userId: ceremonyFacilitators.userId })
    .from(ceremonyFacilitators)
    .where(and(eq(ceremonyFacilitators.dayId, dayId), eq(ceremonyFacilitators.userId, staff.id)));
  return Boolean(row);
}

export async function rosterFor(db: Db, env: Env, staff: Staff, dayId: number, ip?: string): Promise<RosterEntry[]> {
  const places = await db
    .select({ id: ceremonyPlaces.id, userId: ceremonyPlaces.userId, name: users.name })
    .from(ceremonyPlaces)
    .innerJoin(users, eq(users.id, ceremonyPlaces.userId))
    .where(and(eq(ceremonyPlaces.dayId, dayId), eq(ceremonyPlaces.status, "confirmed")))
    .orderBy(asc(users.name));
  // Every participant's signed documents in one read (at most 30 places, six documents each).
  const signed =
    places.length === 0
      ? []
      : await db
          .select()
          .from(readinessDocuments)
          .where(
            and(
              inArray(
                readinessDocuments.placeId,
                places.map((p) => p.id),
              ),
              isNull(readinessDocuments.withdrawnAt),
            ),
          );
  const roster: RosterEntry[] = [];
  for (const place of places) {
    const answers = <K extends keyof DocumentAnswers>(kind: K) => {
      const row = signed.find((d) => d.placeId === place.id && d.kind === kind);
      return row ? (openDocument<K>(env, row).answers as DocumentAnswers[K]) : null;
    };
    const safety = answers("safety-plan");
    const home = answers("transportation");
    const touch = answers("touch-consent");
    const medicines = answers("medicines");
    const client = answers("client-information");
    roster.push({
      name: place.name,
      emergency: safety ? `${safety.emergencyName}, ${safety.emergencyPhone}` : null,
      support: safety ? `${safety.supportName}, ${safety.supportPhone}` : null,
      home: home ? `${home.driverName}, ${home.driverPhone}${home.arrangement ? ` (${home.arrangement})` : ""}` : null,
      touch: touch
        ? `${touch.touch === "yes" ? "Consents" : "Does not consent"}${touch.limits ? `: ${touch.limits}` : ""}`
        : null,
      medicines: medicines?.medicines ?? null,
      devices: medicines?.devices || null,
      needs: client
        ? [
            client.medicineDuringSession === "yes" ? "may need a medicine during the session" : null,
            client.interpreter === "yes" ? "asked for an interpreter" : null,
            client.mobility === "yes" ? "needs support moving about or with a device" : null,
          ].filter((n): n is string => n !== null)
        : [],
    });
  }
  // Each participant's record read, audited in one statement.
  await recordAudits(
    db,
    places.map((place) => ({
      action: AUDIT_ACTIONS.ceremonyRosterRead,
      actor: staff,
      subjectUserId: place.userId,
      detail: { day: dayId, place: place.id },
      ip,
    })),
  );
  return roster;
}
