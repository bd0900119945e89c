import { spawn } from "node:child_process";
import fs from "node:fs";
import { freePort, productionSettings } from "../tests/support/app-process";
import { createAccounts, pgliteBench, postgresBench } from "./lib/bench-db";
import { cpuMember, fill, get, signIn } from "./lib/cpu";
const page = process.argv[2] ?? "/dashboard";
const n = Number(process.argv[3] ?? 2000);
const db = process.env.PROBE_PG ? (await postgresBench())! : pgliteBench();
await createAccounts(db, [cpuMember]);
fs.rmSync("/tmp/probes/prof", { recursive: true, force: true });
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/probes/prof", "--cpu-prof-interval=200", "build/server-main.js"], {
  env: { ...process.env, ...productionSettings(url), PORT: String(port), LOG_LEVEL: "warn", PAGE_CACHE_SECONDS: "0", ...db.env },
  stdio: ["ignore", "inherit", "inherit"],
});
for (;;) { try { if ((await fetch(`${url}/readyz`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
try {
  const cookie = page === "/" ? undefined : await signIn(url);
  if (cookie) await fill(url, cookie);
  for (let i = 0; i < n; i++) await get(url, page, cookie);
} finally {
  await new Promise((r) => { child.once("exit", r); child.kill("SIGTERM"); });
  await db.drop();
}
