// Part of npm run bench, and a CI budget: a signed-in member's pages against public pages of about
// the same size rendered afresh, as a ratio of the server's CPU time per request, in one process and
// one run (issue 47: "signed-in pages cost like public ones"). Ratios only, never absolute times: on a
// shared machine milliseconds move by a third between hours, and a process beside the server (a CPU
// hog) slows both pages of a pair alike. On PGlite and (with TEST_DATABASE_URL) PostgreSQL. Reads
// the app process's CPU counters from /proc, so it runs on Linux.
//
// The goal is 1.5x; BENCH_MAX_RATIO sets the bound that fails the run (CI's is looser, .ci/run says why).
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { type BenchDatabase, createAccounts, pgliteBench, postgresBench } from "./lib/bench-db";
import { cpuMember, cpuMs, fill, get, median, signIn } from "./lib/cpu";

const GOAL = 1.5;
const MAX_RATIO = Number(process.env.BENCH_MAX_RATIO ?? GOAL);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** As scripts/bench-cpu.ts: V8's optimising tiers need a few hundred requests per page. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const MEMBER_PAGES = ["/dashboard", "/journals", "/profile", "/calendar"];
/**
 * Public pages that read no database and show the same content each time: the pair for a member's
 * page is the one whose HTML is nearest in bytes (chosen in each run, and printed).
 */
const PUBLIC_PAGES = [
  "/",
  "/the-invitation",
  "/magic",
  "/religious-freedom",
  "/terms-and-privacy",
  "/faq",
  "/start-your-journey",
  "/magic/honoring-sacred-traditions",
  "/magic/psilocybin-aging-study",
  "/magic/embracing-spiritual-insights",
  "/magic/exploring-profound-spiritual-experiences",
  "/magic/evolution-of-spiritual-exploration",
];

async function htmlBytes(url: string, path: string, cookie?: string): Promise<number> {
  const res = await fetch(`${url}${path}`, { headers: cookie ? { cookie } : {} });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

interface Pair {
  member: string;
  memberBytes: number;
  public: string;
  publicBytes: number;
  memberMs: number;
  publicMs: number;
  /** The median over rounds of each round's member ms / public ms. */
  ratio: number;
}

/** Each member page's CPU per request against its public pair's, in interleaved rounds. */
async function measure(database: BenchDatabase): Promise<Pair[]> {
  await createAccounts(database, [cpuMember]);
  // The page cache off: a public page is rendered for every request, as a member's page is.
  const app: AppProcess = await startAppProcess({ LOG_LEVEL: "warn", PAGE_CACHE_SECONDS: "0", ...database.env });
  try {
    const cookie = await signIn(app.url);
    await fill(app.url, cookie);
    const publicSizes = await Promise.all(PUBLIC_PAGES.map(async (p) => [p, await htmlBytes(app.url, p)] as const));
    const pairs = await Promise.all(
      MEMBER_PAGES.map(async (member) => {
        const bytes = await htmlBytes(app.url, member, cookie);
        const [nearest, nearestBytes] = publicSizes.reduce((a, b) =>
          Math.abs(b[1] - bytes) < Math.abs(a[1] - bytes) ? b : a,
        );
        return { member, memberBytes: bytes, public: nearest, publicBytes: nearestBytes };
      }),
    );
    const pages = [...new Set(pairs.flatMap((p) => [p.member, p.public]))];
    const load = (path: string) => get(app.url, path, MEMBER_PAGES.includes(path) ? cookie : undefined);
    for (const path of pages) for (let i = 0; i < WARM_UP; i++) await load(path);
    const pid = app.child.pid as number;
    const samples = new Map<string, number[]>(pages.map((path) => [path, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Each member page beside its pair, so both see the same stretch of the machine.
      for (const path of round % 2 ? [...pages].reverse() : pages) {
        const before = cpuMs(pid);
        for (let i = 0; i < REQUESTS; i++) await load(path);
        samples.get(path)?.push((cpuMs(pid) - before) / REQUESTS);
      }
    }
    return pairs.map((pair) => {
      const m = samples.get(pair.member) ?? [];
      const p = samples.get(pair.public) ?? [];
      return {
        ...pair,
        memberMs: median(m),
        publicMs: median(p),
        ratio: median(m.map((ms, i) => ms / (p[i] ?? Number.NaN))),
      };
    });
  } finally {
    await app.stop();
  }
}

const databases = [pgliteBench(), await postgresBench()].filter((d): d is BenchDatabase => d !== null);
let failed = false;
for (const database of databases) {
  let pairs: Pair[];
  try {
    pairs = await measure(database);
  } finally {
    await database.drop();
  }
  process.stdout.write(
    `\nSigned-in pages against public pages of about their size, ${database.label} (server CPU ms per request; the median of ${ROUNDS} interleaved rounds of ${REQUESTS}, after ${WARM_UP} to warm up)\n`,
  );
  process.stdout.write(
    "| page | KB | public page | KB | page ms | public ms | ratio |\n|---|---:|---|---:|---:|---:|---:|\n",
  );
  for (const p of pairs) {
    failed ||= !(p.ratio <= MAX_RATIO);
    process.stdout.write(
      `| ${p.member} | ${(p.memberBytes / 1000).toFixed(1)} | ${p.public} | ${(p.publicBytes / 1000).toFixed(1)} | ${p.memberMs.toFixed(2)} | ${p.publicMs.toFixed(2)} | ${p.ratio.toFixed(2)} |\n`,
    );
  }
}
process.stdout.write(`Goal: every ratio <= ${GOAL}; this run fails above ${MAX_RATIO}.\n`);
if (failed) {
  process.stderr.write("A signed-in page costs more than its bound times a public page of its size.\n");
  process.exit(1);
}
