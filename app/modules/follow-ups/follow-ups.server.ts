import { and, asc, eq, getTableColumns, gte, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { exactTime, pastCursor } from "../../lib/keyset.server";
import { EXPORT_PAGE_SIZE, inPages } from "../../lib/streamed";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { CARE_WITHIN_DAYS, URGENT_WITHIN_MS } from "./plan.server";
import { type CareReason, type FollowUp, followUps } from "./schema";
import { type CheckInKind, checkInKind, LOW_SCORE, VERY_LOW_SCORE, WHO5_ITEMS, who5Percent } from "./who5";

/*
 * A member's follow-up check-ins: reading their own, and answering one once. The answers are sealed
 * for the member and the row; what a keeper learns is only that one waits for them, why, and by when.
 */

export interface FollowUpAnswers {
  /** The five WHO-5 answers, 0–5 points each, in the statements' order; none for a short check-in. */
  points: number[];
  note: string;
}

export interface MemberFollowUp {
  id: number;
  days: number;
  dueAt: Date;
  answeredAt: Date | null;
  answers: FollowUpAnswers | null;
  /** The WHO-5 percentage of the answers (0–100), if answered and a WHO-5 (a short check-in has none). */
  percent: number | null;
  kind: CheckInKind;
}

/**
 * How long a check-in asks the member: from its due date for two weeks (the WHO-5's own window: an answer given later
 * tells of other weeks than those asked about), then it **lapses**: the dashboard offers it no more and its page takes
 * no answer. A week after it was due an unanswered one already waits for a keeper (`MISSED_AFTER_DAYS`), who sees it in
 * the console until they mark it done, lapsed or not; the member is asked again at the next step of the schedule.
 */
export const ANSWER_WITHIN_DAYS = 14;
export const lapsesAt = (dueAt: Date) => new Date(dueAt.getTime() + ANSWER_WITHIN_DAYS * 86_400_000);

/** Whether a check-in takes the member's answer at `now`: due, not answered, not lapsed. */
export const takesAnswers = (item: { dueAt: Date; answeredAt: Date | null }, now: Date) =>
  !item.answeredAt && item.dueAt <= now && now < lapsesAt(item.dueAt);

export const answersContext = (userId: string, id: number) => `follow-up:${userId}:${id}`;

function opened(env: Env, row: FollowUp): MemberFollowUp {
  const answers = row.sealed
    ? openJson<FollowUpAnswers>(keyringFor(env.DATA_ENCRYPTION_KEY), row.sealed, answersContext(row.userId, row.id))
    : null;
  return {
    id: row.id,
    days: row.days,
    dueAt: row.dueAt,
    answeredAt: row.answeredAt,
    answers,
    percent: answers && answers.points.length === WHO5_ITEMS.length ? who5Percent(answers.points) : null,
    kind: checkInKind(row.days),
  };
}

/** One of the member's own check-ins (another's is none). */
export async function memberFollowUp(db: Db, env: Env, userId: string, id: number): Promise<MemberFollowUp | null> {
  const [row] = await db
    .select()
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.userId, userId)));
  return row ? opened(env, row) : null;
}

/**
 * Whether a check-in of the member's own takes answers now, and which form it is (a short one, or
 * the WHO-5): checked before anything posted to it is read.
 */
export async function followUpState(
  db: Db,
  userId: string,
  id: number,
  now = new Date(),
): Promise<{ state: "missing" | "early" | "answered-already" | "lapsed" | "open"; kind: CheckInKind }> {
  const [row] = await db
    .select({ dueAt: followUps.dueAt, answeredAt: followUps.answeredAt, days: followUps.days })
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.userId, userId)));
  if (!row) return { state: "missing", kind: "short" };
  const kind = checkInKind(row.days);
  if (row.answeredAt) return { state: "answered-already", kind };
  if (row.dueAt > now) return { state: "early", kind };
  return { state: takesAnswers(row, now) ? "open" : "lapsed", kind };
}

/** The member's check-ins, planned and answered, in the order they fall due (their export: all of them). */
export async function memberFollowUps(db: Db, env: Env, userId: string): Promise<MemberFollowUp[]> {
  const rows = await db.select().from(followUps).where(eq(followUps.userId, userId)).orderBy(asc(followUps.dueAt));
  return rows.map((row) => opened(env, row));
}

/** Every check-in, by when it fell due, opened: the member's data export, a page at a time (issue 47). */
export async function* exportFollowUps(db: Db, env: Env, userId: string) {
  const pages = inPages(EXPORT_PAGE_SIZE, (last?: { at: string; id: number }) =>
    db
      .select({ ...getTableColumns(followUps), at: exactTime(followUps.dueAt) })
      .from(followUps)
      .where(and(eq(followUps.userId, userId), pastCursor(followUps.dueAt, followUps.id, last, "asc")))
      .orderBy(asc(followUps.dueAt), asc(followUps.id))
      .limit(EXPORT_PAGE_SIZE),
  );
  for await (const row of pages) yield opened(env, row);
}

/**
 * The member's check-ins that fell due from `since` until `now`, in that order: the dashboard's (the open ones it
 * offers, the answers its six-month chart draws). Bounded by time on `follow_ups_user_idx`, not by the years of
 * sessions behind them (issue 47): a check-in left unanswered stops being offered once it is older than that.
 */
export async function recentFollowUps(
  db: Db,
  env: Env,
  userId: string,
  since: Date,
  now = new Date(),
): Promise<MemberFollowUp[]> {
  const rows = await db
    .select()
    .from(followUps)
    .where(and(eq(followUps.userId, userId), gte(followUps.dueAt, since), lte(followUps.dueAt, now)))
    .orderBy(asc(followUps.dueAt));
  return rows.map((row) => opened(env, row));
}

export type AnswerOutcome =
  | { kind: "missing" }
  | { kind: "early"; dueAt: Date }
  | { kind: "answered-already" }
  | { kind: "lapsed" }
  | { kind: "answered"; care: boolean };

/** What the keepers' email says of why (never the answers themselves). */
const CARE_WORDS: Record<CareReason, string> = {
  crisis:
    "What the member wrote speaks of harm or danger. They were shown crisis lines at once; please reach out today.",
  low: "The member's wellbeing answers were low. Please reach out to them; the follow-up queue says by when.",
  missed: "A check-in went unanswered. Please reach out gently; the follow-up queue says by when.",
};

/**
 * Why an answer should bring a keeper, and how soon: words of harm or danger, or a low WHO-5 score
 * (a short check-in has only words).
 */
function careFor(percent: number | null, note: string): { reason: CareReason; urgent: boolean } | null {
  if (speaksOfCrisis(note)) return { reason: "crisis", urgent: true };
  if (percent !== null && percent < LOW_SCORE) return { reason: "low", urgent: percent <= VERY_LOW_SCORE };
  return null;
}

/**
 * Answers one of the member's own check-ins, once (the row is locked; a second answer is refused).
 * A low score or words of harm or danger make it wait for a keeper, who is told by an email without
 * any of it; a check-in that had been marked missed and is now answered well needs no one.
 */
export async function answerFollowUp(
  tx: Db,
  env: Env,
  userId: string,
  id: number,
  answers: FollowUpAnswers,
  now = new Date(),
): Promise<AnswerOutcome> {
  const [row] = await tx
    .select()
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.userId, userId)))
    .for("update");
  if (!row) return { kind: "missing" };
  if (row.dueAt > now) return { kind: "early", dueAt: row.dueAt };
  if (row.answeredAt) return { kind: "answered-already" };
  if (!takesAnswers(row, now)) return { kind: "lapsed" };
  // The form asked what the check-in's kind asks: five statements only from two weeks on.
  const who5 = checkInKind(row.days) === "who5";
  if (who5 !== (answers.points.length === WHO5_ITEMS.length)) throw new Error("answers do not fit the check-in");
  const care = careFor(who5 ? who5Percent(answers.points) : null, answers.note);
  const sealed = sealJson(keyringFor(env.DATA_ENCRYPTION_KEY), answers, answersContext(userId, id));
  const missedAndOpen = row.careReason === "missed" && !row.careDoneAt;
  await tx
    .update(followUps)
    .set({
      answeredAt: now,
      sealed,
      ...(care
        ? {
            careReason: care.reason,
            careUrgent: care.urgent,
            careDueAt: new Date(now.getTime() + (care.urgent ? URGENT_WITHIN_MS : CARE_WITHIN_DAYS * 24 * 3_600_000)),
            careDoneAt: null,
            careDoneByName: null,
          }
        : missedAndOpen
          ? { careDoneAt: now, careDoneByName: "Answered by the member" }
          : {}),
    })
    .where(eq(followUps.id, id));
  if (care) {
    await notifyKeepers(tx, env, {
      kind: "follow-up.notify",
      what: "A member's follow-up check-in",
      path: "/console/follow-ups",
      ref: String(id),
      urgent: care.urgent,
      why: CARE_WORDS[care.reason],
    });
  }
  return { kind: "answered", care: care?.reason === "crisis" };
}
