import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { type Env, parseEnv } from "../app/env.server";
import { keyringFor } from "../app/lib/encryption.server";
import { safeErrorMessage } from "../app/lib/errors";
import { isLoopbackHost } from "../app/lib/loopback";
import { describeDemoAccounts, prepareDemoAccounts } from "../app/modules/accounts/seed.server";
import { sendDueReminders, sendIntegrationPrompts } from "../app/modules/bookings/schedule.server";
import { planCeremonyAftercare } from "../app/modules/ceremonies/aftercare.server";
import { recordCeremoniesSetting } from "../app/modules/ceremonies/setting.server";
import { sendCircleReminders } from "../app/modules/circles/circles.server";
import { runFollowUps } from "../app/modules/follow-ups/plan.server";
import { sendJournalReminders } from "../app/modules/journal/reminders.server";
import { type MailWorker, startMailWorker } from "../app/modules/mail/sender.server";
import { resumeSends } from "../app/modules/newsletter/newsletter-issues.server";
import { checkPaypalCredentials } from "../app/modules/payments/paypal-check.server";
import { collectTestSubscriptions } from "../app/modules/payments/test-collections.server";
// The scheduled runs below reach the domains through it (the test provider's collections), as requests do.
import "../app/modules/registry.server";
import { prune } from "../app/modules/rate-limit/rate-limit.server";
import { pruneSubmissions } from "../app/modules/submissions/once.server";
import { type Database, openPglite, openPostgres } from "../db/client";
import { databaseUrlProblem } from "../db/errors";
import { checkStartSecrets, SecretMismatchError } from "../db/key-check";
import { DataDirLockedError, lockDataDir } from "../db/lock";
import { createApp } from "./app";
import { withDevSecrets } from "./dev-secrets";
import { createLogger } from "./logger";
import { type OperatorOutput, operatorOutput, refuse, type ServingNote } from "./operator-output";
import { runningRelease } from "./release";
import { stopOnSignals } from "./shutdown";

/** No request waits longer than this on one query (see openPostgres). */
const QUERY_TIMEOUT_MS = 5000;

/** A development start must not pass for a real one (README "Run it", docs/development.md). */
const DEVELOPMENT_NOTICE = `This is a development server (NODE_ENV is not "production"): it shows error details, may hold demo
accounts whose passwords are public, and listens on this machine only unless HOST is set. To run it for real:
NODE_ENV=production with SITE_URL, MAIL_FROM, STAFF_EMAIL, AUTH_SECRET and DATA_ENCRYPTION_KEY set, and PayPal's
settings or PAYMENT_PROVIDER=none (see docs/deployment.md), then create the first administrator with
  npm run create-admin -- --email <address> --name "<name>"

`;

/** Said with the serving line of a production server whose PayPal takes no real money. */
const SANDBOX_NOTE: ServingNote = {
  level: "warn",
  message:
    "PAYPAL_ENV=sandbox on a production server: PayPal's sandbox takes no real money, so no gift or booking " +
    'here is really paid. Set PAYPAL_ENV=live with live credentials (docs/deployment.md, "PayPal live").',
  fields: { paypalEnv: "sandbox" },
};

/** Said with the serving line of a production server on loopback that takes test payments (the browser tests). */
const TEST_PAYMENTS_NOTE: ServingNote = {
  level: "warn",
  message:
    "PAYMENT_PROVIDER=test on a production server: its checkout takes no money. Allowed only because HOST and " +
    "SITE_URL are both on loopback (tests); a real site uses paypal or none.",
  fields: { payments: "test" },
};

const PAYMENTS_OFF_NOTE: ServingNote = {
  level: "info",
  message: "Online payment is off (PAYMENT_PROVIDER=none): giving and booking point to the Contact page.",
  fields: { payments: "none" },
};

/**
 * PayPal's credentials, checked with one token request before anything else starts: refused ones
 * stop the start; an unreachable PayPal is a warning. Returns what the serving line must add.
 */
async function checkPayments(env: Env, output: OperatorOutput): Promise<ServingNote[]> {
  if (env.PAYMENT_PROVIDER === "none") return [PAYMENTS_OFF_NOTE];
  if (env.PAYMENT_PROVIDER === "test") return env.isProduction ? [TEST_PAYMENTS_NOTE] : [];
  const check = await checkPaypalCredentials({
    baseUrl: env.PAYPAL_API_URL,
    clientId: env.PAYPAL_CLIENT_ID ?? "",
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? "",
    environment: env.PAYPAL_ENV,
  });
  if (check.kind === "refused") refuse(check.message);
  if (check.kind === "unchecked") output.warn(check.message, { paypalEnv: env.PAYPAL_ENV });
  return env.isProduction && env.PAYPAL_ENV === "sandbox" ? [SANDBOX_NOTE] : [];
}

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = withDevSecrets(parseEnv());
  } catch (error) {
    refuse((error as Error).message);
  }
  const logger = createLogger(env.LOG_LEVEL);
  const output = operatorOutput(env.isProduction, logger);
  const dev = process.argv.includes("--dev");
  const servingNotes = await checkPayments(env, output);

  let releaseLock = () => {};
  let database: Database;
  if (env.DATABASE_URL) {
    database = openPostgres({ url: env.DATABASE_URL, queryTimeoutMs: QUERY_TIMEOUT_MS });
  } else {
    try {
      releaseLock = await lockDataDir(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockedError) refuse(error.message);
      throw error;
    }
    database = await openPglite(path.join(env.DATA_DIR, "pglite"));
  }
  try {
    // Each migration this start applied, by name: what an upgrade changed, in the log.
    for (const name of await database.migrate()) logger.info({ migration: name }, "migration applied");
  } catch (error) {
    await database.close().catch(() => {});
    releaseLock();
    if (env.DATABASE_URL) refuse(databaseUrlProblem(env.DATABASE_URL, error));
    throw error;
  }
  try {
    await checkStartSecrets(database.db, {
      encryption: keyringFor(env.DATA_ENCRYPTION_KEY),
      authSecret: env.AUTH_SECRET as string,
    });
  } catch (error) {
    await database.close().catch(() => {});
    releaseLock();
    if (error instanceof SecretMismatchError) refuse(error.message);
    throw error;
  }
  logger.info({ database: database.kind }, "database ready");
  // An operator opening or pausing ceremonies is an act the audit log keeps (issue 49).
  if (await recordCeremoniesSetting(database.db, env.CEREMONIES)) {
    logger.info({ ceremonies: env.CEREMONIES }, "ceremonies setting changed");
  }
  const demo = await prepareDemoAccounts(database.db, env);
  if (demo.kind === "refused") {
    await database.close().catch(() => {});
    releaseLock();
    refuse(demo.message);
  }
  // Outside production their credentials are printed at each start, as the README lists them.
  if (!env.isProduction && demo.open.length > 0) process.stdout.write(`\n${describeDemoAccounts()}`);

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let clientDir: string | undefined;
  let devMiddleware: import("express").RequestHandler | undefined;
  let closeVite = async () => {};
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    devMiddleware = viteServer.middlewares;
    build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    closeVite = () => viteServer.close();
  } else {
    build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
    clientDir = path.resolve("build/client");
  }

  const release = runningRelease({ built: !dev });
  const { app, drain, proxiesLetGo } = createApp({
    env,
    database,
    logger,
    build,
    clientDir,
    devMiddleware,
    release,
  });
  // The effective settings in one line (no secrets): what an operator checks first in an incident.
  logger.info(
    {
      version: release.version,
      commit: release.commit,
      builtAt: release.builtAt,
      nodeEnv: env.NODE_ENV,
      siteUrl: env.SITE_URL,
      host: env.HOST,
      port: env.PORT,
      trustProxy: env.TRUST_PROXY,
      database: database.kind,
      payments: env.PAYMENT_PROVIDER === "paypal" ? `paypal (${env.PAYPAL_ENV})` : env.PAYMENT_PROVIDER,
      smtpHost: env.SMTP_URL ? new URL(env.SMTP_URL).host : null,
      mailDelivery: env.MAIL_DELIVERY,
      pageCacheSeconds: env.PAGE_CACHE_SECONDS,
      metrics: Boolean(env.METRICS_TOKEN),
    },
    "settings",
  );

  const mailDelivery = env.MAIL_DELIVERY === "on";
  let mailWorker: MailWorker | undefined;
  if (!mailDelivery) {
    // A restored backup checked on a scratch database: its outbox and schedules must reach nobody.
    output.warn(
      "Mail delivery is off (MAIL_DELIVERY=off): no email is sent and none is scheduled; queued mail stays in the outbox",
      { mailDelivery: "off" },
    );
  } else if (env.SMTP_URL) {
    mailWorker = startMailWorker({
      db: database.db,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      logger,
      intervalMs: env.MAIL_WORKER_INTERVAL_MS,
      maxPerSecond: env.MAIL_MAX_PER_SECOND,
      claimSeconds: env.MAIL_CLAIM_SECONDS,
    });
  } else {
    logger.info("SMTP_URL is not set: email stays in the outbox until it is");
  }
  const pruneTimer = setInterval(() => {
    prune(database.db).catch(() => {});
    pruneSubmissions(database.db).catch(() => {});
  }, 3_600_000);
  pruneTimer.unref();
  // The scheduled mail: 24-hour booking and circle reminders, integration invitations and follow-up check-ins after a session or a ceremony, the
  // weekly journal reminder, any newsletter send that was cut off, and (test mode) the test provider's
  // recurring collections. Each is claimed row by row, so any number of instances may run this.
  const scheduled = [
    ["booking reminders", () => sendDueReminders(database.db)],
    ["integration prompts", () => sendIntegrationPrompts(database.db, env.SITE_URL)],
    ["follow-up check-ins", () => runFollowUps(database.db, env)],
    ["ceremony after-care", () => planCeremonyAftercare(database.db, env)],
    ["circle reminders", () => sendCircleReminders(database.db, env)],
    ["journal reminders", () => sendJournalReminders(database.db, env.SITE_URL)],
    ["newsletter sends", () => resumeSends(database.db, env.SITE_URL)],
    // Test mode only: the test provider collects recurring offerings here, as PayPal does on its own.
    [
      "test collections",
      () => (env.PAYMENT_PROVIDER === "test" ? collectTestSubscriptions(database.db, env) : Promise.resolve(0)),
    ],
  ] as const;
  // With MAIL_DELIVERY=off nothing is scheduled: no timer at all.
  const reminderTimer = mailDelivery
    ? setInterval(() => {
        for (const [name, send] of scheduled) {
          send().catch((error: unknown) =>
            logger.warn({ err: safeErrorMessage(error), job: name }, "scheduled mail failed"),
          );
        }
      }, env.REMINDER_INTERVAL_MS)
    : undefined;
  reminderTimer?.unref();

  // Express 5 calls this back on a failed listen too (with the error), which the "error" handler reports.
  const server = app.listen(env.PORT, env.HOST, (error?: Error) => {
    if (error) return;
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const bound = typeof address === "object" && address ? address.address : env.HOST;
    const local = isLoopbackHost(bound);
    const shown =
      local || bound === "0.0.0.0" || bound === "::" ? "localhost" : bound.includes(":") ? `[${bound}]` : bound;
    const reach = local ? "this machine only" : "reachable from other machines";
    output.serving({ url: `http://${shown}:${port}`, listening: bound, reach }, servingNotes, DEVELOPMENT_NOTICE);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    releaseLock();
    refuse(
      error.code === "EADDRINUSE" ? `Port ${env.PORT} is already in use (set PORT to choose another).` : error.message,
    );
  });

  stopOnSignals({
    server,
    drain,
    proxiesLetGo,
    logger,
    releaseLock,
    async cleanUp() {
      clearInterval(pruneTimer);
      clearInterval(reminderTimer);
      await mailWorker?.stop();
      await closeVite();
      await database.close().catch(() => {});
    },
  });
}

main().catch((error) => {
  refuse(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
});
