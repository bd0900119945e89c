// Part of npm run bench: what lists cost as the data grows. A member's journal archive and two
// console lists with 100, 10,000 and 100,000 rows: the median time of a page should grow no faster
// than the page size requires (keyset pagination and indexes), here at most 3x from 100 to 100,000.
import { sql } from "drizzle-orm";
import { parseEnv } from "../app/env.server";
import { newEntryRow } from "../app/modules/journal/journal.server";
import { accessRequests, auditLog, journalEntries } from "../db/schema";
import { signIn, signInStaff, type TestAccount } from "../tests/support/accounts";
import { startAppProcess } from "../tests/support/app-process";
import { TEST_SECRETS } from "../tests/support/secrets";
import type { TestServer } from "../tests/support/server";
import { type BenchDatabase, createAccounts, percentile, pgliteBench, postgresBench } from "./lib/bench-db";

const SIZES = (process.env.BENCH_LIST_SIZES ?? "100,10000,100000").split(",").map(Number);
const SAMPLES = 15;
const MAX_GROWTH = 3;
const env = parseEnv({ NODE_ENV: "test", ...TEST_SECRETS });
const member = {
  name: "Archive Keeper",
  email: "archive@example.org",
  username: "archive",
  password: "archive-pass-1",
  role: "member" as const,
};
const admin = {
  name: "Console Admin",
  email: "admin@example.org",
  username: "consoleadmin",
  password: "console-pass-1",
  role: "admin" as const,
};

/** Grows every list to `size` rows (journal entries sealed one by one, as the app writes them). */
async function grow(database: BenchDatabase, memberId: string, from: number, size: number) {
  const db = await database.open();
  try {
    for (let start = from; start < size; start += 1000) {
      const n = Math.min(1000, size - start);
      const base = Date.now() - size * 60_000;
      await db.db.insert(journalEntries).values(
        Array.from({ length: n }, (_, i) =>
          newEntryRow(
            env,
            memberId,
            {
              title: `Entry ${start + i}`,
              content: "The quiet after the breath, written down.",
              emotions: [],
              bodySensations: [],
              intensity: "5",
              ceremonyContext: "",
            },
            new Date(base + (start + i) * 60_000),
          ),
        ),
      );
    }
    await db.db.execute(
      sql`insert into ${accessRequests} (name, email, reason) select 'Seeker ' || g, 'seeker' || g || '@example.org', 'A reason to seek access.' from generate_series(${from + 1}::int, ${size}::int) g`,
    );
    await db.db.execute(
      sql`insert into ${auditLog} (action, actor_name) select 'staff.sign-in', 'Keeper ' || g from generate_series(${from + 1}::int, ${size}::int) g`,
    );
  } finally {
    await db.close();
  }
}

async function median(url: string, cookie: string) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

async function measure(database: BenchDatabase) {
  const [memberId = "", adminId = ""] = await createAccounts(database, [member, admin]);
  const rows: Array<Record<string, string | number>> = [];
  let have = 0;
  let totpSecret: string | undefined; // enrolled on the first sign-in
  try {
    for (const size of SIZES) {
      await grow(database, memberId, have, size);
      have = size;
      const app = await startAppProcess({ LOG_LEVEL: "warn", ...database.env });
      try {
        const server = { url: app.url } as TestServer;
        const memberCookie = (await signIn(server, member.username, member.password)).cookie;
        const staff = await signInStaff(server, { id: adminId, ...admin } satisfies TestAccount, totpSecret);
        totpSecret = staff.secret;
        const first = await (await fetch(`${app.url}/journals`, { headers: { cookie: memberCookie } })).text();
        const older = first.match(/\/journals\?after=([A-Za-z0-9_-]+)/)?.[0] ?? "/journals";
        rows.push({
          database: database.label,
          rows: size,
          "archive, page 1 ms": Math.round(await median(`${app.url}/journals`, memberCookie)),
          "archive, page 2 ms": Math.round(await median(`${app.url}${older}`, memberCookie)),
          "console requests ms": Math.round(await median(`${app.url}/console/requests`, staff.cookie)),
          "console audit ms": Math.round(await median(`${app.url}/console/audit`, staff.cookie)),
        });
      } finally {
        await app.stop();
      }
    }
  } finally {
    await database.drop();
  }
  return rows;
}

const rows = await measure(pgliteBench());
const postgres = await postgresBench();
if (postgres) rows.push(...(await measure(postgres)));
console.table(rows);
let failed = false;
for (const label of ["PGlite", "PostgreSQL"]) {
  const mine = rows.filter((r) => r.database === label);
  const [small, large] = [mine[0], mine.at(-1)];
  if (!small || !large || small === large) continue;
  for (const key of Object.keys(small).filter((k) => k.endsWith("ms"))) {
    const growth = Number(large[key]) / Math.max(1, Number(small[key]));
    if (growth > MAX_GROWTH) failed = true;
    process.stdout.write(`${label} ${key}: x${growth.toFixed(2)} from ${small.rows} to ${large.rows} rows\n`);
  }
}
if (failed) {
  process.stderr.write(`A list grew more than ${MAX_GROWTH}x with the data.\n`);
  process.exit(1);
}
