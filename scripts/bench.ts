// npm run bench: requests per second of public pages against a plain static server serving
// the same bytes, in the same run, at 50 connections. Prints ratios; fails under 0.5.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startAppProcess } from "../tests/support/app-process";

const PAGES = ["/", "/magic", "/magic/psilocybin-aging-study"];
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const MIN_RATIO = 0.5;

function run(url: string) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const app = await startAppProcess({ LOG_LEVEL: "warn" });
const bytes: Record<string, string> = {};
for (const p of PAGES) bytes[p] = await (await fetch(`${app.url}${p}`)).text();
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-")), "pages.json");
fs.writeFileSync(file, JSON.stringify(bytes));
const staticPort = await freePort();
const staticServer = spawn(process.execPath, ["scripts/static-server.mjs", String(staticPort), file], {
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) => staticServer.stdout?.once("data", resolve));

let failed = false;
const rows = [];
try {
  for (const p of PAGES) {
    const staticResult = await run(`http://127.0.0.1:${staticPort}${p}`);
    const appResult = await run(`${app.url}${p}`);
    const ratio = appResult.requests.average / staticResult.requests.average;
    failed ||= ratio < MIN_RATIO || appResult.non2xx > 0 || appResult.errors > 0;
    rows.push({
      page: p,
      "app req/s": Math.round(appResult.requests.average),
      "static req/s": Math.round(staticResult.requests.average),
      ratio: Number(ratio.toFixed(2)),
      "app p99 ms": appResult.latency.p99,
      "static p99 ms": staticResult.latency.p99,
      errors: appResult.errors + appResult.non2xx,
    });
  }
} finally {
  staticServer.kill();
  await app.stop();
}
console.table(rows);
process.stdout.write(
  `${CONNECTIONS} connections, ${DURATION_S}s per run, ${os.cpus().length} cores; budget: ratio >= ${MIN_RATIO}\n`,
);
if (failed) {
  process.stderr.write("A page is under the budget or answered errors.\n");
  process.exit(1);
}
