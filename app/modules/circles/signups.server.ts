import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { profiles, users } from "../accounts/schema";
import { enqueue } from "../mail/outbox.server";
import { type CircleNews, circleMail } from "./mails";
import { type Circle, circleSignups, circles } from "./schema";

/*
 * A member's side of circles: the upcoming ones with their own place, joining (a place while there
 * is one, else the waitlist), and leaving (the first on the waitlist moves up). Each change locks the
 * circle's row, so two members can never take its last place together, however many instances run.
 */

export type SignupStatus = "attending" | "waitlisted" | "left";

/** Tells one member news of a circle, in the caller's transaction (with their zone for the time). */
export async function tell(tx: Db, env: Env, circle: Circle, userId: string, news: CircleNews) {
  const [member] = await tx
    .select({ name: users.name, email: users.email, timezone: profiles.timezone })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (member) await enqueue(tx, circleMail(circle, member, news, env));
}

/** How many places a circle has taken. */
async function taken(tx: Db, circleId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(circleSignups)
    .where(and(eq(circleSignups.circleId, circleId), eq(circleSignups.status, "attending")));
  return row?.n ?? 0;
}

/** Gives open places to the waitlist, first joined first, each told by email; with the circle's row locked. */
export async function moveUp(tx: Db, env: Env, circle: Circle): Promise<void> {
  let open = circle.capacity - (await taken(tx, circle.id));
  while (open > 0) {
    const [next] = await tx
      .select()
      .from(circleSignups)
      .where(and(eq(circleSignups.circleId, circle.id), eq(circleSignups.status, "waitlisted")))
      .orderBy(asc(circleSignups.joinedAt), asc(circleSignups.id))
      .limit(1);
    if (!next) return;
    await tx
      .update(circleSignups)
      .set({ status: "attending", updatedAt: new Date() })
      .where(eq(circleSignups.id, next.id));
    await tell(tx, env, circle, next.userId, "promoted");
    open -= 1;
  }
}

/** The circle, locked for a change, if it is still ahead and not cancelled. */
export async function lockOpenCircle(tx: Db, id: number, now = new Date()): Promise<Circle | null> {
  const [circle] = await tx
    .select()
    .from(circles)
    .where(and(eq(circles.id, id), eq(circles.status, "scheduled"), gt(circles.startsAt, now)))
    .for("update");
  return circle ?? null;
}

/** The member's own signup for a circle, if any. */
async function signupOf(tx: Db, circleId: number, userId: string) {
  const [mine] = await tx
    .select()
    .from(circleSignups)
    .where(and(eq(circleSignups.circleId, circleId), eq(circleSignups.userId, userId)));
  return mine;
}

export type JoinOutcome = "attending" | "waitlisted" | "missing";

/** Joins a circle: a place while one is free, else the end of the waitlist; joining again changes nothing. */
export async function joinCircle(tx: Db, env: Env, userId: string, id: number): Promise<JoinOutcome> {
  const circle = await lockOpenCircle(tx, id);
  if (!circle) return "missing";
  const mine = await signupOf(tx, id, userId);
  if (mine && mine.status !== "left") return mine.status;
  const status = (await taken(tx, id)) < circle.capacity ? "attending" : "waitlisted";
  const now = new Date();
  await tx
    .insert(circleSignups)
    .values({ circleId: id, userId, status, joinedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [circleSignups.circleId, circleSignups.userId],
      set: { status, joinedAt: now, updatedAt: now },
    });
  await tell(tx, env, circle, userId, status === "attending" ? "place" : "waitlisted");
  return status;
}

/** Leaves a circle (a place or the waitlist); a place given up goes to the first on the waitlist. */
export async function leaveCircle(tx: Db, env: Env, userId: string, id: number): Promise<"left" | "missing"> {
  const circle = await lockOpenCircle(tx, id);
  if (!circle) return "missing";
  const mine = await signupOf(tx, id, userId);
  if (!mine || mine.status === "left") return "left";
  await tx.update(circleSignups).set({ status: "left", updatedAt: new Date() }).where(eq(circleSignups.id, mine.id));
  if (mine.status === "attending") {
    await tell(tx, env, circle, userId, "left");
    await moveUp(tx, env, circle);
  }
  return "left";
}

export interface MemberCircle {
  id: number;
  title: string;
  description: string;
  startsAt: Date;
  minutes: number;
  placesLeft: number;
  status: SignupStatus | null;
  /** Only for a member with a place. */
  videoUrl: string | null;
  cancelled: boolean;
}

function forMember(circle: Circle, attending: number, status: SignupStatus | null): MemberCircle {
  return {
    id: circle.id,
    title: circle.title,
    description: circle.description,
    startsAt: circle.startsAt,
    minutes: circle.minutes,
    placesLeft: Math.max(0, circle.capacity - attending),
    status,
    videoUrl: status === "attending" && circle.status === "scheduled" ? circle.videoUrl : null,
    cancelled: circle.status === "cancelled",
  };
}

const attendingCount = sql<number>`(select count(*)::int from ${circleSignups} s where s.circle_id = ${circles.id} and s.status = 'attending')`;

/** The circles still ahead, soonest first, each with the places left and this member's own place (never who else). */
export async function upcomingCircles(db: Db, userId: string, now = new Date()): Promise<MemberCircle[]> {
  const rows = await db
    .select({ circle: circles, attending: attendingCount, status: circleSignups.status })
    .from(circles)
    .leftJoin(circleSignups, and(eq(circleSignups.circleId, circles.id), eq(circleSignups.userId, userId)))
    .where(and(eq(circles.status, "scheduled"), gt(circles.startsAt, now)))
    .orderBy(asc(circles.startsAt))
    .limit(50);
  return rows.map((r) => forMember(r.circle, r.attending, r.status));
}

/** One circle as a member sees it (a cancelled or past one too, so an emailed link still says what became of it). */
export async function circleForMember(db: Db, userId: string, id: number): Promise<MemberCircle | null> {
  const [row] = await db
    .select({ circle: circles, attending: attendingCount, status: circleSignups.status })
    .from(circles)
    .leftJoin(circleSignups, and(eq(circleSignups.circleId, circles.id), eq(circleSignups.userId, userId)))
    .where(eq(circles.id, id));
  return row ? forMember(row.circle, row.attending, row.status) : null;
}
