import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { parseInstant } from "../../lib/days";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { journalEntries } from "./schema";
import type { JournalEntryInput } from "./validation";

export const ARCHIVE_PAGE_SIZE = 20;
const PREVIEW_LENGTH = 160;

interface Text {
  title: string;
  content: string;
}
/** Binds each sealed text to its member and entry: it cannot be moved onto another row. */
const context = (userId: string, id: string) => `journal:${userId}:${id}`;

function values(env: Env, userId: string, id: string, input: JournalEntryInput) {
  return {
    sealed: sealJson(
      keyringFor(env.DATA_ENCRYPTION_KEY),
      { title: input.title, content: input.content },
      context(userId, id),
    ),
    emotions: input.emotions,
    bodySensations: input.bodySensations,
    intensity: Number(input.intensity),
    ceremonyContext: input.ceremonyContext || null,
  };
}

/** A new entry's row, sealed (also used to fill archives in bulk for the growth benchmark). */
export function newEntryRow(env: Env, userId: string, input: JournalEntryInput, createdAt?: Date) {
  const id = randomUUID();
  return { id, userId, ...values(env, userId, id, input), ...(createdAt ? { createdAt } : {}) };
}

export async function createEntry(db: Db, env: Env, userId: string, input: JournalEntryInput): Promise<string> {
  const row = newEntryRow(env, userId, input);
  await db.insert(journalEntries).values(row);
  return row.id;
}

/** Only the member's own entry changes; false when there is none with that id. */
export async function updateEntry(db: Db, env: Env, userId: string, id: string, input: JournalEntryInput) {
  const rows = await db
    .update(journalEntries)
    .set({ ...values(env, userId, id, input), updatedAt: new Date() })
    .where(and(eq(journalEntries.id, id), eq(journalEntries.userId, userId)))
    .returning({ id: journalEntries.id });
  return rows.length > 0;
}

export async function deleteEntry(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(journalEntries)
    .where(and(eq(journalEntries.id, id), eq(journalEntries.userId, userId)))
    .returning({ id: journalEntries.id });
  return rows.length > 0;
}

type Row = typeof journalEntries.$inferSelect;
function open(env: Env, row: Row) {
  const text = openJson<Text>(keyringFor(env.DATA_ENCRYPTION_KEY), row.sealed, context(row.userId, row.id));
  return {
    id: row.id,
    title: text.title,
    content: text.content,
    emotions: row.emotions,
    bodySensations: row.bodySensations,
    intensity: row.intensity,
    ceremonyContext: row.ceremonyContext,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type JournalEntry = ReturnType<typeof open>;

export async function getEntry(db: Db, env: Env, userId: string, id: string): Promise<JournalEntry | null> {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, id), eq(journalEntries.userId, userId)));
  return row ? open(env, row) : null;
}

/** Opaque keyset cursor: the last row's time and id. */
export const cursorOf = (entry: { createdAt: Date; id: string }) =>
  Buffer.from(`${entry.createdAt.toISOString()}|${entry.id}`).toString("base64url");
function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const date = parseInstant(at);
  return id && date ? { createdAt: date, id } : null;
}

const preview = (entry: JournalEntry) => ({
  id: entry.id,
  title: entry.title,
  preview:
    entry.content.length > PREVIEW_LENGTH ? `${entry.content.slice(0, PREVIEW_LENGTH).trimEnd()}…` : entry.content,
  emotions: entry.emotions,
  intensity: entry.intensity,
  createdAt: entry.createdAt,
});

/**
 * "My Reflections Archive", newest first. Browsing reads one page by index (fast at any size).
 * The text is encrypted, so a search opens the member's entries in memory and matches there:
 * linear in one member's entries (thousands), never in everyone's.
 */
export async function listEntries(db: Db, env: Env, userId: string, options: { q?: string; cursor?: string }) {
  const after = parseCursor(options.cursor);
  const keyset = after
    ? or(
        lt(journalEntries.createdAt, after.createdAt),
        and(eq(journalEntries.createdAt, after.createdAt), lt(journalEntries.id, after.id)),
      )
    : undefined;
  const q = options.q?.trim().toLowerCase();
  const query = db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), keyset))
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id));
  const rows = q ? await query : await query.limit(ARCHIVE_PAGE_SIZE + 1);
  let entries = rows.map((row) => open(env, row));
  if (q) {
    entries = entries.filter(
      (e) =>
        e.title.toLowerCase().includes(q) ||
        e.content.toLowerCase().includes(q) ||
        e.emotions.some((emotion) => emotion.toLowerCase().includes(q)),
    );
  }
  const page = entries.slice(0, ARCHIVE_PAGE_SIZE);
  const last = page.at(-1);
  return { items: page.map(preview), next: entries.length > ARCHIVE_PAGE_SIZE && last ? cursorOf(last) : null };
}

/** Every entry, decrypted, for the member's data export. */
export async function exportEntries(db: Db, env: Env, userId: string) {
  const rows = await db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.userId, userId))
    .orderBy(desc(journalEntries.createdAt));
  return rows.map((row) => open(env, row));
}
