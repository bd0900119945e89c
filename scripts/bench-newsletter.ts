// npm run bench:newsletter: an issue sent to 50,000 confirmed subscribers on PostgreSQL
// (TEST_DATABASE_URL's server, a database of its own, dropped afterwards; without it, a fresh PGlite) through the real queue
// (`resumeSends`, what the servers' timer runs after the keeper's Send) and the real outbox worker
// (`startMailWorker`) to a local SMTP stand-in in another process. Prints the time, the mails per
// second and this process's peak memory (RSS and V8 heap, sampled every 50 ms) over its start.
import { type ChildProcess, fork } from "node:child_process";
import { eq } from "drizzle-orm";
import pino from "pino";
import { startMailWorker } from "../app/modules/mail/sender.server";
import { resumeSends } from "../app/modules/newsletter/newsletter-issues.server";
import { newsletterIssues } from "../db/schema";
import { issueBeingSent, seedConfirmedSubscribers } from "../tests/support/newsletter-load";
import { pgliteBench, postgresBench } from "./lib/bench-db";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 50_000);
/** A long letter's Markdown (about 800 words). */
const BODY_CHARS = Number(process.env.BENCH_BODY_CHARS ?? 5000);
const MB = 1024 * 1024;

interface Counts {
  accepted: number;
  recipients: number;
  moreThanOnce: number;
  repeatedIds: number;
}

function ask<T>(child: ChildProcess, message?: string): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (answer) => resolve(answer as T));
    if (message) child.send(message);
  });
}

const bench = (await postgresBench()) ?? pgliteBench();
const database = await bench.open();
await database.migrate();
const smtpProcess = fork(new URL("./lib/smtp-counter.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
try {
  const { url } = await ask<{ url: string }>(smtpProcess);
  let seeded = performance.now();
  await seedConfirmedSubscribers(database.db, SUBSCRIBERS);
  seeded = performance.now() - seeded;

  const logger = pino({ level: "silent" });
  global.gc?.();
  const start = process.memoryUsage();
  const peak = { rss: start.rss, heap: start.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 50);

  const began = performance.now();
  const issue = await issueBeingSent(database.db, "The spring letter", BODY_CHARS);
  // The worker drains while the queue fills, as on a server.
  const worker = startMailWorker({
    db: database.db,
    smtpUrl: url,
    from: "Bench <no-reply@example.org>",
    logger,
    intervalMs: 100,
  });
  await resumeSends(database.db, "https://sacred.example");
  const queued = performance.now() - began;
  let counts: Counts;
  for (;;) {
    counts = await ask<Counts>(smtpProcess, "counts");
    if (counts.accepted >= SUBSCRIBERS) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const total = performance.now() - began;
  await worker.stop();
  clearInterval(sampler);
  const [done] = await database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue));

  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  console.log(
    `newsletter to ${SUBSCRIBERS.toLocaleString("en")} confirmed subscribers (${bench.label}, body ${BODY_CHARS} characters)`,
  );
  console.log(`  seeded in ${(seeded / 1000).toFixed(1)} s`);
  console.log(`  queued (deliveries and outbox rows) in ${(queued / 1000).toFixed(1)} s, while sending`);
  console.log(`  sent in ${(total / 1000).toFixed(1)} s: ${(SUBSCRIBERS / (total / 1000)).toFixed(0)} mails/s`);
  console.log(
    `  recipients ${counts.recipients}, more than once ${counts.moreThanOnce}, repeated Message-IDs ${counts.repeatedIds}, issue's count ${done?.recipientCount}`,
  );
  console.log(`  peak RSS ${mb(peak.rss)} (start ${mb(start.rss)}, +${mb(peak.rss - start.rss)})`);
  console.log(`  peak heap ${mb(peak.heap)} (start ${mb(start.heapUsed)}, +${mb(peak.heap - start.heapUsed)})`);
  if (counts.recipients !== SUBSCRIBERS || counts.moreThanOnce > 0) process.exitCode = 1;
} finally {
  smtpProcess.disconnect();
  await database.close();
  await bench.drop();
}
