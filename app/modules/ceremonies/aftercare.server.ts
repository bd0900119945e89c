import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { wantsMail } from "../accounts/mail-settings.server";
import { users } from "../accounts/schema";
import { followUps } from "../follow-ups/schema";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { ceremonyAttendance, ceremonyDays, ceremonyPlaces } from "./schema";

/*
 * What follows a ceremony: once a day has ended, each participant who came (a confirmed place, and
 * arrived if the day's record says) is offered an integration session to record on their pages and
 * gets the follow-up check-ins built for sessions (FOLLOW_UP_DAYS after the day's end, the member's
 * Follow-up setting respected). Each day is claimed by one UPDATE, so any number of instances may
 * run it, once.
 */

const DAY_MS = 86_400_000;
/** A day that ended longer ago than this when the job first sees it gets no after-care mail (a server down for days). */
const PLAN_WITHIN_MS = 3 * DAY_MS;

export async function planCeremonyAftercare(
  db: Db,
  env: Pick<Env, "FOLLOW_UP_DAYS" | "SITE_URL">,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(ceremonyDays)
      .set({ aftercarePlannedAt: now })
      .where(
        and(
          isNull(ceremonyDays.aftercarePlannedAt),
          eq(ceremonyDays.status, "scheduled"),
          lte(ceremonyDays.endsAt, now),
          gt(ceremonyDays.endsAt, new Date(now.getTime() - PLAN_WITHIN_MS)),
        ),
      )
      .returning({ id: ceremonyDays.id, endsAt: ceremonyDays.endsAt });
    let offered = 0;
    for (const day of ended) {
      const came = await tx
        .select({ placeId: ceremonyPlaces.id, userId: ceremonyPlaces.userId, email: users.email, name: users.name })
        .from(ceremonyPlaces)
        .innerJoin(users, eq(users.id, ceremonyPlaces.userId))
        .leftJoin(ceremonyAttendance, eq(ceremonyAttendance.placeId, ceremonyPlaces.id))
        .where(
          and(
            eq(ceremonyPlaces.dayId, day.id),
            eq(ceremonyPlaces.status, "confirmed"),
            // No record kept: counted as come; a record without an arrival: did not come.
            or(isNull(ceremonyAttendance.placeId), sql`${ceremonyAttendance.arrivedAt} is not null`),
          ),
        );
      for (const person of came) {
        if (env.FOLLOW_UP_DAYS.length > 0 && (await wantsMail(tx, person.userId, "followUps"))) {
          await tx
            .insert(followUps)
            .values(
              env.FOLLOW_UP_DAYS.map((days) => ({
                userId: person.userId,
                placeId: person.placeId,
                days,
                dueAt: new Date(day.endsAt.getTime() + days * DAY_MS),
              })),
            )
            .onConflictDoNothing();
        }
        await enqueue(tx, {
          kind: "ceremony.aftercare",
          to: person.email,
          subject: "After your ceremony",
          ...renderMail({
            heading: `Dear ${person.name}`,
            paragraphs: [
              "Thank you for journeying with us. The days after a ceremony are tender: rest, eat well, and be gentle with yourself.",
              "When you are ready, record an integration session on your pages: what you saw, what you felt, what you want to carry into your life. A Temple Keeper will read it only if you share it.",
              "You will also be invited to a few short check-ins over the coming months. If anything feels hard, write to us from your pages; if you are in danger, call 988 or your local emergency number.",
            ],
            action: { label: "Record your integration", url: `${env.SITE_URL}/integration` },
          }),
        });
        offered++;
      }
    }
    return offered;
  });
}

/** The member's own ceremonies that have taken place (a confirmed place on a day that ended), newest first. */
export function pastCeremonies(db: Db, userId: string, now = new Date()) {
  return db
    .select({ day: ceremonyDays, attended: ceremonyAttendance })
    .from(ceremonyPlaces)
    .innerJoin(ceremonyDays, eq(ceremonyDays.id, ceremonyPlaces.dayId))
    .leftJoin(ceremonyAttendance, eq(ceremonyAttendance.placeId, ceremonyPlaces.id))
    .where(
      and(eq(ceremonyPlaces.userId, userId), eq(ceremonyPlaces.status, "confirmed"), lte(ceremonyDays.endsAt, now)),
    )
    .orderBy(desc(ceremonyDays.startsAt))
    .limit(20);
}
