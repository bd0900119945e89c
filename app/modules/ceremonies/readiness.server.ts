import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { users } from "../accounts/schema";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { DOCUMENT_KINDS } from "./documents";
import { ceremonyDays, ceremonyFlags, ceremonyPlaces, preparationSessions, readinessDocuments } from "./schema";

/*
 * The keepers' side of a participant's readiness: the preparation session (scheduled 90 days to 24
 * hours before the ceremony, marked held once it has begun), settling the flags the packet raised,
 * confirming the place once everything is in, and reminding those whose packet is not. Each act
 * locks the place's row and is audited.
 */

type Staff = { id: string; name: string };
const HOUR = 3_600_000;
/** The preparation session's window before the ceremony begins (OAR 333-333-5000 asks for one before it). */
export const PREPARATION_WINDOW = { latestHoursBefore: 24, earliestDaysBefore: 90 } as const;

/** A place on the given day, its row locked, with its day. */
async function lockPlace(tx: Db, dayId: number, placeId: number) {
  const [row] = await tx
    .select({ place: ceremonyPlaces, day: ceremonyDays })
    .from(ceremonyPlaces)
    .innerJoin(ceremonyDays, eq(ceremonyDays.id, ceremonyPlaces.dayId))
    .where(and(eq(ceremonyPlaces.id, placeId), eq(ceremonyPlaces.dayId, dayId)))
    .for("update", { of: ceremonyPlaces });
  return row ?? null;
}

export const inPreparationWindow = (startsAt: Date, ceremony: Date) =>
  startsAt.getTime() <= ceremony.getTime() - PREPARATION_WINDOW.latestHoursBefore * HOUR &&
  startsAt.getTime() >= ceremony.getTime() - PREPARATION_WINDOW.earliestDaysBefore * 24 * HOUR;

export type PrepareOutcome = "scheduled" | "missing" | "window" | "held-already";

/** Schedules (or moves, until held) a place's preparation session, led by this keeper. */
export async function schedulePreparation(
  db: Db,
  staff: Staff,
  dayId: number,
  placeId: number,
  startsAt: Date,
  ip?: string,
) {
  return db.transaction(async (tx): Promise<PrepareOutcome> => {
    const row = await lockPlace(tx, dayId, placeId);
    if (!row || row.place.status === "declined" || row.place.status === "released") return "missing";
    if (!inPreparationWindow(startsAt, row.day.startsAt)) return "window";
    const [held] = await tx.select().from(preparationSessions).where(eq(preparationSessions.placeId, placeId));
    if (held?.heldAt) return "held-already";
    const values = { startsAt, keeperId: staff.id, keeperName: staff.name };
    await tx
      .insert(preparationSessions)
      .values({ placeId, ...values })
      .onConflictDoUpdate({ target: preparationSessions.placeId, set: values });
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.preparationScheduled,
      actor: staff,
      subjectUserId: row.place.userId,
      detail: { place: placeId },
      ip,
    });
    return "scheduled";
  });
}

export type HeldOutcome = "held" | "missing" | "not-scheduled" | "not-yet" | "held-already";

/** Marks a place's preparation session held by the keeper who led it, once it has begun. */
export async function markPreparationHeld(
  db: Db,
  staff: Staff,
  dayId: number,
  placeId: number,
  now = new Date(),
  ip?: string,
) {
  return db.transaction(async (tx): Promise<HeldOutcome> => {
    const row = await lockPlace(tx, dayId, placeId);
    if (!row) return "missing";
    const [session] = await tx.select().from(preparationSessions).where(eq(preparationSessions.placeId, placeId));
    if (!session) return "not-scheduled";
    if (session.heldAt) return "held-already";
    if (session.startsAt > now) return "not-yet";
    await tx
      .update(preparationSessions)
      .set({ heldAt: now, heldById: staff.id, heldByName: staff.name })
      .where(eq(preparationSessions.placeId, placeId));
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.preparationHeld,
      actor: staff,
      subjectUserId: row.place.userId,
      detail: { place: placeId },
      ip,
    });
    return "held";
  });
}

export type SettleOutcome = "settled" | "missing" | "settled-already" | "cannot-clear";

/**
 * A keeper's judgement on a flag: `cleared` (talked with them; the place may go ahead) or
 * `declined` (not this ceremony: the place is released). A flag that rules someone out is never cleared.
 */
export async function settleFlag(
  db: Db,
  staff: Staff,
  dayId: number,
  flagId: number,
  outcome: "cleared" | "declined",
  now = new Date(),
  ip?: string,
) {
  return db.transaction(async (tx): Promise<SettleOutcome> => {
    const [flag] = await tx.select().from(ceremonyFlags).where(eq(ceremonyFlags.id, flagId));
    const row = flag ? await lockPlace(tx, dayId, flag.placeId) : null;
    if (!flag || !row) return "missing";
    if (flag.settledAt) return "settled-already";
    if (flag.severity === "excludes" && outcome === "cleared") return "cannot-clear";
    await tx
      .update(ceremonyFlags)
      .set({ outcome, settledAt: now, settledById: staff.id, settledByName: staff.name })
      .where(eq(ceremonyFlags.id, flagId));
    if (outcome === "declined") {
      await tx
        .update(ceremonyPlaces)
        .set({ status: "released", updatedAt: now })
        .where(eq(ceremonyPlaces.id, flag.placeId));
    }
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.ceremonyFlagSettled,
      actor: staff,
      subjectUserId: row.place.userId,
      detail: { place: flag.placeId, flag: flag.code, outcome },
      ip,
    });
    return "settled";
  });
}

/** What a place still lacks before it can be confirmed, in the order a keeper meets it. */
export async function whatBlocks(tx: Db, placeId: number) {
  const [[signed], [open], [session]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(readinessDocuments)
      .where(and(eq(readinessDocuments.placeId, placeId), isNull(readinessDocuments.withdrawnAt))),
    tx
      .select({ n: count() })
      .from(ceremonyFlags)
      .innerJoin(readinessDocuments, eq(readinessDocuments.id, ceremonyFlags.documentId))
      .where(
        and(
          eq(ceremonyFlags.placeId, placeId),
          isNull(readinessDocuments.withdrawnAt),
          or(isNull(ceremonyFlags.settledAt), eq(ceremonyFlags.outcome, "declined")),
        ),
      ),
    tx.select().from(preparationSessions).where(eq(preparationSessions.placeId, placeId)),
  ]);
  const blocks: Array<"packet-incomplete" | "flags-open" | "no-preparation"> = [];
  if ((signed?.n ?? 0) < DOCUMENT_KINDS.length) blocks.push("packet-incomplete");
  if ((open?.n ?? 0) > 0) blocks.push("flags-open");
  if (!session?.heldAt) blocks.push("no-preparation");
  return blocks;
}

export type ConfirmOutcome =
  | "confirmed"
  | "missing"
  | "not-accepted"
  | "packet-incomplete"
  | "flags-open"
  | "no-preparation";

/** Confirms an accepted place once its packet is signed, every flag settled and the preparation held; tells the member. */
export async function confirmPlace(db: Db, env: Env, staff: Staff, dayId: number, placeId: number, ip?: string) {
  return db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const row = await lockPlace(tx, dayId, placeId);
    if (!row) return "missing";
    if (row.place.status !== "accepted") return "not-accepted";
    const [block] = await whatBlocks(tx, placeId);
    if (block) return block;
    const now = new Date();
    await tx
      .update(ceremonyPlaces)
      .set({ status: "confirmed", confirmedAt: now, updatedAt: now })
      .where(eq(ceremonyPlaces.id, placeId));
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.ceremonyPlaceConfirmed,
      actor: staff,
      subjectUserId: row.place.userId,
      detail: { place: placeId },
      ip,
    });
    const [member] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, row.place.userId));
    if (member) {
      await enqueue(tx, {
        kind: "ceremony.confirmed",
        to: member.email,
        subject: "Your place at the ceremony is confirmed",
        ...renderMail({
          heading: `Dear ${member.name}`,
          paragraphs: [
            "Your readiness packet is complete and your preparation session is held: your place is confirmed.",
            "Sign in to read where and when, and what to bring.",
          ],
          action: { label: "See your ceremony", url: `${env.SITE_URL}/ceremony` },
        }),
      });
    }
    return "confirmed";
  });
}

/**
 * Reminds each participant of the day whose accepted place still lacks a signed document: an email
 * with a link and nothing of their packet, at most once a day per place (claimed by one UPDATE, so
 * a double press or two keepers send one each).
 */
export async function remindMissing(db: Db, env: Env, dayId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(ceremonyPlaces)
      .set({ remindedAt: now })
      .where(
        and(
          eq(ceremonyPlaces.dayId, dayId),
          eq(ceremonyPlaces.status, "accepted"),
          or(isNull(ceremonyPlaces.remindedAt), lt(ceremonyPlaces.remindedAt, new Date(now.getTime() - 24 * HOUR))),
        ),
      )
      .returning({ id: ceremonyPlaces.id, userId: ceremonyPlaces.userId });
    let sent = 0;
    for (const place of claimed) {
      if (!(await whatBlocks(tx, place.id)).includes("packet-incomplete")) continue;
      const [member] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, place.userId));
      if (!member) continue;
      await enqueue(tx, {
        kind: "ceremony.reminder",
        to: member.email,
        subject: "Your readiness packet waits for you",
        ...renderMail({
          heading: `Dear ${member.name}`,
          paragraphs: [
            "Some documents of your readiness packet are not signed yet. Your place is confirmed once they are.",
            "For your privacy this email says nothing more; sign in to see what is missing.",
          ],
          action: { label: "Open your readiness packet", url: `${env.SITE_URL}/ceremony` },
        }),
      });
      sent++;
    }
    return sent;
  });
}
