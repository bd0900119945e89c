import { and, asc, desc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { wantsMail } from "../accounts/mail-settings.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudit } from "../audit/audit.server";
import { type Circle, circleSignups, circles } from "./schema";
import { lockOpenCircle, moveUp, tell } from "./signups.server";

/*
 * The keepers' side of circles: scheduling, changing and cancelling one (each told to those it
 * concerns by email, with a calendar update), the lists, who attends (keepers only), and the
 * reminder the day before.
 */

export interface CircleInput {
  title: string;
  description: string;
  startsAt: Date;
  minutes: number;
  capacity: number;
  videoUrl: string;
}

type Staff = { id: string; name: string };

export async function scheduleCircle(db: Db, staff: Staff, input: CircleInput, ip?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(circles)
      .values({ ...input, createdById: staff.id, createdByName: staff.name })
      .returning({ id: circles.id });
    if (!row) throw new Error("circle not stored");
    await recordAudit(tx, { action: AUDIT_ACTIONS.circleScheduled, actor: staff, detail: { circle: row.id }, ip });
    return row.id;
  });
}

/** Those a change concerns: with a place (a calendar update), or also waiting (a cancellation). */
async function signedUp(tx: Db, circleId: number, withWaitlist: boolean) {
  const rows = await tx
    .select({ userId: circleSignups.userId, status: circleSignups.status })
    .from(circleSignups)
    .where(eq(circleSignups.circleId, circleId));
  return rows.filter((r) => r.status === "attending" || (withWaitlist && r.status === "waitlisted"));
}

/**
 * Changes a circle still ahead: SEQUENCE is raised with it, and everyone with a place gets the
 * calendar update. More places go to the waitlist at once; fewer take no place from anyone.
 */
export async function updateCircle(db: Db, env: Env, staff: Staff, id: number, input: CircleInput, ip?: string) {
  return db.transaction(async (tx) => {
    const open = await lockOpenCircle(tx, id);
    if (!open) return "missing" as const;
    const [circle] = await tx
      .update(circles)
      .set({ ...input, sequence: open.sequence + 1, updatedAt: new Date(), reminderSentAt: null })
      .where(eq(circles.id, id))
      .returning();
    if (!circle) return "missing" as const;
    for (const person of await signedUp(tx, id, false)) await tell(tx, env, circle, person.userId, "changed");
    await moveUp(tx, env, circle);
    await recordAudit(tx, { action: AUDIT_ACTIONS.circleChanged, actor: staff, detail: { circle: id }, ip });
    return "updated" as const;
  });
}

/** Cancels a circle still ahead: everyone signed up is told (those with a place get CANCEL for their calendar). */
export async function cancelCircle(db: Db, env: Env, staff: Staff, id: number, ip?: string) {
  return db.transaction(async (tx) => {
    const open = await lockOpenCircle(tx, id);
    if (!open) return "missing" as const;
    const [circle] = await tx
      .update(circles)
      .set({ status: "cancelled", sequence: open.sequence + 1, updatedAt: new Date() })
      .where(eq(circles.id, id))
      .returning();
    if (!circle) return "missing" as const;
    for (const person of await signedUp(tx, id, true)) {
      // Someone only waiting has nothing in their calendar: a plain note (the "left" words would be wrong).
      await tell(tx, env, circle, person.userId, person.status === "attending" ? "cancelled" : "cancelled-waiting");
    }
    await recordAudit(tx, { action: AUDIT_ACTIONS.circleCancelled, actor: staff, detail: { circle: id }, ip });
    return "cancelled" as const;
  });
}

const count = (status: "attending" | "waitlisted") =>
  sql<number>`(select count(*)::int from ${circleSignups} s where s.circle_id = ${circles.id} and s.status = ${status})`;

/** The console's list: circles from a week ago on, soonest first, with how many attend and wait. */
export function circlesForStaff(db: Db, now = new Date()) {
  return db
    .select({ circle: circles, attending: count("attending"), waiting: count("waitlisted") })
    .from(circles)
    .where(gte(circles.startsAt, new Date(now.getTime() - 7 * 86_400_000)))
    .orderBy(asc(circles.startsAt))
    .limit(100);
}

/** One circle for keepers, with who has a place and who waits (in order): the only place names are shown. */
export async function circleForStaff(db: Db, id: number) {
  const [circle] = await db.select().from(circles).where(eq(circles.id, id));
  if (!circle) return null;
  const people = await db
    .select({ name: users.name, email: users.email, status: circleSignups.status, joinedAt: circleSignups.joinedAt })
    .from(circleSignups)
    .innerJoin(users, eq(users.id, circleSignups.userId))
    .where(eq(circleSignups.circleId, id))
    .orderBy(asc(circleSignups.joinedAt), asc(circleSignups.id));
  return {
    circle,
    attending: people.filter((p) => p.status === "attending"),
    waiting: people.filter((p) => p.status === "waitlisted"),
  };
}

/** The day-before reminder: each circle starting within a day is claimed once; attendees get it unless they turned session reminders off. */
export async function sendCircleReminders(db: Db, env: Env, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due: Circle[] = await tx
      .update(circles)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(circles.status, "scheduled"),
          isNull(circles.reminderSentAt),
          gte(circles.startsAt, now),
          lte(circles.startsAt, new Date(now.getTime() + 24 * 3_600_000)),
        ),
      )
      .returning();
    let sent = 0;
    for (const circle of due) {
      for (const person of await signedUp(tx, circle.id, false)) {
        if (!(await wantsMail(tx, person.userId, "sessionReminders"))) continue;
        await tell(tx, env, circle, person.userId, "reminder");
        sent += 1;
      }
    }
    return sent;
  });
}

/** The member's own signups, for their data export. */
export function exportCircleSignups(db: Db, userId: string) {
  return db
    .select({
      circle: circles.title,
      startsAt: circles.startsAt,
      status: circleSignups.status,
      joinedAt: circleSignups.joinedAt,
    })
    .from(circleSignups)
    .innerJoin(circles, eq(circles.id, circleSignups.circleId))
    .where(eq(circleSignups.userId, userId))
    .orderBy(desc(circles.startsAt));
}
