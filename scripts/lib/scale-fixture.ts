// The scale fixture (issue 47): a database filled as ten years of a busy congregation would fill it
// (factor 1), or a hundred times that (factor 100). Rows whose text the app seals are sealed with
// the app's own helpers and contexts, so every page opens them; the rest are written by
// INSERT … SELECT generate_series in the database itself. A seeded generator picks texts and
// shapes, so two runs at one factor give the same shapes.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Env } from "../../app/env.server";
import { keyringFor, seal, sealJson } from "../../app/lib/encryption.server";
import { createPasswordAccount } from "../../app/modules/accounts/seed.server";
import { CHECKIN_CHOICES } from "../../app/modules/calendar/checkin-choices";
import { attendanceContext, reactionContext } from "../../app/modules/ceremonies/day-record.server";
import {
  DOCUMENT_KINDS,
  DOCUMENTS,
  type DocumentAnswers,
  type DocumentKind,
} from "../../app/modules/ceremonies/documents";
import { documentContext } from "../../app/modules/ceremonies/packet.server";
import { answersContext } from "../../app/modules/follow-ups/follow-ups.server";
import { context as sessionContext } from "../../app/modules/integration/sessions.server";
import { context as shareContext } from "../../app/modules/integration/shares.server";
import { EMOTION_TAGS as TAGS } from "../../app/modules/integration/tags";
import { messageContext } from "../../app/modules/integration/thread-reads.server";
import { BODY_SENSATIONS, EMOTIONS } from "../../app/modules/journal/choices";
import { context as journalContext } from "../../app/modules/journal/journal.server";
import { termsOf } from "../../app/modules/journal/search-terms.server";
import type { Db } from "../../db/client";

/** The fixture's two accounts that sign in (like the demo accounts: known, never for production). */
export const SCALE_MEMBER = {
  name: "Scale Member",
  email: "scale-member@example.org",
  username: "scalemember",
  password: "scale-member-pass-1",
  role: "member" as const,
};
export const SCALE_KEEPER = {
  name: "Scale Keeper",
  email: "scale-keeper@example.org",
  username: "scalekeeper",
  password: "scale-keeper-pass-1",
  role: "admin" as const,
};

/** Rows at factor 1; factor N multiplies each (issue 47 names the factor-100 sizes). */
export function scaleSizes(factor: number) {
  const n = (perFactor: number) => Math.max(1, Math.round(perFactor * factor));
  return {
    members: n(50),
    journalEntries: n(2000),
    /** The bench member's own share of the journal: the archive they page through. */
    memberJournal: n(30),
    integrationSessions: n(200),
    memberSessions: n(10),
    shares: n(100),
    shareMessages: n(500),
    /** The bench member's longest conversation (2,000 messages at factor 100). */
    memberConversation: n(20),
    checkins: n(1000),
    memberCheckins: Math.min(3650, n(30)),
    followUps: n(50),
    memberFollowUps: n(5),
    bookings: n(100),
    gifts: n(500),
    recurringGifts: n(10),
    subscribers: n(500),
    issues: n(1) + 1,
    outbox: n(5000),
    audit: n(10_000),
    circles: n(2),
    accessRequests: n(50),
    contactMessages: n(50),
    quizSubmissions: n(100),
    /** Ceremony days held over the ten years (one a week at factor 100), ten places each. */
    ceremonyDays: n(5),
    /** The bench member's own past ceremonies. */
    memberCeremonies: Math.min(10, n(0.05)),
  };
}
export type ScaleSizes = ReturnType<typeof scaleSizes>;

/** mulberry32: a small seeded generator, so a factor always gives the same shapes. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "breath light quiet morning ceremony river stone grief gratitude mother forest silence fire rain heart door path ancestor song tears laughter body earth sky dream fear release open held".split(
    " ",
  );
const YEARS_MS = 10 * 365 * 24 * 3600 * 1000;
const BATCH = 1000;

/** Inserts rows made by `make(i)` in batches of BATCH (each batch one multi-row INSERT). */
async function inBatches<T>(total: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let start = 0; start < total; start += BATCH) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) rows.push(make(i));
    await insert(rows);
  }
}

/**
 * One INSERT of many rows sent as one JSON parameter (json_populate_recordset): far cheaper to build
 * and send than a statement with a parameter per value. Keys are the columns' names in camelCase.
 */
async function insertJson(db: Db, table: string, rows: Array<Record<string, unknown>>) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  const list = sql.raw(columns.map((c) => `"${c}"`).join(", "));
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v], i) => [columns[i] ?? k, v]))),
  );
  await db.execute(
    sql`insert into ${sql.raw(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`,
  );
}

/** Serial ids taken ahead, so a row's seal can name its own id (as the app's insert-then-seal does). */
async function takeIds(db: Db, table: string, count: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count}::int)`,
  );
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

export interface ScaleResult {
  memberId: string;
  keeperId: string;
  /** The bench member's longest conversation, and one of their journal entries, integration sessions and check-ins. */
  conversationId: number;
  journalId: string;
  sessionId: string;
  followUpId: number;
  circleId: number;
  /** The coming ceremony day, and the bench member's place on it (accepted, half the packet signed). */
  ceremonyDayId: number;
  ceremonyPlaceId: number;
  sizes: ScaleSizes;
  seconds: number;
  /** How long each part took (ms), for docs/measurements.md. */
  parts: Record<string, number>;
}

/** Fills a migrated, empty database; returns the ids the bench's pages need. */
export async function fillScale(db: Db, env: Env, factor: number, log = (_: string) => {}): Promise<ScaleResult> {
  const sizes = scaleSizes(factor);
  const random = mulberry32(47_000 + factor);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(" ");
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const now = Date.now();
  /** A moment in the last ten years; `i` of `total` spreads them evenly, oldest first. */
  const past = (i: number, total: number) => new Date(now - YEARS_MS + Math.floor(((i + random()) / total) * YEARS_MS));
  const parts: Record<string, number> = {};
  const started = performance.now();
  const step = async (name: string, work: () => Promise<void>) => {
    const t = performance.now();
    await work();
    parts[name] = Math.round(performance.now() - t);
    log(`${name}: ${parts[name]} ms`);
  };
  const x = (text: string) => sql.raw(text);

  const memberId = await createPasswordAccount(db, SCALE_MEMBER);
  const keeperId = await createPasswordAccount(db, SCALE_KEEPER);
  // The rest of the congregation: accounts that exist (lists, names, foreign keys) but never sign in.
  await step("members", async () => {
    await db.execute(sql`
      insert into users (id, name, email, email_verified, username, display_username, role, created_at)
      select 'scale-user-' || g, 'Member ' || g, 'member' || g || '@scale.example.org', true, 'member' || g,
        'member' || g, case when g % 100 = 0 then 'keeper' else 'member' end,
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.members}::int)
      from generate_series(1, ${sizes.members}::int) g`);
    await db.execute(
      sql`insert into profiles (user_id) select 'scale-user-' || g from generate_series(1, ${sizes.members}::int) g`,
    );
  });
  const otherUser = () => `scale-user-${1 + Math.floor(random() * sizes.members)}`;
  /** SQL: a member for row g (the same spread as otherUser). */
  const userOf = (g: string) => x(`'scale-user-' || (1 + (${g}::bigint * 7919) % ${sizes.members})`);

  let journalId = "";
  await step("journal entries", async () => {
    // The search index's terms are the app's (termsOf), hashed once per member and word: every
    // entry draws its words from WORDS, so its terms are the union of its words' terms.
    const termCache = new Map<string, string[]>();
    const termsFor = (userId: string, text: string[]) => {
      const all = new Set<string>();
      for (const word of new Set(text.join(" ").toLowerCase().split(" "))) {
        const key = `${userId} ${word}`;
        let hashes = termCache.get(key);
        if (!hashes) {
          hashes = termsOf(ring, userId, [word]);
          termCache.set(key, hashes);
        }
        for (const h of hashes) all.add(h);
      }
      return [...all];
    };
    // The search index is built once after the rows (far faster than growing it row by row), from
    // its own definition, so the database ends as the migrations left it.
    const found = await db.execute<{ def: string }>(
      sql`select indexdef as def from pg_indexes where indexname = 'journal_entries_search_terms_idx'`,
    );
    const indexDef = (found as unknown as { rows: Array<{ def: string }> }).rows[0]?.def;
    if (indexDef) await db.execute(sql`drop index journal_entries_search_terms_idx`);
    await inBatches(
      sizes.journalEntries,
      (i) => {
        const mine = i % Math.ceil(sizes.journalEntries / sizes.memberJournal) === 0;
        const userId = mine ? memberId : otherUser();
        const id = randomUUID();
        if (mine) journalId = id;
        const title = `${pick(WORDS)} ${pick(WORDS)}`;
        const content = words(40 + Math.floor(random() * 120));
        const emotions = [pick(EMOTIONS), pick(EMOTIONS)].filter((e, k, all) => all.indexOf(e) === k);
        const at = past(i, sizes.journalEntries);
        return {
          id,
          userId,
          sealed: sealJson(ring, { title, content }, journalContext(userId, id)),
          searchTerms: termsFor(userId, [title, content, ...emotions]),
          emotions,
          bodySensations: [pick(BODY_SENSATIONS)],
          intensity: 1 + Math.floor(random() * 10),
          ceremonyContext: null,
          createdAt: at,
          updatedAt: at,
        };
      },
      (rows) => insertJson(db, "journal_entries", rows),
    );
    if (indexDef) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql.raw(indexDef));
      });
    }
  });

  let sessionId = "";
  await step("integration sessions", async () => {
    await inBatches(
      sizes.integrationSessions,
      (i) => {
        const mine = i % Math.ceil(sizes.integrationSessions / sizes.memberSessions) === 0;
        const userId = mine ? memberId : otherUser();
        const id = randomUUID();
        if (mine) sessionId = id;
        const text = {
          title: `${pick(WORDS)} ${pick(WORDS)}`,
          reflection: words(80),
          insights: words(40),
          emotions: words(10),
          bodyAwareness: words(10),
          integrationGoals: words(20),
        };
        return {
          id,
          userId,
          tags: [pick(TAGS)],
          sealed: sealJson(ring, text, sessionContext(userId, id)),
          createdAt: past(i, sizes.integrationSessions),
        };
      },
      (rows) => insertJson(db, "integration_sessions", rows),
    );
  });

  // Shares: the first is the bench member's long conversation; the rest spread over the congregation.
  let conversationId = 0;
  await step("shares and conversations", async () => {
    const shareIds = await takeIds(db, "facilitator_shares", sizes.shares);
    conversationId = shareIds[0] as number;
    const owners = shareIds.map((_, i) => (i % 20 === 0 ? memberId : otherUser()));
    await inBatches(
      sizes.shares,
      (i) => {
        const id = shareIds[i] as number;
        const userId = owners[i] as string;
        const at = past(i, sizes.shares);
        return {
          id,
          userId,
          kind: pick(["share", "share", "message", "group-request"] as const),
          sealed: seal(ring, words(50), shareContext(userId, id, "content")),
          anonymous: random() < 0.1,
          urgent: random() < 0.02,
          createdAt: at,
          lastMessageAt: i === 0 ? new Date(now - 60_000) : at,
          status: pick(["waiting-keeper", "waiting-member", "closed", "closed"] as const),
        };
      },
      (rows) => insertJson(db, "facilitator_shares", rows),
    );
    // The long conversation gets memberConversation messages; the others share the rest.
    const messageIds = await takeIds(db, "share_messages", sizes.shareMessages);
    await inBatches(
      sizes.shareMessages,
      (i) => {
        const index = i < sizes.memberConversation ? 0 : 1 + Math.floor(random() * (sizes.shares - 1));
        const shareId = shareIds[Math.min(index, shareIds.length - 1)] as number;
        const owner = owners[Math.min(index, owners.length - 1)] as string;
        const id = messageIds[i] as number;
        const fromKeeper = random() < 0.5;
        return {
          id,
          shareId,
          fromKeeper,
          authorId: fromKeeper ? keeperId : owner,
          authorName: fromKeeper ? SCALE_KEEPER.name : null,
          sealed: seal(ring, words(10 + Math.floor(random() * 50)), messageContext(owner, shareId, id)),
          createdAt:
            index === 0 ? new Date(now - (sizes.memberConversation - i) * 3_600_000) : past(i, sizes.shareMessages),
        };
      },
      (rows) => insertJson(db, "share_messages", rows),
    );
  });

  await step("check-ins", async () => {
    const labels = CHECKIN_CHOICES.map((c) => c.label);
    const list = `array[${labels.map((l) => `'${l.replaceAll("'", "''")}'`).join(",")}]`;
    // The bench member: one a day for memberCheckins days; the rest one per member-day.
    await db.execute(sql`
      insert into checkins (user_id, day, emotion)
      select ${memberId}, current_date - g, (${x(list)})[1 + g % ${labels.length}::int]
      from generate_series(0, ${sizes.memberCheckins - 1}::int) g`);
    await db.execute(sql`
      insert into checkins (user_id, day, emotion)
      select 'scale-user-' || (1 + g % ${sizes.members}::int), current_date - (g / ${sizes.members}::int),
        (${x(list)})[1 + g % ${labels.length}::int]
      from generate_series(0, ${sizes.checkins - 1}::int) g`);
  });

  await step("bookings", async () => {
    // One slot an hour apart, so the one-booking-per-slot index holds; most are long past.
    await db.execute(sql`
      insert into bookings (id, offer_id, starts_at, minutes, price_cents, status, full_name, email, phone, user_id, created_at)
      select 'scale-booking-' || g, case when g % 3 = 0 then 'microdose' else 'preparation' end,
        date_trunc('hour', now()) - interval '3600 days' + g * interval '7 hours', 60, 15000,
        (array['confirmed','confirmed','confirmed','cancelled','expired','declined'])[1 + g % 6],
        'Member ' || g, 'member' || g || '@scale.example.org', '+1 555 0100',
        case when g % 50 = 0 then ${memberId} else ${userOf("g")} end,
        date_trunc('hour', now()) - interval '3610 days' + g * interval '7 hours'
      from generate_series(1, ${sizes.bookings}::int) g`);
  });

  let followUpId = 0;
  await step("follow-ups", async () => {
    const ids = await takeIds(db, "follow_ups", sizes.followUps);
    await inBatches(
      sizes.followUps,
      (i) => {
        const id = ids[i] as number;
        const mine = i % Math.ceil(sizes.followUps / sizes.memberFollowUps) === 0;
        const userId = mine ? memberId : otherUser();
        if (mine) followUpId = id;
        const answered = random() < 0.7;
        const due = past(i, sizes.followUps);
        const points = Array.from({ length: 5 }, () => Math.floor(random() * 6));
        return {
          id,
          userId,
          days: pick([1, 7, 30]),
          dueAt: due,
          invitedAt: due,
          answeredAt: answered ? due : null,
          sealed: answered ? sealJson(ring, { points, note: words(20) }, answersContext(userId, id)) : null,
          careReason: answered ? null : ("missed" as const),
          careDueAt: answered ? null : due,
          careDoneAt: answered || i > sizes.followUps - 20 ? null : due,
        };
      },
      (rows) => insertJson(db, "follow_ups", rows),
    );
  });

  await step("gifts and recurring collections", async () => {
    await db.execute(sql`
      insert into recurring_gifts (id, user_id, provider, subscription_id, interval, amount_cents, status, donor_name, donor_email, created_at, started_at)
      select 'scale-recurring-' || g, case when g = 1 then ${memberId} else ${userOf("g")} end, 'paypal', 'I-SCALE' || g,
        case when g % 5 = 0 then 'year' else 'month' end, 2500 + (g % 10) * 500,
        (array['active','active','paused','cancelled'])[1 + g % 4], 'Member ' || g, 'member' || g || '@scale.example.org',
        now() - interval '3650 days', now() - interval '3650 days'
      from generate_series(1, ${sizes.recurringGifts}::int) g`);
    // Four in five gifts online (a captured payment each); one in three of those a recurring collection.
    await db.execute(sql`
      insert into payments (id, purpose, provider, provider_order_id, capture_id, amount_cents, description, status, payer_name, payer_email, user_id, created_at, captured_at)
      select 'scale-payment-' || g, 'gift', 'paypal', 'ORDER-' || g, 'CAPTURE-' || g, 1000 + (g % 40) * 500, 'Offering',
        'captured', 'Member ' || g, 'member' || g || '@scale.example.org',
        case when g % 100 = 0 then ${memberId} else ${userOf("g")} end,
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.gifts}::int),
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.gifts}::int)
      from generate_series(1, ${sizes.gifts}::int) g where g % 5 <> 0`);
    await db.execute(sql`
      insert into gifts (payment_id, method, cheque_number, recorded_by_name, kind, amount_cents, donor_name, donor_email, user_id, recurring_id, given_at)
      select case when g % 5 <> 0 then 'scale-payment-' || g end,
        case when g % 5 <> 0 then 'online' when g % 10 = 0 then 'cheque' else 'cash' end,
        case when g % 10 = 0 then 'CHQ' || g end, case when g % 5 = 0 then ${SCALE_KEEPER.name} end,
        case when g % 7 = 0 then 'ceremony' else 'offering' end, 1000 + (g % 40) * 500,
        'Member ' || g, 'member' || g || '@scale.example.org',
        case when g % 100 = 0 then ${memberId} else ${userOf("g")} end,
        case when g % 3 = 0 and g % 5 <> 0 then 'scale-recurring-' || (1 + g % ${sizes.recurringGifts}::int) end,
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.gifts}::int)
      from generate_series(1, ${sizes.gifts}::int) g`);
  });

  await step("newsletter", async () => {
    await db.execute(sql`
      insert into newsletter_subscribers (email, status, unsubscribe_token_hash, created_at, confirmed_at)
      select 'reader' || g || '@scale.example.org', (array['confirmed','confirmed','confirmed','pending','unsubscribed'])[1 + g % 5],
        md5('scale-unsubscribe-' || g), now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.subscribers}::int),
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.subscribers}::int)
      from generate_series(1, ${sizes.subscribers}::int) g`);
    await db.execute(sql`
      insert into newsletter_issues (subject, body, author_name, send_started_at, sent_at, sent_by_name, recipient_count, created_at)
      select 'Letter ' || g, repeat('A word from the temple. ', 80), ${SCALE_KEEPER.name},
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.issues}::int),
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.issues}::int), ${SCALE_KEEPER.name},
        ${Math.round(sizes.subscribers * 0.6)}, now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.issues}::int)
      from generate_series(1, ${sizes.issues}::int) g`);
  });

  await step("outbox", async () => {
    await db.execute(sql`
      insert into mail_outbox (kind, to_address, subject, text_body, status, attempts, next_attempt_at, created_at, sent_at)
      select (array['newsletter.issue','booking.confirmed','journal.reminder','follow-up.invite','contact.notify'])[1 + g % 5],
        'member' || (g % 50000) || '@scale.example.org', 'A letter from the temple ' || g,
        repeat('Breath, light and the quiet after. ', 12), case when g % 1000 = 0 then 'failed' else 'sent' end, 1,
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.outbox}::int),
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.outbox}::int),
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.outbox}::int)
      from generate_series(1, ${sizes.outbox}::int) g`);
  });

  await step("audit", async () => {
    await db.execute(sql`
      insert into audit_log (action, actor_id, actor_name, subject_user_id, detail, ip, created_at)
      select (array['staff.sign-in','share.read','medical-record.read','contact.read','application.read','follow-up.settled'])[1 + g % 6],
        ${keeperId}, ${SCALE_KEEPER.name},
        case when g % 6 = 0 then null when g % 200 = 1 then ${memberId} else ${userOf("g")} end,
        jsonb_build_object('n', g), '203.0.113.' || (g % 250),
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.audit}::int)
      from generate_series(1, ${sizes.audit}::int) g`);
  });

  let circleId = 0;
  await step("circles and waitlists", async () => {
    await db.execute(sql`
      insert into circles (title, description, starts_at, minutes, capacity, video_url, created_by_id, created_by_name, created_at)
      select 'Circle ' || g, repeat('We gather to share what the ceremony opened. ', 4),
        now() - interval '3600 days' + interval '3650 days' * (g::float8 / ${sizes.circles}::int), 90, 12,
        'https://meet.example.org/circle-' || g, ${keeperId}, ${SCALE_KEEPER.name}, now() - interval '3650 days'
      from generate_series(1, ${sizes.circles}::int) g`);
    // Each circle: 12 places taken and 8 waiting; the bench member waits on every tenth.
    await db.execute(sql`
      insert into circle_signups (circle_id, user_id, status, joined_at)
      select c.id, 'scale-user-' || (1 + (c.id * 31 + s) % ${sizes.members}::int),
        case when s <= 12 then 'attending' else 'waitlisted' end, c.starts_at - interval '10 days' + s * interval '1 hour'
      from circles c, generate_series(1, 20) s
      on conflict do nothing`);
    const result = await db.execute<{ id: number }>(sql`select max(id)::int as id from circles`);
    circleId = Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]?.id ?? 0);
    await db.execute(sql`
      insert into circle_signups (circle_id, user_id, status) select id, ${memberId}, 'waitlisted' from circles where id % 10 = 0 or id = ${circleId}
      on conflict do nothing`);
  });

  await step("requests, messages and quiz", async () => {
    await db.execute(sql`
      insert into access_requests (name, email, reason, status, created_at)
      select 'Seeker ' || g, 'seeker' || g || '@scale.example.org', repeat('I wish to walk the path. ', 6),
        (array['new','approved','declined'])[1 + g % 3], now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.accessRequests}::int)
      from generate_series(1, ${sizes.accessRequests}::int) g`);
    await db.execute(sql`
      insert into contact_messages (name, email, message, handled_at, created_at)
      select 'Visitor ' || g, 'visitor' || g || '@scale.example.org', repeat('A question about the ceremonies. ', 8),
        case when g % 10 <> 0 then now() end, now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.contactMessages}::int)
      from generate_series(1, ${sizes.contactMessages}::int) g`);
    await db.execute(sql`
      insert into quiz_submissions (email, answers, recommendation, user_agent, created_at)
      select 'quiz' || g || '@scale.example.org', jsonb_build_object('experience', 'Some', 'intention', 'Healing'),
        (array['preparation','microdose','ceremony'])[1 + g % 3], 'Mozilla/5.0',
        now() - interval '3650 days' + interval '3650 days' * (g::float8 / ${sizes.quizSubmissions}::int)
      from generate_series(1, ${sizes.quizSubmissions}::int) g`);
  });
  let ceremonyDayId = 0;
  let ceremonyPlaceId = 0;
  await step("ceremonies", async () => {
    const result = await fillCeremonies(db, ring, {
      sizes,
      memberId,
      keeperId,
      otherUserAt: (k) => `scale-user-${1 + (k % sizes.members)}`,
      past,
      words,
      random,
    });
    ceremonyDayId = result.dayId;
    ceremonyPlaceId = result.placeId;
  });

  await step("analyze", async () => {
    await db.execute(sql`analyze`);
  });

  return {
    memberId,
    keeperId,
    conversationId,
    journalId,
    sessionId,
    followUpId,
    circleId,
    ceremonyDayId,
    ceremonyPlaceId,
    sizes,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    parts,
  };
}

/** A signed packet's answers as a careful participant gives them (every kind of document). */
function answersFor(kind: DocumentKind, words: (count: number) => string): DocumentAnswers[DocumentKind] {
  switch (kind) {
    case "client-information":
      return {
        lithium: "no",
        fungiAllergy: "no",
        psychosis: "no",
        treatment: "no",
        heart: "no",
        seizures: "no",
        pregnancy: "no",
        difficultReaction: "no",
        harmPast: "no",
        harmNow: "no",
        medicineDuringSession: "no",
        interpreter: "no",
        mobility: "no",
        notes: words(12),
      };
    case "medicines":
      return { medicines: "Sertraline 50 mg each morning", devices: "" };
    case "safety-plan":
      return {
        supportName: "Jonas Rivers",
        supportPhone: "+1 505 555 0100",
        emergencyName: "Ana Rivers",
        emergencyPhone: "+1 505 555 0101",
        whatHelps: words(15),
      };
    case "transportation":
      return { driverName: "Jonas Rivers", driverPhone: "+1 505 555 0100", arrangement: words(8), noDriving: true };
    case "touch-consent":
      return { touch: "yes", limits: "A hand on the shoulder only" };
    case "rights":
      return { acknowledged: true };
  }
}

interface CeremonyFill {
  sizes: ScaleSizes;
  memberId: string;
  keeperId: string;
  /** A congregation member for index k (distinct for ten consecutive k). */
  otherUserAt: (k: number) => string;
  past: (i: number, total: number) => Date;
  words: (count: number) => string;
  random: () => number;
}

/**
 * Ten years of ceremony days (ten places each: eight confirmed with their packets signed, their
 * preparation held and their day recorded, one declined, one released; a reaction report on one day
 * in five, already cared for), and one day a month ahead where the bench member holds a place with
 * half the packet signed beside eight confirmed participants and three invited.
 */
async function fillCeremonies(db: Db, ring: ReturnType<typeof keyringFor>, fill: CeremonyFill) {
  const { sizes, memberId, keeperId, otherUserAt, past, words, random } = fill;
  const PLACES = 10;
  const HOUR = 3_600_000;
  const mineEvery = Math.ceil(sizes.ceremonyDays / sizes.memberCeremonies);
  const dayIds = await takeIds(db, "ceremony_days", sizes.ceremonyDays + 1);
  const comingId = dayIds[sizes.ceremonyDays] as number;
  const coming = new Date(Date.now() + 30 * 24 * HOUR);
  const startOf = (d: number) => (d === sizes.ceremonyDays ? coming : past(d, sizes.ceremonyDays));
  await insertJson(
    db,
    "ceremony_days",
    dayIds.map((id, d) => {
      const startsAt = startOf(d);
      const endsAt = new Date(startsAt.getTime() + 8 * HOUR);
      return {
        id,
        place: "The Cedar House, 14 Canyon Road, Santa Fe",
        startsAt,
        endsAt,
        capacity: 12,
        status: "scheduled",
        createdById: keeperId,
        createdByName: SCALE_KEEPER.name,
        // Past days were cared for when they ended: the after-care job finds nothing to send.
        aftercarePlannedAt: d === sizes.ceremonyDays ? null : new Date(endsAt.getTime() + HOUR),
        createdAt: new Date(startsAt.getTime() - 60 * 24 * HOUR),
        updatedAt: new Date(startsAt.getTime() - 60 * 24 * HOUR),
      };
    }),
  );
  await insertJson(
    db,
    "ceremony_facilitators",
    dayIds.map((dayId) => ({ dayId, userId: keeperId })),
  );

  // Places: day d's k-th place. The bench member takes the first place of every mineEvery-th day and of the coming one.
  const placeIds = await takeIds(db, "ceremony_places", dayIds.length * PLACES + 2);
  interface Place {
    id: number;
    dayId: number;
    userId: string;
    status: "invited" | "accepted" | "declined" | "confirmed" | "released";
    at: Date;
    documents: readonly DocumentKind[];
    held: boolean;
    recorded: boolean;
  }
  const places: Place[] = [];
  dayIds.forEach((dayId, d) => {
    const startsAt = startOf(d);
    const upcoming = d === sizes.ceremonyDays;
    const count = upcoming ? PLACES + 2 : PLACES;
    for (let k = 0; k < count; k++) {
      const mine = k === 0 && (upcoming || d % mineEvery === 0);
      const status: Place["status"] = upcoming
        ? k === 0
          ? "accepted"
          : k <= 8
            ? "confirmed"
            : "invited"
        : k === 8
          ? "declined"
          : k === 9
            ? "released"
            : "confirmed";
      const documents =
        status === "confirmed"
          ? DOCUMENT_KINDS
          : mine && upcoming
            ? (["client-information", "medicines", "rights"] as const)
            : [];
      places.push({
        id: placeIds[places.length] as number,
        dayId,
        userId: mine ? memberId : otherUserAt(d * 13 + k),
        status,
        at: new Date(startsAt.getTime() - 45 * 24 * HOUR),
        documents,
        held: status === "confirmed",
        recorded: status === "confirmed" && !upcoming,
      });
    }
  });
  await inBatches(
    places.length,
    (i) => {
      const p = places[i] as Place;
      return {
        id: p.id,
        dayId: p.dayId,
        userId: p.userId,
        status: p.status,
        invitedById: keeperId,
        invitedAt: p.at,
        answeredAt: p.status === "invited" ? null : new Date(p.at.getTime() + 24 * HOUR),
        confirmedAt: p.status === "confirmed" ? new Date(p.at.getTime() + 30 * 24 * HOUR) : null,
        updatedAt: p.at,
      };
    },
    (rows) => insertJson(db, "ceremony_places", rows),
  );

  // The packets: each signed document sealed with its answers and typed name, as signDocument does.
  const documents = places.flatMap((p) => p.documents.map((kind) => ({ place: p, kind })));
  await inBatches(
    documents.length,
    (i) => {
      const { place, kind } = documents[i] as (typeof documents)[number];
      const id = randomUUID();
      const signedName = place.userId === memberId ? SCALE_MEMBER.name : `Member ${place.userId.slice(11)}`;
      return {
        id,
        placeId: place.id,
        userId: place.userId,
        kind,
        version: DOCUMENTS[kind].version,
        sealed: sealJson(ring, { answers: answersFor(kind, words), signedName }, documentContext(id)),
        signedAt: new Date(place.at.getTime() + 2 * 24 * HOUR),
        signedIp: "203.0.113.7",
      };
    },
    (rows) => insertJson(db, "readiness_documents", rows),
  );

  const held = places.filter((p) => p.held);
  await inBatches(
    held.length,
    (i) => {
      const p = held[i] as Place;
      const startsAt = new Date(p.at.getTime() + 28 * 24 * HOUR);
      return {
        placeId: p.id,
        startsAt,
        keeperId,
        keeperName: SCALE_KEEPER.name,
        heldAt: startsAt,
        heldById: keeperId,
        heldByName: SCALE_KEEPER.name,
        createdAt: p.at,
      };
    },
    (rows) => insertJson(db, "preparation_sessions", rows),
  );

  const recorded = places.filter((p) => p.recorded);
  const dayStart = new Map(dayIds.map((id, d) => [id, startOf(d)]));
  await inBatches(
    recorded.length,
    (i) => {
      const p = recorded[i] as Place;
      const startsAt = dayStart.get(p.dayId) as Date;
      const followed = random() > 0.03;
      return {
        placeId: p.id,
        arrivedAt: new Date(startsAt.getTime() + 15 * 60_000),
        departedAt: new Date(startsAt.getTime() + 8 * HOUR),
        transportFollowed: followed,
        sealed: sealJson(
          ring,
          { arranged: followed ? "" : "A keeper drove them home.", notes: words(20) },
          attendanceContext(p.id),
        ),
        recordedById: keeperId,
        recordedByName: SCALE_KEEPER.name,
        updatedAt: new Date(startsAt.getTime() + 9 * HOUR),
      };
    },
    (rows) => insertJson(db, "ceremony_attendance", rows),
  );

  // A reaction report on one past day in five, on its second participant.
  const reported = recorded.filter((_, i) => i % (8 * 5) === 1);
  const reactionIds = await takeIds(db, "adverse_reactions", Math.max(1, reported.length));
  await inBatches(
    reported.length,
    (i) => {
      const p = reported[i] as Place;
      const id = reactionIds[i] as number;
      const occurredAt = new Date((dayStart.get(p.dayId) as Date).getTime() + 3 * HOUR);
      const severity = i % 20 === 0 ? "severe" : i % 3 === 0 ? "moderate" : "mild";
      return {
        id,
        dayId: p.dayId,
        placeId: p.id,
        occurredAt,
        severity,
        emergencyCalled: severity === "severe",
        sealed: sealJson(
          ring,
          { whatHappened: words(20), whatDone: words(15), followUp: words(10) },
          reactionContext(id),
        ),
        reportedById: keeperId,
        reportedByName: SCALE_KEEPER.name,
        createdAt: occurredAt,
        updatedAt: occurredAt,
      };
    },
    (rows) => insertJson(db, "adverse_reactions", rows),
  );
  const bench = places.find((p) => p.dayId === comingId && p.userId === memberId) as Place;
  return { dayId: comingId, placeId: bench.id };
}
