import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { keyringFor, seal } from "../../app/lib/encryption.server";
import { EXPORT_PAGE_SIZE, streamedResponse } from "../../app/lib/streamed";
import { createShare } from "../../app/modules/integration/shares.server";
import { messageContext } from "../../app/modules/integration/thread-reads.server";
import { newEntryRow } from "../../app/modules/journal/journal.server";
import { memberExport } from "../../app/modules/profile/data-export.server";
import { countQueries } from "../../db/query-count";
import { facilitatorShares, journalEntries, shareMessages } from "../../db/schema";
import { createAccount, get, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 47: the member's data export is written as it is read. With 3,000 journal entries and a
 * conversation of 1,200 messages it arrives in many chunks, its statements grow by the page (500
 * rows) and not by the row, it holds a page and not the record (entries deleted behind its first
 * page are not in it), and its text is still JSON.stringify(record, null, 2) of exactly the member's
 * own records, in their order.
 */

const TIMEOUT = 600_000;
const ENTRIES = 3_000;
const MESSAGES = 1_200;

describeEachBackend("the member's data export streams", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let other: TestAccount;
  let quiet: TestAccount;
  const shares: number[] = [];
  const db = () => server.database.db;

  /** `count` journal entries, several to a millisecond (apart by microseconds), as the app seals them. */
  async function seedEntries(userId: string, count: number, word: string) {
    const base = Date.parse("2030-01-01T00:00:00Z");
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) =>
        newEntryRow(
          server.env,
          userId,
          {
            title: `${word} ${start + i}`,
            content: `What I felt on day ${start + i}: ${"a quiet line of words ".repeat(10)}`,
            emotions: [],
            bodySensations: [],
            intensity: "5",
            ceremonyContext: "",
          },
          new Date(base + Math.floor((start + i) / 3) * 1000),
        ),
      );
      await db().insert(journalEntries).values(rows);
    }
    await db().execute(sql`
      update journal_entries set created_at = created_at + make_interval(secs => (ascii(right(id, 1)) % 5) / 1e6)
       where user_id = ${userId}`);
  }

  /** Messages stored as the app stores them, each sealed for its place. */
  async function seedMessages(shareId: number, memberId: string, count: number) {
    if (count === 0) return;
    const ring = keyringFor(server.env.DATA_ENCRYPTION_KEY);
    const rows = await db()
      .insert(shareMessages)
      .values(Array.from({ length: count }, () => ({ shareId, fromKeeper: false, sealed: "pending" })))
      .returning({ id: shareMessages.id });
    const values = rows.map(
      (row, i) =>
        sql`(${row.id}::int, ${seal(ring, `Message ${i + 1} of ${shareId}`, messageContext(memberId, shareId, row.id))})`,
    );
    for (let start = 0; start < values.length; start += 250) {
      await db().execute(
        sql`update share_messages as m set sealed = v.sealed from (values ${sql.join(values.slice(start, start + 250), sql`, `)}) as v(id, sealed) where m.id = v.id`,
      );
    }
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server, "member", "Ines Moreau");
    other = await createAccount(server, "member", "Other Member");
    quiet = await createAccount(server, "member", "Quiet Member");
    await seedEntries(member.id, ENTRIES, "Entry");
    await seedEntries(other.id, 20, "Not hers");
    // Three conversations: a long one, an empty one, a short one; the export orders them by their last word.
    const conversations: Array<[number, number]> = [
      [MESSAGES, 2],
      [0, 3],
      [30, 1],
    ];
    for (const [n, [count, minutes]] of conversations.entries()) {
      const { id } = await createShare(db(), server.env, member.id, {
        kind: "message",
        content: `Share ${n}`,
        anonymous: false,
      });
      await seedMessages(id, member.id, count);
      await db()
        .update(facilitatorShares)
        .set({ lastMessageAt: new Date(Date.parse("2031-01-01T00:00:00Z") + minutes * 60_000) })
        .where(eq(facilitatorShares.id, id));
      shares.push(id);
    }
  }, TIMEOUT);
  afterAll(() => server.close());

  /** The export read in process: its chunks and the statements it ran, all of them (the stream's too). */
  async function exported(userId: string, whileReading?: (text: string) => Promise<void>) {
    const { result, queries } = await countQueries(async () => {
      const document = await memberExport(db(), server.env, userId);
      if (!document) throw new Error("no member");
      const body = streamedResponse(document, {}).body;
      if (!body) throw new Error("no body");
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let text = "";
      let chunks = 0;
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        chunks++;
        text += decoder.decode(next.value, { stream: true });
        await whileReading?.(text);
      }
      return { text, chunks };
    });
    return { ...result, queries };
  }

  it(
    "is the member's own record, whole, in order, as JSON.stringify writes it",
    async () => {
      const { text, chunks } = await exported(member.id);
      expect(chunks).toBeGreaterThan(5);
      const body = JSON.parse(text);
      expect(text).toBe(JSON.stringify(body, null, 2));
      expect(body.account.id).toBe(member.id);

      const order = await db()
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.userId, member.id))
        .orderBy(sql`created_at desc, id desc`);
      expect(body.journalEntries.map((e: { id: string }) => e.id)).toEqual(order.map((r) => r.id));
      const titles = new Set(body.journalEntries.map((e: { title: string }) => e.title));
      expect(titles.size).toBe(ENTRIES);
      expect(body.journalEntries[0].content).toMatch(/^What I felt on day \d+: a quiet line/);
      expect(text).not.toContain("Not hers");

      // Newest word first; each conversation whole, oldest first, decrypted.
      expect(body.facilitatorShares.map((s: { id: number }) => s.id)).toEqual([shares[1], shares[0], shares[2]]);
      const [empty, long, short] = body.facilitatorShares;
      expect(empty.content).toBe("Share 1");
      expect(empty.messages).toEqual([]);
      expect(long.messages).toHaveLength(MESSAGES);
      expect(long.messages.map((m: { text: string }) => m.text)).toEqual(
        Array.from({ length: MESSAGES }, (_, i) => `Message ${i + 1} of ${shares[0]}`),
      );
      expect(short.messages.map((m: { text: string }) => m.text).at(-1)).toBe(`Message 30 of ${shares[2]}`);
    },
    TIMEOUT,
  );

  it(
    "runs statements by the page, not by the row",
    async () => {
      const none = await exported(quiet.id);
      const full = await exported(member.id);
      const rows = ENTRIES + MESSAGES + 30;
      // Journal: ENTRIES / page + 1; shares: one for the three; messages: two a page, and one to find the end.
      const pages =
        Math.ceil(ENTRIES / EXPORT_PAGE_SIZE) + 1 + 1 + 2 * Math.ceil((MESSAGES + 30) / EXPORT_PAGE_SIZE) + 1;
      expect(full.queries - none.queries).toBeLessThanOrEqual(pages);
      expect(full.queries).toBeLessThan(rows / 50);
    },
    TIMEOUT,
  );

  it(
    "holds a page, not the record: entries deleted once the first chunk came are not written",
    async () => {
      const gone = new Set<string>();
      let deleted = false;
      const { text } = await exported(member.id, async (sofar) => {
        if (deleted || !sofar.includes('"journalEntries": [\n    {')) return;
        deleted = true;
        const rows = await db()
          .delete(journalEntries)
          .where(eq(journalEntries.userId, member.id))
          .returning({ id: journalEntries.id });
        for (const row of rows) gone.add(row.id);
      });
      const written = JSON.parse(text).journalEntries as Array<{ id: string }>;
      expect(gone.size).toBe(ENTRIES);
      // What was already read (a page, and the next one read ahead while the first chunk went), no more.
      expect(written.length).toBeGreaterThan(0);
      expect(written.length).toBeLessThanOrEqual(2 * EXPORT_PAGE_SIZE);
    },
    TIMEOUT,
  );

  it(
    "over HTTP: a chunked private download, the signed-in member's own",
    async () => {
      const { cookie } = await signIn(server, other.username, other.password);
      const res = await get(server, "/profile/export", cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("transfer-encoding")).toBe("chunked");
      expect(res.headers.get("content-length")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const body = await res.json();
      expect(body.account.id).toBe(other.id);
      expect(body.journalEntries).toHaveLength(20);
      expect(body.facilitatorShares).toEqual([]);
      const mine = await db()
        .select({ id: facilitatorShares.id })
        .from(facilitatorShares)
        .where(eq(facilitatorShares.userId, member.id));
      expect(mine).toHaveLength(3);
    },
    TIMEOUT,
  );
});
