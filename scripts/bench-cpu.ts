// Part of npm run bench: the server's own CPU time per request (not the wall time, which a busy
// machine stretches): a signed-in member's four heaviest pages, a public page from the page cache
// and rendered afresh, and the floor under every page (React Router with nothing to render, express
// alone, express and one query), on PGlite and (with TEST_DATABASE_URL) PostgreSQL, in one run.
// Reads the app process's CPU counters from /proc, so it runs on Linux.
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { type BenchDatabase, createAccounts, pgliteBench, postgresBench } from "./lib/bench-db";
import { cpuMember, cpuMs, fill, get, median, signIn } from "./lib/cpu";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/**
 * Requests per page before counting: a server that has run for a while has its hot code compiled
 * by V8's optimising tiers; after only 20 requests a page still cost a third more than it does
 * for the rest of the process's life. The figures are the steady state.
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
/**
 * Rounds over the pages, each page measured once per round; the figure is the median. On a shared
 * two-core machine one stretch of REQUESTS can be a tenth off the next; the median of rounds,
 * interleaved so each page sees the same stretches of the machine, is steadier than one long run.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MEMBER_PAGES = ["/journals", "/dashboard", "/profile", "/calendar"];
interface Cost {
  cpuMs: number;
  /** Statements the database ran per request (PostgreSQL only). */
  queries: number | null;
}

/**
 * CPU milliseconds the app spends per request on each of `paths`: each warmed up, then ROUNDS
 * rounds of REQUESTS sequential requests per page, the median kept. The database's statements
 * are counted over the first round.
 */
async function perRequest(
  app: AppProcess,
  database: BenchDatabase,
  paths: string[],
  cookie?: string,
): Promise<Map<string, Cost>> {
  const pid = app.child.pid as number;
  const samples = new Map<string, number[]>(paths.map((path) => [path, []]));
  const queries = new Map<string, number | null>();
  for (const path of paths) for (let i = 0; i < WARM_UP; i++) await get(app.url, path, cookie);
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of paths) {
      const statementsBefore = round === 0 ? await database.statements() : null;
      const before = cpuMs(pid);
      for (let i = 0; i < REQUESTS; i++) await get(app.url, path, cookie);
      samples.get(path)?.push((cpuMs(pid) - before) / REQUESTS);
      if (round > 0) continue;
      const statementsAfter = await database.statements();
      queries.set(
        path,
        statementsBefore === null || statementsAfter === null ? null : (statementsAfter - statementsBefore) / REQUESTS,
      );
    }
  }
  return new Map(
    paths.map((path) => [path, { cpuMs: median(samples.get(path) ?? []), queries: queries.get(path) ?? null }]),
  );
}

async function measure(database: BenchDatabase) {
  await createAccounts(database, [cpuMember]);
  const rows: [string, Cost][] = [];
  const app = await startAppProcess({ LOG_LEVEL: "warn", ...database.env });
  try {
    const cookie = await signIn(app.url);
    await fill(app.url, cookie);
    const costs = await perRequest(app, database, MEMBER_PAGES, cookie);
    for (const page of MEMBER_PAGES) rows.push([`${page} (signed in)`, costs.get(page) as Cost]);
    rows.push(["/ (anonymous, page cache)", (await perRequest(app, database, ["/"])).get("/") as Cost]);
  } finally {
    await app.stop();
  }
  // The same public page rendered for every request (the page cache off), and beside it the floor
  // under every page: express alone (/healthz), express and one query (/readyz asks the database
  // `select 1`: what a page pays per query before any rows), then React Router's handling of a
  // request with nothing to render (robots.txt, a resource route).
  const uncached = await startAppProcess({ LOG_LEVEL: "warn", PAGE_CACHE_SECONDS: "0", ...database.env });
  try {
    const floor = await perRequest(uncached, database, ["/", "/robots.txt", "/healthz", "/readyz"]);
    rows.push(["/ (anonymous, rendered each time)", floor.get("/") as Cost]);
    rows.push(["/robots.txt (React Router, nothing to render)", floor.get("/robots.txt") as Cost]);
    rows.push(["/healthz (express only)", floor.get("/healthz") as Cost]);
    rows.push(["/readyz (express and one query)", floor.get("/readyz") as Cost]);
  } finally {
    await uncached.stop();
  }
  return rows;
}

const databases = [pgliteBench(), await postgresBench()].filter((d): d is BenchDatabase => d !== null);
const results = new Map<string, [string, Cost][]>();
for (const database of databases) {
  try {
    results.set(database.label, await measure(database));
  } finally {
    await database.drop();
  }
}
const labels = [...results.keys()];
process.stdout.write(
  `\nServer CPU per request (ms; the median of ${ROUNDS} rounds of ${REQUESTS} sequential requests, after ${WARM_UP} to warm up)\n`,
);
const withQueries = labels.filter((label) => results.get(label)?.some(([, cost]) => cost.queries !== null));
const headings = [...labels.map((l) => `${l} ms`), ...withQueries.map((l) => `${l} queries`)];
process.stdout.write(`| page | ${headings.join(" | ")} |\n|---|${headings.map(() => "---:").join("|")}|\n`);
for (const [i, [page]] of (results.get(labels[0] as string) ?? []).entries()) {
  const cpu = labels.map((label) => (results.get(label)?.[i]?.[1].cpuMs ?? 0).toFixed(2));
  const queries = withQueries.map((label) => (results.get(label)?.[i]?.[1].queries ?? 0).toFixed(1));
  process.stdout.write(`| ${page} | ${[...cpu, ...queries].join(" | ")} |\n`);
}
