// Part of npm run bench: the journal with 5,000 entries, on PGlite and (when TEST_DATABASE_URL
// points at a PostgreSQL server) on PostgreSQL, side by side: saving an entry, the archive's
// first and a deep page, and searches through the blind index (which open only the entries found).
import os from "node:os";
import autocannon from "autocannon";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { type BenchDatabase, createAccounts, pgliteBench, postgresBench } from "./lib/bench-db";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 5000);
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const member = {
  name: "Journal Keeper",
  email: "journal@example.org",
  username: "journalkeeper",
  password: "journal-pass-1",
  role: "member" as const,
};

async function signIn(app: AppProcess): Promise<string> {
  const res = await fetch(`${app.url}/sacred-access`, {
    method: "POST",
    redirect: "manual", // the session cookie comes with the redirect
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ emailOrUsername: member.username, password: member.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed (${res.status})`);
  return cookie.split(";")[0] as string;
}

function entryBody(i: number) {
  const body = new URLSearchParams({
    intent: "create",
    title: `Entry ${i}`,
    content: `Reflection number ${i}: the light through the window, the breath, the quiet after. `.repeat(3),
    intensity: String((i % 10) + 1),
    ceremonyContext: "meditation",
  });
  body.append("emotions", i % 2 ? "Peace" : "Gratitude");
  return body.toString();
}

async function fill(app: AppProcess, cookie: string) {
  let next = 0;
  const worker = async () => {
    while (next < ENTRIES) {
      const i = next++;
      const res = await fetch(`${app.url}/journals`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, cookie },
        body: entryBody(i),
        redirect: "manual",
      });
      await res.arrayBuffer();
      // Saved: 303 to the entry's page (redirect after post).
      if (res.status !== 303) throw new Error(`saving entry ${i}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

function run(options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

/** Measured as deployed: a production process (React's production build, no demo accounts). */
async function measure(database: BenchDatabase) {
  await createAccounts(database, [member]);
  const label = database.label;
  const app = await startAppProcess({ LOG_LEVEL: "warn", ...database.env });
  try {
    const cookie = await signIn(app);
    await fill(app, cookie);
    const headers = { cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" };
    // A cursor deep in the archive: follow "Older entries" from the first page to the 100th.
    let deep = "/journals";
    for (let page = 1; page < 100; page++) {
      const html = await (await fetch(`${app.url}${deep}`, { headers: { cookie } })).text();
      const after = html.match(/\?after=([A-Za-z0-9_-]+)/)?.[1];
      if (!after) throw new Error(`the archive ends at page ${page}: raise BENCH_ENTRIES to measure page 100`);
      deep = `/journals?after=${after}`;
    }
    const cases: Array<[string, autocannon.Options]> = [
      ["save entry", { url: `${app.url}/journals`, method: "POST", headers, body: entryBody(1) }], // answers 303
      ["archive, first page", { url: `${app.url}/journals`, headers: { cookie } }],
      ["archive, page 100", { url: `${app.url}${deep}`, headers: { cookie } }],
      // Through the blind index: a word every entry holds (the first page of matches), and one entry's own number.
      ["search, a word in every entry", { url: `${app.url}/journals?q=window`, headers: { cookie } }],
      ["search, one entry of 5,000", { url: `${app.url}/journals?q=${Math.floor(ENTRIES / 2)}`, headers: { cookie } }],
      ["search, no match", { url: `${app.url}/journals?q=heron`, headers: { cookie } }],
    ];
    const rows = [];
    for (const [name, options] of cases) {
      const r = await run(options);
      rows.push({
        database: label,
        case: name,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        // Anything but the one answer that means it worked: 303 for a save, 200 for a page.
        errors: r.errors + r.timeouts + (options.method === "POST" ? r.requests.total - r["3xx"] : r.non2xx),
      });
    }
    return rows;
  } finally {
    await app.stop();
    await database.drop();
  }
}

const rows = await measure(pgliteBench());
const postgres = await postgresBench();
if (postgres) rows.push(...(await measure(postgres)));
console.table(rows);
process.stdout.write(
  `${ENTRIES} entries, ${CONNECTIONS} connections, ${DURATION_S}s per case, ${os.cpus().length} cores\n`,
);
process.stdout.write(`Errors: ${rows.reduce((sum, r) => sum + r.errors, 0)}.\n`);
if (rows.some((r) => r.errors > 0)) {
  process.stderr.write("The journal answered errors under load.\n");
  process.exit(1);
}
