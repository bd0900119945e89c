import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CLEARED_BODY } from "../../app/modules/mail/outbox.server";
import type { Database } from "../../db/client";
import { mailOutbox, newsletterDeliveries, newsletterIssues } from "../../db/schema";
import { type AppProcess, startAppProcess } from "../support/app-process";
import {
  type CountingSmtp,
  issueBeingSent,
  sampleRss,
  seedConfirmedSubscribers,
  startCountingSmtp,
} from "../support/newsletter-load";
import {
  createScratchDatabase,
  openScratch,
  POSTGRES_URL,
  postgresNote,
  type ScratchDatabase,
  sleep,
  waitFor,
} from "./support/env";

/** A long letter: each subscriber's mail is about 70 kB as text and HTML, 200 kB with the SQL that stores it. */
const BODY_CHARS = 30_000;
/**
 * The instances' V8 heap, capped: one batch's mails (200) fit with room to spare, every subscriber's
 * at once (3,000 × 200 kB ≈ 600 MB) cannot, and the instance would die of it (checked below).
 */
const HEAP_MB = 256;
const MB = 1024 * 1024;

interface Run {
  scratch: ScratchDatabase;
  database: Database;
  smtp: CountingSmtp;
  apps: AppProcess[];
}
const runs: Run[] = [];

/**
 * Sends an issue to `subscribers` confirmed subscribers through two app instances ("a" and "b",
 * each its own SMTP user) on one PostgreSQL database, as the keeper's Send leaves it to the
 * servers' timer. With `killAt`, instance a is killed (SIGKILL) while SMTP holds its message number
 * `killAt` unanswered, and started again. Answers the run and instance b's memory growth.
 */
async function sendToMany(subscribers: number, killAt?: number) {
  const scratch = await createScratchDatabase();
  const database = await openScratch(scratch.url);
  await seedConfirmedSubscribers(database.db, subscribers);
  const apps: AppProcess[] = [];
  let killed = false;
  const smtp = await startCountingSmtp({
    async beforeAccept(n, user) {
      if (killAt === undefined || killed || n < killAt || user !== "a") return true;
      killed = true;
      const a = apps[0] as AppProcess;
      await a.stop("SIGKILL");
      // Started again at once; the rows the dead one had claimed wait out their claim (MAIL_CLAIM_SECONDS).
      apps.push(await startAppProcess(env("a")));
      return false; // the dead sender never got its "250": the mail was not delivered
    },
  });
  runs.push({ scratch, database, smtp, apps });
  const env = (user: string) => ({
    DATABASE_URL: scratch.url,
    SMTP_URL: smtp.url(user),
    MAIL_WORKER_INTERVAL_MS: "100",
    REMINDER_INTERVAL_MS: "300",
    MAIL_CLAIM_SECONDS: "5",
    NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
  });
  apps.push(...(await Promise.all([startAppProcess(env("a")), startAppProcess(env("b"))])));
  const b = apps[1] as AppProcess;
  await sleep(2000); // settled after the start
  const memory = sampleRss(b.child.pid ?? 0);
  const started = Date.now();
  const issue = await issueBeingSent(database.db, `Spring letter to ${subscribers}`, BODY_CHARS);
  const sent = async () => {
    // An instance that ended by itself (a V8 out-of-memory) ends the wait at once, with its last words.
    const died = apps.find((app, i) => (i !== 0 || !killed) && (app.child.exitCode ?? app.child.signalCode) !== null);
    if (died) return `an instance ended: ${died.output().slice(-600)}`;
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "newsletter.issue"), eq(mailOutbox.status, "sent")));
    return row?.n === subscribers;
  };
  expect(await waitFor(`${subscribers} mails sent`, sent, 900_000)).toBe(true);
  memory.stop();
  const seconds = (Date.now() - started) / 1000;
  await sleep(1000); // nothing more arrives after the last is marked sent
  const growth = memory.peak() - memory.first;
  console.info(
    `newsletter to ${subscribers}: ${seconds.toFixed(1)} s, instance b's RSS +${(growth / MB).toFixed(1)} MB ` +
      `(from ${(memory.first / MB).toFixed(0)} MB), sent by ${JSON.stringify(Object.fromEntries(smtp.byUser))}`,
  );
  return { database, smtp, issue, growth, killed, apps };
}

describe.skipIf(!POSTGRES_URL)(`a newsletter to 3,000, two instances, one killed [postgres]${postgresNote}`, () => {
  afterAll(async () => {
    for (const run of runs) {
      // The one killed already has no exit to wait for (ended by a signal, its exitCode stays null).
      const running = run.apps.filter((app) => app.child.exitCode === null && app.child.signalCode === null);
      await Promise.all(running.map((app) => app.stop("SIGKILL")));
      // Not waiting on connections the killed instance left half-open.
      await Promise.race([run.smtp.close(), sleep(5000)]);
      await run.database.close();
      await run.scratch.drop();
    }
  });

  it("mails each subscriber exactly once through a kill mid-send, in a heap too small to hold the list", async () => {
    const large = await sendToMany(3000, 1000);
    expect(large.killed, "instance a was killed mid-send").toBe(true);

    const { database, smtp, issue } = large;
    // Every subscriber: one mail at SMTP, one delivery row, one outbox row.
    expect(smtp.byRecipient.size).toBe(3000);
    expect([...smtp.byRecipient].filter(([, n]) => n !== 1)).toEqual([]);
    expect(smtp.repeatedIds()).toBe(0);
    expect(smtp.accepted()).toBe(3000);
    const [deliveries] = await database.db
      .select({ n: sql<number>`count(*)::int`, people: sql<number>`count(distinct subscriber_id)::int` })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issue));
    expect(deliveries).toEqual({ n: 3000, people: 3000 });
    const [mails] = await database.db
      .select({
        n: sql<number>`count(*)::int`,
        people: sql<number>`count(distinct to_address)::int`,
        kept: sql<number>`count(*) filter (where text_body <> ${CLEARED_BODY} or html_body is not null or headers <> '{}'::jsonb)::int`,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "newsletter.issue"));
    // No unsubscribe link (it grants something) stays in a stored mail once sent.
    expect(mails).toEqual({ n: 3000, people: 3000, kept: 0 });
    const [done] = await database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue));
    expect(done?.sentAt).not.toBeNull();
    expect(done?.recipientCount).toBe(3000);
    // Both instances sent: "once" was decided between them.
    expect(smtp.byUser.get("a") ?? 0).toBeGreaterThan(0);
    expect(smtp.byUser.get("b") ?? 0).toBeGreaterThan(0);

    // In a heap too small for every subscriber's mail at once, both instances lived through the send
    // (a V8 out-of-memory would have ended one, and the send with it): one batch is held at a time.
    const ended = large.apps.slice(1).map((app) => [app.child.exitCode, app.child.signalCode]);
    expect(ended, "b and the restarted a still run").toEqual([
      [null, null],
      [null, null],
    ]);
  }, 1_500_000);
});
