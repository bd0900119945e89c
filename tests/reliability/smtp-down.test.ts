import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { enqueue } from "../../app/modules/mail/outbox.server";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { type AppProcess, freePort, startAppProcess } from "../support/app-process";
import {
  createScratchDatabase,
  openScratch,
  POSTGRES_URL,
  postgresNote,
  type ScratchDatabase,
  sleep,
  waitFor,
  withDataDir,
} from "./support/env";
import { send } from "./support/http";
import { startSmtpOnPort } from "./support/smtp-on-port";

type Smtp = Awaited<ReturnType<typeof startSmtpOnPort>>;
const keyOf = (row: { toAddress: string; subject: string }) => `${row.toAddress}|${row.subject}`;

/** A contact message and an access request: three emails through the real forms. */
async function mailThroughForms(app: AppProcess, tag: string) {
  const contact = await send(app, "/contact", {
    name: `Ana ${tag}`,
    email: `ana-${tag}@example.org`,
    message: "Is there a ceremony this spring?",
  });
  expect(contact.status).toBe(303);
  const access = await send(app, "/request-access", {
    name: `Ben ${tag}`,
    email: `ben-${tag}@example.org`,
    reason: "I finished the preparation course.",
  });
  expect(access.status).toBe(303);
}

/** Each queued email arrived exactly once (none lost, none doubled). */
function expectEachOnce(rows: { toAddress: string; subject: string }[], smtp: Smtp) {
  const counts = smtp.counts();
  const doubled = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
  expect(doubled, "sent twice").toEqual([]);
  expect(
    rows.map(keyOf).filter((key) => !counts.has(key)),
    "never sent",
  ).toEqual([]);
  expect(smtp.received).toHaveLength(rows.length);
}

describe("SMTP down, then back [pglite]", () => {
  let dataDir = "";
  let app: AppProcess | undefined;
  let smtp: Smtp | undefined;
  afterAll(async () => {
    await app?.stop("SIGKILL");
    await smtp?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps mail in the outbox while SMTP is down and sends each once when it returns", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-smtp-"));
    const port = await freePort(); // nothing listens here yet
    app = await startAppProcess({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_WORKER_INTERVAL_MS: "200",
    });
    await mailThroughForms(app, "solo");
    // The worker tried each email and failed (its log says so); the forms still answered 200 above.
    await waitFor("three failed sends", async () => (app?.output().match(/"mail send failed"/g) ?? []).length >= 3);
    await sleep(1000);
    expect(app.child.exitCode).toBeNull();

    smtp = await startSmtpOnPort(port);
    // The first retry comes after the worker's 30-second backoff.
    await waitFor("the retried emails", async () => (smtp?.received.length ?? 0) >= 3, 45_000);
    await sleep(1500);
    await app.stop();
    const rows = await withDataDir(dataDir, (database) => database.db.select().from(mailOutbox));
    expect(rows.map((r) => r.kind).sort()).toEqual(["access.acknowledge", "access.notify", "contact.notify"]);
    for (const row of rows) expect(row, row.kind).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expectEachOnce(rows, smtp);
  });
});

describe.skipIf(!POSTGRES_URL)(`SMTP down, then back, with two app instances [postgres]${postgresNote}`, () => {
  let scratch: ScratchDatabase | undefined;
  let database: Database | undefined;
  let apps: AppProcess[] = [];
  let smtp: Smtp | undefined;
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop("SIGKILL")));
    await smtp?.close();
    await database?.close();
    await scratch?.drop();
  });

  it("sends every queued email exactly once when both instances run the worker", async () => {
    scratch = await createScratchDatabase();
    database = await openScratch(scratch.url);
    const { db } = database;
    const port = await freePort();
    const env = { DATABASE_URL: scratch.url, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_WORKER_INTERVAL_MS: "100" };
    apps = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    const [a, b] = apps as [AppProcess, AppProcess];
    await mailThroughForms(a, "alpha");
    await mailThroughForms(b, "beta");
    // Enough mail that both workers' batches (10 each) overlap while SMTP is slow.
    for (let i = 0; i < 60; i++) {
      await enqueue(db, { kind: "test.bulk", to: `reader${i}@example.org`, subject: `Bulk ${i}`, text: `Letter ${i}` });
    }
    const total = 66;
    await waitFor("every email tried and failed", async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(sql`status = 'pending' and attempts >= 1 and last_error is not null`);
      return row?.n === total;
    });

    smtp = await startSmtpOnPort(port, { delayMs: 40 });
    // Stands for the 30-second backoff passing: the retry is what is under test, not the wait.
    await db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await waitFor(
      "every email sent",
      async () => {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(sql`status = 'sent'`);
        return row?.n === total;
      },
      60_000,
    );
    await sleep(1500);
    const rows = await db.select().from(mailOutbox);
    expectEachOnce(rows, smtp);
    // Both instances took part, so "once" was decided between them, not by one doing it all.
    const sentBy = apps.map((app) => (app.output().match(/"mail sent"/g) ?? []).length);
    expect(sentBy[0] ?? 0).toBeGreaterThan(0);
    expect(sentBy[1] ?? 0).toBeGreaterThan(0);
    expect((sentBy[0] ?? 0) + (sentBy[1] ?? 0)).toBe(total);
    process.stdout.write(`smtp [postgres]: instance A sent ${sentBy[0]}, instance B sent ${sentBy[1]}\n`);
  });
});
