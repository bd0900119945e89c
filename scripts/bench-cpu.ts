// Part of npm run bench: the server's own CPU time per request (not the wall time, which a busy
// machine stretches): a signed-in member's four heaviest pages, and a public page from the page
// cache and rendered afresh, on PGlite and (with TEST_DATABASE_URL) PostgreSQL, in one run.
// Reads the app process's CPU counters from /proc, so it runs on Linux.
import fs from "node:fs";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { type BenchDatabase, createAccounts, pgliteBench, postgresBench } from "./lib/bench-db";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const MEMBER_PAGES = ["/journals", "/dashboard", "/profile", "/calendar"];
const member = {
  name: "Cpu Member",
  email: "cpu@example.org",
  username: "cpumember",
  password: "cpu-member-pass-1",
  role: "member" as const,
};
/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** CPU milliseconds the app spends per request on `path`, over REQUESTS sequential requests. */
async function perRequest(app: AppProcess, path: string, cookie?: string): Promise<number> {
  const pid = app.child.pid as number;
  const get = async () => {
    const res = await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < WARM_UP; i++) await get();
  const before = cpuMs(pid);
  for (let i = 0; i < REQUESTS; i++) await get();
  return (cpuMs(pid) - before) / REQUESTS;
}

async function signIn(app: AppProcess): Promise<string> {
  const res = await fetch(`${app.url}/sacred-access`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ emailOrUsername: member.username, password: member.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed (${res.status})`);
  return cookie.split(";")[0] as string;
}

/** A few weeks of a member's use: journal entries and daily check-ins, so the pages show something. */
async function fill(app: AppProcess, cookie: string) {
  const post = async (path: string, body: URLSearchParams) => {
    const res = await fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, cookie },
      body,
    });
    if (res.status >= 400) throw new Error(`${path}: ${res.status}`);
  };
  for (let i = 0; i < 30; i++) {
    const body = new URLSearchParams({
      intent: "create",
      title: `Evening ${i}`,
      content: "The light through the window, the breath, the quiet after. ".repeat(4),
      intensity: String((i % 10) + 1),
      ceremonyContext: "meditation",
    });
    body.append("emotions", "Peace");
    await post("/journals", body);
  }
}

async function measure(database: BenchDatabase) {
  await createAccounts(database, [member]);
  const rows: [string, number][] = [];
  const app = await startAppProcess({ LOG_LEVEL: "warn", ...database.env });
  try {
    const cookie = await signIn(app);
    await fill(app, cookie);
    for (const page of MEMBER_PAGES) rows.push([`${page} (signed in)`, await perRequest(app, page, cookie)]);
    rows.push(["/ (anonymous, page cache)", await perRequest(app, "/")]);
  } finally {
    await app.stop();
  }
  // The same public page rendered for every request: the page cache off.
  const uncached = await startAppProcess({ LOG_LEVEL: "warn", PAGE_CACHE_SECONDS: "0", ...database.env });
  try {
    rows.push(["/ (anonymous, rendered each time)", await perRequest(uncached, "/")]);
  } finally {
    await uncached.stop();
  }
  return rows;
}

const databases = [pgliteBench(), await postgresBench()].filter((d): d is BenchDatabase => d !== null);
const results = new Map<string, [string, number][]>();
for (const database of databases) {
  try {
    results.set(database.label, await measure(database));
  } finally {
    await database.drop();
  }
}
const labels = [...results.keys()];
process.stdout.write(
  `\nServer CPU per request (ms; ${REQUESTS} sequential requests each, after ${WARM_UP} to warm up)\n`,
);
process.stdout.write(`| page | ${labels.join(" | ")} |\n|---|${labels.map(() => "---:").join("|")}|\n`);
for (const [i, [page]] of (results.get(labels[0] as string) ?? []).entries()) {
  const cells = labels.map((label) => (results.get(label)?.[i]?.[1] ?? 0).toFixed(2));
  process.stdout.write(`| ${page} | ${cells.join(" | ")} |\n`);
}
