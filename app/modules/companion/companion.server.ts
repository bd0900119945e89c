import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { DAILY_PRACTICES, type InsightCategory } from "../../content/companion";
import type { Env } from "../../env.server";
import { keyringFor, open, openJson, seal, sealJson } from "../../lib/encryption.server";
import { exactTime, pastCursor } from "../../lib/keyset.server";
import { EXPORT_PAGE_SIZE, inPages } from "../../lib/streamed";
import { replyTo } from "./replies";
import { companionMessages, insights, practiceCompletions } from "./schema";

const HISTORY = 50;
const messageContext = (userId: string) => `companion:${userId}`;
const insightContext = (userId: string) => `insight:${userId}`;

/** The latest messages, oldest first (all of them for the data export). */
export async function conversation(db: Db, env: Env, userId: string, limit = HISTORY) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const rows = await db
    .select()
    .from(companionMessages)
    .where(eq(companionMessages.userId, userId))
    .orderBy(desc(companionMessages.id))
    .limit(limit);
  return rows.reverse().map((row) => {
    const content = JSON.parse(open(ring, row.sealed, messageContext(userId))) as {
      text: string;
      link?: { label: string; href: string };
    };
    return { id: row.id, role: row.role, ...content, createdAt: row.createdAt };
  });
}

/** Every message, oldest first, decrypted: the member's data export, read a page at a time (issue 47). */
export async function* exportConversation(db: Db, env: Env, userId: string) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const pages = inPages(EXPORT_PAGE_SIZE, (last?: { id: number }) =>
    db
      .select()
      .from(companionMessages)
      .where(and(eq(companionMessages.userId, userId), last ? gt(companionMessages.id, last.id) : undefined))
      .orderBy(asc(companionMessages.id))
      .limit(EXPORT_PAGE_SIZE),
  );
  for await (const row of pages) {
    const content = JSON.parse(open(ring, row.sealed, messageContext(userId))) as {
      text: string;
      link?: { label: string; href: string };
    };
    yield { id: row.id, role: row.role, ...content, createdAt: row.createdAt };
  }
}

/** Stores the member's message and the companion's reply together. */
export async function converse(db: Db, env: Env, userId: string, message: string) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const turns = await db.$count(companionMessages, eq(companionMessages.userId, userId));
  const reply = replyTo(message, Math.floor(turns / 2));
  await db.transaction(async (tx) => {
    await tx
      .insert(companionMessages)
      .values({ userId, role: "user", sealed: seal(ring, JSON.stringify({ text: message }), messageContext(userId)) });
    await tx
      .insert(companionMessages)
      .values({ userId, role: "companion", sealed: seal(ring, JSON.stringify(reply), messageContext(userId)) });
  });
  return reply;
}

/** `seed` (vision insights) redraws the generated image; no picture is stored. */
export async function saveInsight(
  db: Db,
  env: Env,
  userId: string,
  input: { category: InsightCategory; title: string; content: string; seed?: string },
) {
  const { category, ...text } = input;
  await db.insert(insights).values({
    userId,
    category,
    sealed: sealJson(keyringFor(env.DATA_ENCRYPTION_KEY), text, insightContext(userId)),
  });
}

/** What an insight was kept from, when it can be kept only once (unique per member: schema.ts). */
export const messageSource = (messageId: number) => `companion:${messageId}`;
export const practiceSource = (day: string, practiceId: string) => `practice:${day}:${practiceId}`;

/** Stores the insight unless the member already kept its source: a second press saves nothing new. */
async function keepOnce(
  db: Db,
  env: Env,
  userId: string,
  source: string,
  input: { category: InsightCategory; title: string; content: string },
) {
  const { category, ...text } = input;
  await db
    .insert(insights)
    .values({
      userId,
      category,
      source,
      sealed: sealJson(keyringFor(env.DATA_ENCRYPTION_KEY), text, insightContext(userId)),
    })
    .onConflictDoNothing({ target: [insights.userId, insights.source], where: sql`"source" is not null` });
}

/**
 * Keeps one of the companion's replies to the member as a conversation insight, its words read from
 * the stored message (never from the form), titled by the member's message before it. False when
 * the member has no such reply.
 */
export async function keepMessage(db: Db, env: Env, userId: string, messageId: number): Promise<boolean> {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const own = eq(companionMessages.userId, userId);
  const [reply] = await db
    .select()
    .from(companionMessages)
    .where(and(own, eq(companionMessages.id, messageId), eq(companionMessages.role, "companion")));
  if (!reply) return false;
  const [asked] = await db
    .select()
    .from(companionMessages)
    .where(and(own, eq(companionMessages.role, "user"), lt(companionMessages.id, messageId)))
    .orderBy(desc(companionMessages.id))
    .limit(1);
  const textOf = (sealed: string) => (JSON.parse(open(ring, sealed, messageContext(userId))) as { text: string }).text;
  await keepOnce(db, env, userId, messageSource(messageId), {
    category: "conversation",
    title: (asked ? textOf(asked.sealed) : "").slice(0, 200) || "From the companion",
    content: textOf(reply.sealed).slice(0, 2000),
  });
  return true;
}

/** Keeps a daily practice done today as a Practice insight, once per practice and day. False when not done. */
export async function keepPractice(db: Db, env: Env, userId: string, day: string, practiceId: string) {
  const practice = DAILY_PRACTICES.find((p) => p.id === practiceId);
  if (!practice || !(await practicesDone(db, userId, day)).includes(practiceId)) return false;
  await keepOnce(db, env, userId, practiceSource(day, practiceId), {
    category: "practice",
    title: practice.title,
    content: `${practice.duration} · ${practice.description}`,
  });
  return true;
}

/** Which of these sources the member has kept (to show their buttons as saved). */
export async function keptSources(db: Db, userId: string, sources: string[]): Promise<string[]> {
  if (sources.length === 0) return [];
  const rows = await db
    .select({ source: insights.source })
    .from(insights)
    .where(and(eq(insights.userId, userId), inArray(insights.source, sources)));
  return rows.flatMap((r) => (r.source ? [r.source] : []));
}

export async function listInsights(db: Db, env: Env, userId: string, category?: InsightCategory, limit = 100) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const rows = await db
    .select()
    .from(insights)
    .where(and(eq(insights.userId, userId), category ? eq(insights.category, category) : undefined))
    .orderBy(desc(insights.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    createdAt: row.createdAt,
    ...openJson<{ title: string; content: string; seed?: string }>(ring, row.sealed, insightContext(userId)),
  }));
}

/** Every insight, newest first, decrypted: the member's data export, read a page at a time (issue 47). */
export async function* exportInsights(db: Db, env: Env, userId: string) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const pages = inPages(EXPORT_PAGE_SIZE, (last?: { at: string; id: number }) =>
    db
      .select({ ...getTableColumns(insights), at: exactTime(insights.createdAt) })
      .from(insights)
      .where(and(eq(insights.userId, userId), pastCursor(insights.createdAt, insights.id, last, "desc")))
      .orderBy(desc(insights.createdAt), desc(insights.id))
      .limit(EXPORT_PAGE_SIZE),
  );
  for await (const row of pages) {
    yield {
      id: row.id,
      category: row.category,
      createdAt: row.createdAt,
      ...openJson<{ title: string; content: string; seed?: string }>(ring, row.sealed, insightContext(userId)),
    };
  }
}

export async function deleteInsight(db: Db, userId: string, id: number) {
  await db.delete(insights).where(and(eq(insights.id, id), eq(insights.userId, userId)));
}

export async function practicesDone(db: Db, userId: string, day: string): Promise<string[]> {
  const rows = await db
    .select({ practiceId: practiceCompletions.practiceId })
    .from(practiceCompletions)
    .where(and(eq(practiceCompletions.userId, userId), eq(practiceCompletions.day, day)));
  return rows.map((r) => r.practiceId);
}

export async function setPracticeDone(db: Db, userId: string, day: string, practiceId: string, done: boolean) {
  if (done) {
    await db.insert(practiceCompletions).values({ userId, day, practiceId }).onConflictDoNothing();
  } else {
    await db
      .delete(practiceCompletions)
      .where(
        and(
          eq(practiceCompletions.userId, userId),
          eq(practiceCompletions.day, day),
          eq(practiceCompletions.practiceId, practiceId),
        ),
      );
  }
}
