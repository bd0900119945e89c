// npm run doctor [-- --through <proxy> --backup-dir <dir>]: checks a configuration without starting
// the server and without changing anything (no migration, no mail, no file left): every setting,
// the database, SMTP, PayPal, SITE_URL through the proxy, the backup directory and the clock. One
// line per finding (ok / warn / FAIL, with what to do); exit status 1 when anything failed.
// See docs/deployment.md, "Checking a configuration".
import { parseArgs } from "node:util";
import { type Finding, runDoctor } from "./lib/doctor";

const USAGE = `Usage: npm run doctor [-- --through <proxy address>] [--backup-dir <directory>] [--min-free-mib <n>]
Checks the configuration the server would start with (the environment; on a host with a settings file:
node --env-file=/etc/sacred/env build/scripts/doctor.js) without starting it or migrating anything.
  --through <address>   one request through the proxy in front of the app, e.g. https://127.0.0.1,
                        to compare what the app sees (Host, scheme, client address) with SITE_URL and TRUST_PROXY
  --backup-dir <dir>    where backups are written (default: backups)
  --min-free-mib <n>    warn below this much free space there (default: 1024)
Exit status: 0 when nothing failed (warnings allowed), 1 when a check failed, 2 for bad arguments.
`;

function usage(problem: string): never {
  process.stderr.write(`${problem}\n\n${USAGE}`);
  process.exit(2);
}

let values: { through?: string; "backup-dir"?: string; "min-free-mib"?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      through: { type: "string" },
      "backup-dir": { type: "string" },
      "min-free-mib": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  usage((error as Error).message);
}
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const minFreeMib = Number(values["min-free-mib"] ?? 1024);
if (!Number.isInteger(minFreeMib) || minFreeMib < 0) usage("--min-free-mib must be a whole number of MiB");

const findings: Finding[] = await runDoctor({
  source: process.env,
  backupDir: values["backup-dir"] ?? "backups",
  minFreeBytes: minFreeMib * 2 ** 20,
  through: values.through,
});
const width = Math.max(...findings.map((f) => f.check.length));
for (const f of findings) process.stdout.write(`${f.level.padEnd(4)}  ${f.check.padEnd(width)}  ${f.message}\n`);
const failed = findings.filter((f) => f.level === "FAIL").length;
const warned = findings.filter((f) => f.level === "warn").length;
process.stdout.write(
  failed > 0
    ? `\n${failed} check(s) failed${warned ? `, ${warned} warning(s)` : ""}: fix each FAIL line above, then run the doctor again.\n`
    : `\nEverything checked is ready${warned ? ` (${warned} warning(s) above)` : ""}.\n`,
);
process.exit(failed > 0 ? 1 : 0);
