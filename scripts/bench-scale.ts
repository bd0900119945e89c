// npm run bench:scale (issue 47): every member and console page and every download
// (scripts/lib/scale-pages.ts) on two databases filled by the scale fixture, at factor 1 and factor
// 100, served by two app processes at once. Each round asks each page of one app, then of the
// other, so both see the same machine; the figures are the time to the last byte as a local client
// sees it (median and p95), the bytes (uncompressed) and the SQL statements (X-Query-Count).
// Fails when a page's median grows more than 1.5x, or a page (not a download) sends more than
// 1.5x the bytes or runs more statements at factor 100: its rows are then not bounded.
//
// Databases: BENCH_SCALE_URL_1 and BENCH_SCALE_URL_100 name PostgreSQL databases already filled
// (npm run seed:scale with the test secrets, see docs/measurements.md), reused as they are; else
// fresh ones are made on TEST_DATABASE_URL's server (or PGlite without it) and filled first.
// BENCH_SCALE_ROUNDS (default 7) rounds; SCALE_FACTORS (default "1,100") the two factors.
import { sql } from "drizzle-orm";
import { parseEnv } from "../app/env.server";
import { signIn, signInStaff } from "../tests/support/accounts";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { TEST_SECRETS } from "../tests/support/secrets";
import type { TestServer } from "../tests/support/server";
import { type BenchDatabase, percentile, pgliteBench, postgresBench } from "./lib/bench-db";
import { fillScale, SCALE_KEEPER, SCALE_MEMBER, type ScaleResult, scaleSizes } from "./lib/scale-fixture";
import { SCALE_PAGES, type ScalePage } from "./lib/scale-pages";

const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 7);
const FACTORS = (process.env.SCALE_FACTORS ?? "1,100").split(",").map(Number) as [number, number];
const MAX_GROWTH = 1.5;
/** Below this a difference is the machine's noise, not the data's weight (ms; bytes). */
const NOISE_MS = 3;
const NOISE_BYTES = 2048;
const env = parseEnv({ NODE_ENV: "test", ...TEST_SECRETS });

type Ids = Parameters<ScalePage["path"]>[0];
interface Side {
  factor: number;
  app: AppProcess;
  ids: Ids;
  cookies: { member: string; keeper: string };
  drop: () => Promise<void>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The database for a factor: the one named, or a fresh one filled now. */
async function databaseFor(factor: number): Promise<{ database: BenchDatabase; reused: boolean }> {
  const named = process.env[`BENCH_SCALE_URL_${factor}`];
  if (named) {
    const { openPostgres } = await import("../db/client");
    return {
      reused: true,
      database: {
        label: "PostgreSQL",
        env: { DATABASE_URL: named },
        open: async () => openPostgres({ url: named }),
        drop: async () => {},
        statements: async () => null,
      },
    };
  }
  const database = (await postgresBench()) ?? pgliteBench();
  const db = await database.open();
  try {
    await db.migrate();
    const filled = await fillScale(db.db, env, factor);
    process.stdout.write(`Filled ${database.label} at factor ${factor} in ${filled.seconds} s.\n`);
  } finally {
    await db.close();
  }
  return { database, reused: false };
}

/** The fixture's ids, read back (so a database filled earlier serves as well as a fresh one). */
async function idsOf(database: BenchDatabase, factor: number): Promise<Ids> {
  const db = await database.open();
  try {
    const one = async (query: ReturnType<typeof sql>) => rowsOf<{ v: string }>(await db.db.execute(query))[0]?.v ?? "";
    const memberId = await one(sql`select id as v from users where username = ${SCALE_MEMBER.username}`);
    const keeperId = await one(sql`select id as v from users where username = ${SCALE_KEEPER.username}`);
    // The keeper enrols afresh in two-factor on each run (the bench does not keep its secret).
    await db.db.execute(sql`delete from two_factors where user_id = ${keeperId}`);
    await db.db.execute(sql`update users set two_factor_enabled = false where id = ${keeperId}`);
    await db.db.execute(sql`delete from rate_limits`);
    return {
      memberId,
      keeperId,
      conversationId: Number(
        await one(sql`select id::text as v from facilitator_shares where user_id = ${memberId} order by id limit 1`),
      ),
      journalId: await one(
        sql`select id as v from journal_entries where user_id = ${memberId} order by created_at desc limit 1`,
      ),
      sessionId: await one(
        sql`select id as v from integration_sessions where user_id = ${memberId} order by created_at desc limit 1`,
      ),
      followUpId: Number(
        await one(sql`select id::text as v from follow_ups where user_id = ${memberId} order by id desc limit 1`),
      ),
      circleId: Number(await one(sql`select max(id)::text as v from circles`)),
      ceremonyDayId: Number(
        await one(sql`select id::text as v from ceremony_days where starts_at > now() order by starts_at limit 1`),
      ),
      ceremonyPlaceId: Number(
        await one(sql`
          select p.id::text as v from ceremony_places p join ceremony_days d on d.id = p.day_id
          where p.user_id = ${memberId} and d.starts_at > now() order by d.starts_at limit 1`),
      ),
      requestId: Number(await one(sql`select max(id)::text as v from access_requests`)),
      contactId: Number(await one(sql`select max(id)::text as v from contact_messages`)),
      issueId: Number(await one(sql`select max(id)::text as v from newsletter_issues`)),
      year: new Date().getFullYear(),
      sizes: scaleSizes(factor),
      seconds: 0,
      parts: {},
    } satisfies ScaleResult & Ids;
  } finally {
    await db.close();
  }
}

async function startSide(factor: number): Promise<Side> {
  const { database } = await databaseFor(factor);
  const ids = await idsOf(database, factor);
  const app = await startAppProcess({
    LOG_LEVEL: "warn",
    MAIL_DELIVERY: "off",
    QUERY_COUNT_HEADER: "true",
    // The member's ceremony pages answer only while ceremonies are open.
    CEREMONIES: "open",
    ...database.env,
  });
  const server = { url: app.url, origin: app.url } as TestServer;
  const member = await signIn(server, SCALE_MEMBER.username, SCALE_MEMBER.password);
  if (!member.cookie.includes("session_token")) throw new Error(`factor ${factor}: the member did not sign in`);
  const keeper = await signInStaff(server, { id: ids.keeperId, ...SCALE_KEEPER });
  return {
    factor,
    app,
    ids,
    cookies: { member: member.cookie, keeper: keeper.cookie },
    drop: async () => {
      await app.stop();
      await database.drop();
    },
  };
}

interface Sample {
  ms: number;
  bytes: number;
  queries: number;
}

async function request(side: Side, page: ScalePage, path: string): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(`${side.app.url}${path}`, {
    headers: { cookie: side.cookies[page.who], "Accept-Encoding": "identity", "Sec-Fetch-Site": "same-origin" },
    redirect: "manual",
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`factor ${side.factor} ${path}: ${res.status}`);
  return { ms, bytes: body.byteLength, queries: Number(res.headers.get("x-query-count") ?? Number.NaN) };
}

const sides: Side[] = [];
try {
  for (const factor of FACTORS) sides.push(await startSide(factor));
  const [small, large] = sides as [Side, Side];
  const measured = SCALE_PAGES.filter((p) => !p.skip);
  const samples = new Map<string, [Sample[], Sample[]]>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const page of measured) {
      const pair = samples.get(page.route) ?? [[], []];
      samples.set(page.route, pair);
      for (const [i, side] of [small, large].entries()) {
        const sample = await request(side, page, page.path(side.ids) as string);
        // Round 0 warms each page (its code, the database's caches) and is not counted.
        if (round > 0) pair[i]?.push(sample);
      }
    }
  }
  const failures: string[] = [];
  const lines = [
    `| page | f${small.factor} median ms | f${small.factor} p95 | f${large.factor} median ms | f${large.factor} p95 | ratio | bytes f${small.factor} → f${large.factor} | queries |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const page of measured) {
    const [a, b] = samples.get(page.route) as [Sample[], Sample[]];
    const times = (list: Sample[]) => list.map((s) => s.ms).sort((x, y) => x - y);
    const [ta, tb] = [times(a), times(b)];
    const [ma, mb] = [percentile(ta, 50), percentile(tb, 50)];
    const ratio = mb / Math.max(ma, 0.1);
    const [ba, bb] = [a[0]?.bytes ?? 0, b[0]?.bytes ?? 0];
    const [qa, qb] = [a[0]?.queries ?? 0, b[0]?.queries ?? 0];
    const slow = ratio > MAX_GROWTH && mb - ma > NOISE_MS;
    const heavy = !page.download && bb > ba * MAX_GROWTH && bb - ba > NOISE_BYTES;
    const chatty = !page.download && qb > qa;
    if (slow) failures.push(`${page.route}: median x${ratio.toFixed(2)}`);
    if (heavy) failures.push(`${page.route}: ${ba} → ${bb} bytes`);
    if (chatty) failures.push(`${page.route}: ${qa} → ${qb} statements`);
    const mark = slow || heavy || chatty ? " **over**" : "";
    lines.push(
      `| /${page.route}${page.download ? " (download)" : ""} | ${ma.toFixed(1)} | ${percentile(ta, 95).toFixed(1)} | ${mb.toFixed(1)} | ${percentile(tb, 95).toFixed(1)} | ${ratio.toFixed(2)}${mark} | ${ba} → ${bb} | ${qa} → ${qb} |`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  process.stdout.write(
    `${ROUNDS} rounds; not measured: ${SCALE_PAGES.filter((p) => p.skip)
      .map((p) => `${p.route} (${p.skip})`)
      .join("; ")}.\n`,
  );
  if (failures.length > 0) {
    process.stderr.write(`Pages that grow with the data:\n  ${failures.join("\n  ")}\n`);
    process.exitCode = 1;
  }
} finally {
  for (const side of sides) await side.drop();
}
