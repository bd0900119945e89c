// The checks of `npm run doctor` (scripts/doctor.ts): every setting and every outside dependency,
// read without starting the server and without changing anything (no migration, no mail sent, no
// file left behind). Each check answers lines of ok / warn / FAIL; a FAIL says what to do. One file
// per kind of check in doctor/.
import fs from "node:fs";
import path from "node:path";
import { type Env, inspectEnv } from "../../app/env.server";
import { databaseFindings } from "./doctor/database";
import { type ClockReading, type DoctorOptions, type Finding, finding } from "./doctor/findings";
import { backupFindings, clockFindings } from "./doctor/host";
import { proxyFindings } from "./doctor/proxy";
import { paypalFindings, smtpFindings } from "./doctor/services";

export type { DoctorOptions, Finding, Level } from "./doctor/findings";

// (1) Settings: the start's own parser, each problem on its own line.
function settingsFindings(problems: string[], env: Env): Finding[] {
  if (problems.length === 0) {
    return [
      finding(
        "ok",
        "settings",
        `NODE_ENV=${env.NODE_ENV}, SITE_URL=${env.SITE_URL}, ${env.DATABASE_URL ? "PostgreSQL" : `embedded database in ${env.DATA_DIR}`}, payments ${env.PAYMENT_PROVIDER}`,
      ),
    ];
  }
  return problems.map((problem) => finding("FAIL", "settings", problem));
}

/** A check that needs a refused setting is not made: the settings line above already says what to fix. */
function blockedBy(refused: Set<string>, check: string, names: string[]): Finding | undefined {
  const blocking = names.filter((name) => refused.has(name));
  if (blocking.length === 0) return undefined;
  return finding("warn", check, `not checked until ${blocking.join(" and ")} is fixed (above)`);
}

/** Dev secrets are read where a development start left them, never made (the doctor writes nothing). */
function withStoredDevSecret(env: Env): Env {
  if (env.AUTH_SECRET || env.isProduction) return env;
  try {
    const stored = JSON.parse(fs.readFileSync(path.join(env.DATA_DIR, "secrets.json"), "utf8")) as {
      authSecret?: string;
    };
    return { ...env, AUTH_SECRET: stored.authSecret };
  } catch {
    return env;
  }
}

/** Every check; the independent ones at once. */
export async function runDoctor(options: DoctorOptions): Promise<Finding[]> {
  const { problems, usable, refused } = inspectEnv(options.source);
  const env = withStoredDevSecret(usable);
  const clock: ClockReading[] = [];
  const blocked = (check: string, names: string[], run: () => Promise<Finding[]>) => {
    const blocker = blockedBy(refused, check, names);
    return blocker ? Promise.resolve([blocker]) : run();
  };
  const [database, smtp, paypal, proxy] = await Promise.all([
    blocked("database", ["DATABASE_URL", "DATA_DIR"], () => databaseFindings(env, clock)),
    blocked("smtp", ["SMTP_URL", "MAIL_DELIVERY"], () => smtpFindings(env)),
    blocked("paypal", ["PAYMENT_PROVIDER", "PAYPAL_API_URL", "PAYPAL_ENV"], () => paypalFindings(env, clock)),
    blocked("proxy", ["SITE_URL", "TRUST_PROXY", ...(options.through ? ["AUTH_SECRET"] : [])], () =>
      proxyFindings(env, options.through, clock),
    ),
  ]);
  return [
    ...settingsFindings(problems, env),
    ...database,
    ...smtp,
    ...paypal,
    ...proxy,
    ...backupFindings(options.backupDir, options.minFreeBytes),
    ...clockFindings(clock, options.maxSkewSeconds ?? 30),
  ];
}
