// Two builds' server CPU per request, side by side in one run: `npm run bench:ab -- <checkout A>
// <checkout B>`, each a checkout of this app with its dependencies installed and `npm run build`
// done. Both servers run at once, on one PostgreSQL database (TEST_DATABASE_URL) or a PGlite
// directory each, migrated by this checkout (so B's schema must include A's, as a later commit's
// does); the pages are measured in alternating turns, so a slow stretch of a shared machine falls on
// both. The figure is the median of the rounds, and B/A is the comparison to read: absolute
// milliseconds here move by a third between hours, the ratio of one run does not.
import path from "node:path";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { createAccounts, pgliteBench, postgresBench } from "./lib/bench-db";
import { cpuMember, cpuMs, fill, get, median, signIn } from "./lib/cpu";

const checkouts = process.argv.slice(2).map((dir) => path.resolve(dir));
if (checkouts.length !== 2) {
  console.error("Usage: npm run bench:ab -- <checkout A> <checkout B> (each built with npm run build)");
  process.exit(2);
}
const PAGES = (process.env.BENCH_PAGES ?? "/journals,/dashboard,/profile,/calendar,/").split(",");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const postgres = await postgresBench();
const databases = postgres ? [postgres] : checkouts.map(() => pgliteBench());
const servers: { app: AppProcess; cookie: string }[] = [];
try {
  for (const database of databases) await createAccounts(database, [cpuMember]);
  for (const [i, dir] of checkouts.entries()) {
    const database = databases[Math.min(i, databases.length - 1)];
    // The page cache off: "/" is rendered for every request, as a member's pages are.
    const app = await startAppProcess({ LOG_LEVEL: "warn", PAGE_CACHE_SECONDS: "0", ...database?.env }, dir);
    servers.push({ app, cookie: await signIn(app.url) });
  }
  // The entries are written once per database, by the newer build.
  for (const [i, { app, cookie }] of servers.entries()) if (!postgres || i === 1) await fill(app.url, cookie);

  const load = (server: (typeof servers)[number], page: string) =>
    get(server.app.url, page, page === "/" ? undefined : server.cookie);
  for (const server of servers) for (const page of PAGES) for (let i = 0; i < WARM_UP; i++) await load(server, page);
  const samples = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of PAGES) {
      // A first in even rounds, B first in odd ones.
      for (const [i, server] of (round % 2 ? [...servers].reverse() : servers).entries()) {
        const which = round % 2 ? 1 - i : i;
        const pid = server.app.child.pid as number;
        const before = cpuMs(pid);
        for (let r = 0; r < REQUESTS; r++) await load(server, page);
        const key = `${page} ${which}`;
        samples.set(key, [...(samples.get(key) ?? []), (cpuMs(pid) - before) / REQUESTS]);
      }
    }
  }
  process.stdout.write(
    `\nServer CPU per request on ${postgres ? "PostgreSQL" : "PGlite"} (ms; the median of ${ROUNDS} alternating rounds of ${REQUESTS} requests, after ${WARM_UP} to warm up)\nA: ${checkouts[0]}\nB: ${checkouts[1]}\n`,
  );
  process.stdout.write("| page | A ms | B ms | B/A |\n|---|---:|---:|---:|\n");
  for (const page of PAGES) {
    const [a, b] = [0, 1].map((which) => median(samples.get(`${page} ${which}`) ?? [])) as [number, number];
    process.stdout.write(`| ${page} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(2)} |\n`);
  }
} finally {
  for (const { app } of servers) await app.stop();
  for (const database of databases) await database.drop();
}
