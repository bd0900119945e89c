import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { speaksOfCrisis } from "../care/crisis";
import { notifyKeepers } from "../care/notify-keepers.server";
import { CARE_WITHIN_DAYS } from "./plan.server";
import { type CareReason, type FollowUp, followUps } from "./schema";
import { LOW_SCORE, VERY_LOW_SCORE, who5Percent } from "./who5";

/*
 * A member's follow-up check-ins: reading their own, and answering one once. The answers are sealed
 * for the member and the row; what a keeper learns is only that one waits for them, why, and by when.
 */

export interface FollowUpAnswers {
  /** The five WHO-5 answers, 0–5 points each, in the statements' order. */
  points: number[];
  note: string;
}

export interface MemberFollowUp {
  id: number;
  days: number;
  dueAt: Date;
  answeredAt: Date | null;
  answers: FollowUpAnswers | null;
  /** The WHO-5 percentage of the answers (0–100), if answered. */
  percent: number | null;
}

const answersContext = (userId: string, id: number) => `follow-up:${userId}:${id}`;

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
    percent: answers ? who5Percent(answers.points) : null,
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

/** Whether a check-in of the member's own takes answers now: checked before anything posted to it is read. */
export async function followUpState(
  db: Db,
  userId: string,
  id: number,
  now = new Date(),
): Promise<"missing" | "early" | "answered-already" | "open"> {
  const [row] = await db
    .select({ dueAt: followUps.dueAt, answeredAt: followUps.answeredAt })
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.userId, userId)));
  if (!row) return "missing";
  if (row.answeredAt) return "answered-already";
  return row.dueAt > now ? "early" : "open";
}

/** The member's check-ins, planned and answered, in the order they fall due. */
export async function memberFollowUps(db: Db, env: Env, userId: string): Promise<MemberFollowUp[]> {
  const rows = await db.select().from(followUps).where(eq(followUps.userId, userId)).orderBy(asc(followUps.dueAt));
  return rows.map((row) => opened(env, row));
}

/** The member's answered check-ins only (the wellbeing chart, the export). */
export async function answeredFollowUps(db: Db, env: Env, userId: string): Promise<MemberFollowUp[]> {
  const rows = await db
    .select()
    .from(followUps)
    .where(and(eq(followUps.userId, userId), isNotNull(followUps.answeredAt)))
    .orderBy(asc(followUps.answeredAt));
  return rows.map((row) => opened(env, row));
}

export type AnswerOutcome =
  | { kind: "missing" }
  | { kind: "early"; dueAt: Date }
  | { kind: "answered-already" }
  | { kind: "answered"; care: boolean };

/** What the keepers' email says of why (never the answers themselves). */
const CARE_WORDS: Record<CareReason, string> = {
  crisis:
    "What the member wrote speaks of harm or danger. They were shown crisis lines at once; please reach out today.",
  low: "The member's wellbeing answers were low. Please reach out to them; the follow-up queue says by when.",
  missed: "A check-in went unanswered. Please reach out gently; the follow-up queue says by when.",
};

/** Why an answer should bring a keeper, and how soon: words of harm or danger, or a low WHO-5 score. */
function careFor(percent: number, note: string): { reason: CareReason; urgent: boolean } | null {
  if (speaksOfCrisis(note)) return { reason: "crisis", urgent: true };
  if (percent < LOW_SCORE) return { reason: "low", urgent: percent <= VERY_LOW_SCORE };
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
  const care = careFor(who5Percent(answers.points), answers.note);
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
            careDueAt: care.urgent ? now : new Date(now.getTime() + CARE_WITHIN_DAYS * 24 * 3_600_000),
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
