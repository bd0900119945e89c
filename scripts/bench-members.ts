// Part of npm run bench: 50 signed-in members browsing and saving journal entries at once for
// BENCH_LOAD_SECONDS (default 30), on PGlite and on PostgreSQL, then two app processes on one
// PostgreSQL against one. Figures are throughput, p50/p99 and errors (which must be zero).
import os from "node:os";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { type BenchDatabase, createAccounts, percentile, pgliteBench, postgresBench } from "./lib/bench-db";

const MEMBERS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);

interface Member {
  username: string;
  password: string;
  ip: string;
}

async function seedMembers(database: BenchDatabase): Promise<Member[]> {
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    username: `bench_${i}`,
    password: `bench-password-${i}`,
    ip: `198.51.100.${i + 1}`,
  }));
  await createAccounts(
    database,
    members.map((m, i) => ({
      username: m.username,
      password: m.password,
      name: `Bench Member ${i}`,
      email: `bench${i}@example.org`,
      role: "member" as const,
    })),
  );
  return members;
}

/** Each member signs in (from their own address, as behind a proxy) on one of the apps. */
async function signIn(app: AppProcess, member: Member): Promise<string> {
  const res = await fetch(`${app.url}/sacred-access`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.url,
      "X-Forwarded-For": member.ip,
    },
    body: new URLSearchParams({ emailOrUsername: member.username, password: member.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed for ${member.username} (${res.status})`);
  return cookie.split(";")[0] as string;
}

const entry = (n: number) =>
  new URLSearchParams({
    intent: "create",
    title: `Evening ${n}`,
    content: `Breath, light and the quiet after: reflection ${n}, written while others wrote theirs.`,
    intensity: String((n % 10) + 1),
    emotions: "Peace",
  }).toString();

/** Members loop: dashboard, journal archive, save an entry, calendar; every answer timed. */
async function load(apps: AppProcess[], members: Member[]) {
  const cookies = await Promise.all(members.map((m, i) => signIn(apps[i % apps.length] as AppProcess, m)));
  const latencies: number[] = [];
  let errors = 0;
  let saved = 0;
  /** Unexpected answers by request and status, printed when there are any. */
  const failures = new Map<string, number>();
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    members.map(async (member, i) => {
      const app = apps[i % apps.length] as AppProcess;
      const headers = { cookie: cookies[i] as string, "X-Forwarded-For": member.ip };
      for (let n = 0; Date.now() < deadline; n++) {
        // Each step with the one answer that means it worked: pages 200, a saved entry 303 to its page.
        const steps: Array<[string, RequestInit, number]> = [
          ["/dashboard", { headers }, 200],
          ["/journals", { headers }, 200],
          [
            "/journals",
            {
              method: "POST",
              headers: { ...headers, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
              body: entry(n),
            },
            303,
          ],
          ["/calendar", { headers }, 200],
        ];
        for (const [path, init, expected] of steps) {
          const started = performance.now();
          const res = await fetch(`${app.url}${path}`, { ...init, redirect: "manual" }).catch(() => null);
          await res?.arrayBuffer();
          latencies.push(performance.now() - started);
          if (res?.status !== expected) {
            errors++;
            const key = `${init.method ?? "GET"} ${path} → ${res?.status ?? "no answer"}`;
            failures.set(key, (failures.get(key) ?? 0) + 1);
          } else if (init.method === "POST") saved++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    "req/s": Math.round(latencies.length / SECONDS),
    "p50 ms": Math.round(percentile(latencies, 50)),
    "p99 ms": Math.round(percentile(latencies, 99)),
    saved,
    errors,
    failures: [...failures].map(([key, count]) => `${count}× ${key}`).join("; "),
  };
}

async function measure(database: BenchDatabase, processes: number) {
  const members = await seedMembers(database);
  const apps: AppProcess[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      apps.push(await startAppProcess({ LOG_LEVEL: "warn", TRUST_PROXY: "true", ...database.env }));
    }
    return { database: database.label, processes, ...(await load(apps, members)) };
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await database.drop();
  }
}

const rows = [await measure(pgliteBench(), 1)];
const first = await postgresBench();
if (first) {
  rows.push(await measure(first, 1));
  const second = await postgresBench();
  if (second) rows.push(await measure(second, 2));
}
console.table(rows);
const [, one, two] = rows;
if (one && two) {
  const added = (two["req/s"] - one["req/s"]) / one["req/s"];
  process.stdout.write(
    `A second process adds ${added.toFixed(2)} of one process's throughput (${os.cpus().length} cores, shared with PostgreSQL and the load generator).\n`,
  );
}
process.stdout.write(`${MEMBERS} members, ${SECONDS}s each run.\n`);
process.stdout.write(`Errors: ${rows.map((r) => `${r.database} ×${r.processes}: ${r.errors}`).join(", ")}.\n`);
if (rows.some((r) => r.errors > 0 || r.saved === 0)) {
  process.stderr.write("Some requests failed under load, or no entry was saved (see failures above).\n");
  process.exit(1);
}
