// MAIL_DELIVERY=off: a restored backup checked on a scratch database, with the production settings
// (SMTP_URL included), sends nothing: neither the outbox's pending mail nor the scheduled mail (here
// a newsletter send that was cut off). The same database and SMTP server with delivery on are the
// control: they deliver, so the silence above is the setting's doing. Real production processes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../../app/modules/mail/outbox.server";
import { openPglite } from "../../db/client";
import { mailOutbox, newsletterIssues, newsletterSubscribers } from "../../db/schema";
import { startAppProcess } from "../support/app-process";
import { LEVEL, logLines } from "../support/log-lines";
import { startSmtpServer } from "../support/smtp";

const FAST = { MAIL_WORKER_INTERVAL_MS: "100", REMINDER_INTERVAL_MS: "100" };

async function withDatabase<T>(dataDir: string, fn: (db: Awaited<ReturnType<typeof openPglite>>["db"]) => Promise<T>) {
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

async function waitFor(what: string, check: () => boolean, ms = 240_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("MAIL_DELIVERY=off", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-mail-off-"));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // What a restored backup may hold: a pending mail, and a newsletter send cut off before every
    // subscriber's mail was queued (the scheduled resume would queue the rest).
    await withDatabase(dataDir, async (db) => {
      await enqueue(db, { kind: "test", to: "restored@example.org", subject: "Pending at backup", text: "Body" });
      await db.insert(newsletterSubscribers).values({
        email: "subscriber@example.org",
        status: "confirmed",
        unsubscribeTokenHash: "restored-subscriber-token-hash",
        confirmedAt: new Date(),
      });
      await db.insert(newsletterIssues).values({
        subject: "Cut-off issue",
        body: "News",
        authorName: "Keeper",
        sendStartedAt: new Date(),
      });
    });
  });
  afterAll(() => smtp.close());

  it("sends no mail and schedules none, however long it runs; with delivery on the same setup delivers", async () => {
    const off = await startAppProcess({ ...FAST, DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_DELIVERY: "off" });
    // Many worker and scheduler intervals.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await off.stop()).code).toBe(0);
    expect(smtp.received).toEqual([]);
    const lines = logLines(off.output());
    expect(lines.find((line) => line.msg === "settings")).toMatchObject({ mailDelivery: "off" });
    expect(lines.find((line) => line.msg.startsWith("Mail delivery is off"))).toMatchObject({
      level: LEVEL.warn,
      msg: expect.stringContaining("stays in the outbox"),
    });
    await withDatabase(dataDir, async (db) => {
      const outbox = await db.select().from(mailOutbox);
      expect(outbox.map((row) => [row.subject, row.status])).toEqual([["Pending at backup", "pending"]]);
      const [issue] = await db.select().from(newsletterIssues);
      expect(issue?.sentAt, "the cut-off send was not resumed").toBeNull();
    });

    // The control: MAIL_DELIVERY unset (on) on the same database and SMTP server.
    const on = await startAppProcess({ ...FAST, DATA_DIR: dataDir, SMTP_URL: smtp.url });
    try {
      await waitFor("both mails", () => smtp.received.length >= 2);
    } finally {
      await on.stop();
    }
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([["restored@example.org"], ["subscriber@example.org"]]);
    expect(logLines(on.output()).find((line) => line.msg === "settings")).toMatchObject({ mailDelivery: "on" });
  });
});
