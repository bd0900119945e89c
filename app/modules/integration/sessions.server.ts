import { randomUUID } from "node:crypto";
import { and, desc, eq, getTableColumns, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { exactTime, pastCursor } from "../../lib/keyset.server";
import { EXPORT_PAGE_SIZE, inPages } from "../../lib/streamed";
import { integrationSessions } from "./schema";
import type { IntegrationSessionInput } from "./validation";

type Text = Omit<IntegrationSessionInput, "tags"> & { vision?: { prompt: string; seed: string } };
export const context = (userId: string, id: string) => `integration:${userId}:${id}`;

export async function saveSession(db: Db, env: Env, userId: string, input: IntegrationSessionInput): Promise<string> {
  const id = randomUUID();
  const { tags, ...text } = input;
  await db
    .insert(integrationSessions)
    .values({ id, userId, tags, sealed: sealJson(keyringFor(env.DATA_ENCRYPTION_KEY), text, context(userId, id)) });
  return id;
}

function open(env: Env, row: typeof integrationSessions.$inferSelect) {
  return {
    id: row.id,
    tags: row.tags,
    createdAt: row.createdAt,
    ...openJson<Text>(keyringFor(env.DATA_ENCRYPTION_KEY), row.sealed, context(row.userId, row.id)),
  };
}
export type IntegrationSession = ReturnType<typeof open>;

/**
 * The member's sessions, newest first; `q` matches title, tags and emotions, case-insensitively
 * (SPEC.md "Sacred Archive"). The text is encrypted, so matching happens after opening.
 */
export async function listSessions(db: Db, env: Env, userId: string, q = "", limit = 200) {
  const rows = await db
    .select()
    .from(integrationSessions)
    .where(eq(integrationSessions.userId, userId))
    .orderBy(desc(integrationSessions.createdAt))
    .limit(limit);
  const needle = q.trim().toLowerCase();
  const sessions = rows.map((row) => open(env, row));
  if (!needle) return sessions;
  return sessions.filter(
    (s) =>
      s.title.toLowerCase().includes(needle) ||
      s.emotions.toLowerCase().includes(needle) ||
      s.tags.some((t) => t.toLowerCase().includes(needle)),
  );
}

/** Every session, decrypted, for the member's data export: newest first, read a page at a time (issue 47). */
export async function* exportSessions(db: Db, env: Env, userId: string) {
  type Row = typeof integrationSessions.$inferSelect & { at: string };
  const t = integrationSessions;
  const pages = inPages(EXPORT_PAGE_SIZE, (last?: Row) =>
    db
      .select({ ...getTableColumns(t), at: exactTime(t.createdAt) })
      .from(t)
      .where(and(eq(t.userId, userId), pastCursor(t.createdAt, t.id, last, "desc")))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(EXPORT_PAGE_SIZE),
  );
  for await (const row of pages) yield open(env, row);
}

export const SESSION_PAGE_SIZE = 20;

/**
 * A page of the member's sessions, newest first, before the cursor `before` (a created-at instant):
 * the archive's cost stays one page however many years of sessions there are (issue 47). `older`
 * is the cursor of the next page, or null at the first session.
 */
export async function sessionPage(db: Db, env: Env, userId: string, before?: Date) {
  const rows = await db
    .select()
    .from(integrationSessions)
    .where(and(eq(integrationSessions.userId, userId), before ? lt(integrationSessions.createdAt, before) : undefined))
    .orderBy(desc(integrationSessions.createdAt))
    .limit(SESSION_PAGE_SIZE + 1);
  const shown = rows.slice(0, SESSION_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    sessions: shown.map((row) => open(env, row)),
    older: rows.length > SESSION_PAGE_SIZE && last ? last.createdAt.toISOString() : null,
  };
}

/** Keeps a generated vision with one of the member's sessions (its prompt and seed; the image is redrawn). */
export async function attachVision(
  db: Db,
  env: Env,
  userId: string,
  id: string,
  vision: { prompt: string; seed: string },
) {
  const session = await getSession(db, env, userId, id);
  if (!session) return false;
  const { id: _, tags: __, createdAt: ___, ...text } = session;
  await db
    .update(integrationSessions)
    .set({ sealed: sealJson(keyringFor(env.DATA_ENCRYPTION_KEY), { ...text, vision }, context(userId, id)) })
    .where(and(eq(integrationSessions.id, id), eq(integrationSessions.userId, userId)));
  return true;
}

export async function getSession(db: Db, env: Env, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(integrationSessions)
    .where(and(eq(integrationSessions.id, id), eq(integrationSessions.userId, userId)));
  return row ? open(env, row) : null;
}

/** One session as Markdown, for "Export". */
export function sessionMarkdown(session: IntegrationSession): string {
  const section = (title: string, text: string) => (text ? `\n## ${title}\n\n${text}\n` : "");
  return [
    `# ${session.title}`,
    "",
    `Saved ${session.createdAt.toISOString()}${session.tags.length ? ` · ${session.tags.join(", ")}` : ""}`,
    section("Reflection", session.reflection),
    section("Key Insights", session.insights),
    section("Emotions", session.emotions),
    section("Body Awareness", session.bodyAwareness),
    section("Integration Goals", session.integrationGoals),
    section("Vision", session.vision?.prompt ?? ""),
  ].join("\n");
}
