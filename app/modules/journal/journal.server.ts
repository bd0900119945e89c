import { randomUUID } from "node:crypto";
import { and, arrayOverlaps, desc, eq, getTableColumns, isNull, lt, or } from "drizzle-orm";
import { parseInstant } from "~/lib/dates";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { exactTime, pastCursor } from "../../lib/keyset.server";
import { EXPORT_PAGE_SIZE, inPages } from "../../lib/streamed";
import { journalEntries } from "./schema";
import { matches, queryTerms, termsOf } from "./search-terms.server";
import type { JournalEntryInput } from "./validation";

export const ARCHIVE_PAGE_SIZE = 20;
const PREVIEW_LENGTH = 160;

interface Text {
  title: string;
  content: string;
}
/** Binds each sealed text to its member and entry: it cannot be moved onto another row. */
export const context = (userId: string, id: string) => `journal:${userId}:${id}`;

function values(env: Env, userId: string, id: string, input: JournalEntryInput) {
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  return {
    sealed: sealJson(ring, { title: input.title, content: input.content }, context(userId, id)),
    searchTerms: termsOf(ring, userId, [input.title, input.content, ...input.emotions]),
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

type Row = Omit<typeof journalEntries.$inferSelect, "searchTerms">;
/** Every column but the search terms, which only the database reads. */
const { searchTerms: _terms, ...readable } = getTableColumns(journalEntries);
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
    .select(readable)
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

/** Candidates a search reads at a time: a page and one more, so a word every entry holds costs one batch. */
const SEARCH_BATCH = ARCHIVE_PAGE_SIZE + 1;

/**
 * "My Reflections Archive", newest first, one page by keyset (fast at any size). A search finds
 * its candidates by the blind index (search-terms.server.ts) and opens only those; entries written
 * before the index existed are indexed on the member's first search.
 */
export async function listEntries(db: Db, env: Env, userId: string, options: { q?: string; cursor?: string }) {
  const q = options.q?.trim() ?? "";
  if (!q) {
    const rows = await db
      .select(readable)
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, userId), after(parseCursor(options.cursor))))
      .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
      .limit(ARCHIVE_PAGE_SIZE + 1);
    const entries = rows.map((row) => open(env, row));
    return pageOf(entries.slice(0, ARCHIVE_PAGE_SIZE), entries.length > ARCHIVE_PAGE_SIZE);
  }
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const wanted = queryTerms(ring, userId, q);
  if (wanted.length === 0) return pageOf([], false); // only punctuation: no word to look for
  await indexUnindexed(db, env, userId);
  const found: JournalEntry[] = [];
  let cursor = parseCursor(options.cursor);
  for (;;) {
    const rows = await db
      .select(readable)
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.userId, userId),
          after(cursor),
          ...wanted.map((hashes) => arrayOverlaps(journalEntries.searchTerms, hashes)),
        ),
      )
      .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
      .limit(SEARCH_BATCH);
    for (const row of rows) {
      const entry = open(env, row);
      if (matches(q, [entry.title, entry.content, ...entry.emotions])) found.push(entry);
      if (found.length > ARCHIVE_PAGE_SIZE) return pageOf(found.slice(0, ARCHIVE_PAGE_SIZE), true);
    }
    const last = rows.at(-1);
    if (rows.length < SEARCH_BATCH || !last) return pageOf(found, false);
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

const after = (cursor: { createdAt: Date; id: string } | null) =>
  cursor
    ? or(
        lt(journalEntries.createdAt, cursor.createdAt),
        and(eq(journalEntries.createdAt, cursor.createdAt), lt(journalEntries.id, cursor.id)),
      )
    : undefined;

function pageOf(entries: JournalEntry[], more: boolean) {
  const last = entries.at(-1);
  return { items: entries.map(preview), next: more && last ? cursorOf(last) : null };
}

/**
 * Members whose entries all have their terms, in this process: every entry is indexed when it is
 * saved, so once a member's older entries are done their search never needs to look again.
 */
const indexedMembers = new Set<string>();

/** Gives the member's entries written before the search index their terms (once). */
async function indexUnindexed(db: Db, env: Env, userId: string) {
  if (indexedMembers.has(userId)) return;
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const rows = await db
    .select(readable)
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), isNull(journalEntries.searchTerms)));
  for (const row of rows) {
    const entry = open(env, row);
    await db
      .update(journalEntries)
      .set({ searchTerms: termsOf(ring, userId, [entry.title, entry.content, ...entry.emotions]) })
      .where(and(eq(journalEntries.id, row.id), eq(journalEntries.sealed, row.sealed)));
  }
  indexedMembers.add(userId);
}

/** Every entry, decrypted, for the member's data export: newest first, read a page at a time (issue 47). */
export async function* exportEntries(db: Db, env: Env, userId: string) {
  const pages = inPages(EXPORT_PAGE_SIZE, (last?: Row & { at: string }) =>
    db
      .select({ ...readable, at: exactTime(journalEntries.createdAt) })
      .from(journalEntries)
      .where(
        and(eq(journalEntries.userId, userId), pastCursor(journalEntries.createdAt, journalEntries.id, last, "desc")),
      )
      .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
      .limit(EXPORT_PAGE_SIZE),
  );
  for await (const row of pages) yield open(env, row);
}
