import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { bookingCalendar } from "~/modules/bookings/calendar-file.server";
import type { Booking } from "~/modules/bookings/schema";
import {
  backoffMs,
  CLEARED_BODY,
  claimDue,
  enqueue,
  GIVE_UP_AFTER_MS,
  holdClaim,
  RECIPIENT_REFUSED,
  requeue,
} from "~/modules/mail/outbox.server";
import { startMailWorker } from "~/modules/mail/sender.server";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { readCalendar } from "../support/calendar";
import { describeEachBackend, openTestDatabase } from "../support/database";
import { mimeParts, startSmtpServer } from "../support/smtp";

const logger = pino({ level: "silent" });

describeEachBackend("mail outbox", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());
  afterEach(() => database.db.delete(mailOutbox));

  it("keeps mail in the outbox when no SMTP is configured", async () => {
    const id = await enqueue(database.db, { kind: "test", to: "a@example.org", subject: "Hello", text: "Body" });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 0, toAddress: "a@example.org" });
  });

  it("delivers over SMTP and marks the row sent", async () => {
    const smtp = await startSmtpServer();
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from: "Temple <no-reply@example.org>",
      logger,
      intervalMs: 60_000,
    });
    try {
      await enqueue(database.db, {
        kind: "test",
        to: "seeker@example.org",
        subject: "Welcome",
        text: "Plain body",
        html: "<p>Html body</p>",
        headers: { "List-Unsubscribe": "<https://example.org/u/1>" },
      });
      expect(await worker.tick()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(["seeker@example.org"]);
      expect(smtp.received[0]?.raw).toContain("Subject: Welcome");
      expect(smtp.received[0]?.raw).toContain("List-Unsubscribe: <https://example.org/u/1>");
      const [row] = await database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
      // Nothing left to send: a second tick sends nothing twice.
      expect(await worker.tick()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it("keeps no copy of a single-use link once its mail is sent, and will not send the cleared mail again", async () => {
    const smtp = await startSmtpServer();
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from: "no-reply@example.org",
      logger,
      intervalMs: 60_000,
    });
    const token = "Zq8xN2vYbT4kLp0sWd7eRf3gHj6mCa1u9QiEoPy5abc";
    try {
      const link = await enqueue(database.db, {
        kind: "password.reset",
        to: "seeker@example.org",
        subject: "Reset",
        text: `Choose a new password: https://sacredpath.example/reset-password/${token}`,
        html: `<a href="https://sacredpath.example/reset-password/${token}">Choose</a>`,
      });
      const unsubscribe = await enqueue(database.db, {
        kind: "newsletter.issue",
        to: "reader@example.org",
        subject: "News",
        text: "The news.",
        headers: { "List-Unsubscribe": `<https://sacredpath.example/newsletter/unsubscribe/${token}x>` },
      });
      const plain = await enqueue(database.db, {
        kind: "contact.notify",
        to: "k@example.org",
        subject: "New",
        text: "A note.",
      });
      const row = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
      expect((await row(link))?.grantsAccess).toBe(true);
      expect((await row(unsubscribe))?.grantsAccess).toBe(true);
      expect((await row(plain))?.grantsAccess).toBe(false);
      expect(await worker.tick()).toBe(3);
      // The person got the link; the database kept nothing of it.
      expect(smtp.received.map((m) => m.raw).join("\n")).toContain(token);
      for (const id of [link, unsubscribe]) {
        expect(await row(id)).toMatchObject({ status: "sent", textBody: CLEARED_BODY, htmlBody: null, headers: {} });
      }
      expect(await row(plain)).toMatchObject({ status: "sent", textBody: "A note." });
      expect(await requeue(database.db, link)).toBe(false);
      expect((await row(link))?.status).toBe("sent");
      expect(await requeue(database.db, plain)).toBe(true);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it("says at start when SMTP cannot be reached, naming the host and never the password", async () => {
    const lines: string[] = [];
    const heard = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: "smtp://mailer:never-logged-7781@127.0.0.1:9",
      from: "x@example.org",
      logger: heard,
      intervalMs: 60_000,
    });
    try {
      await expect.poll(() => lines.join("\n")).toContain("SMTP cannot be reached");
      const warning = JSON.parse(lines.find((l) => l.includes("SMTP cannot be reached")) ?? "{}");
      expect(warning).toMatchObject({ level: 40, smtpHost: "127.0.0.1:9" });
      expect(lines.join("\n")).not.toContain("never-logged-7781");
    } finally {
      await worker.stop();
    }
  });

  it("sends a booking's calendar event as the mail's text/calendar part with its method, and as a file", async () => {
    const smtp = await startSmtpServer();
    const from = "Temple <no-reply@example.org>";
    const worker = startMailWorker({ db: database.db, smtpUrl: smtp.url, from, logger, intervalMs: 60_000 });
    const booking = {
      id: "b-1",
      offerId: "preparation",
      startsAt: new Date("2026-11-01T15:00:00Z"),
      minutes: 45,
      fullName: "Zoë Ångström-Nakamura 李小龍",
      email: "zoe@example.org",
      calendarSequence: 2,
    } as Booking;
    const env = { SITE_URL: "https://sacred.example", MAIL_FROM: from };
    try {
      for (const method of ["REQUEST", "CANCEL"] as const) {
        await enqueue(database.db, {
          kind: "test",
          to: "zoe@example.org",
          subject: method,
          text: "Plain body",
          html: "<p>Html body</p>",
          attachments: [bookingCalendar(booking, env, method)],
        });
      }
      expect(await worker.tick()).toBe(2);
      for (const [i, method] of (["REQUEST", "CANCEL"] as const).entries()) {
        const parts = mimeParts(smtp.received[i]?.raw ?? "");
        const types = parts.map((p) => p.headers["content-type"]);
        // The alternative calendar programs act on (its method in the content type), then the same file attached.
        const alternative = parts.find((p) => p.headers["content-type"]?.startsWith("text/calendar"));
        expect(alternative?.headers["content-type"]).toBe(`text/calendar; charset=utf-8; method=${method}`);
        const file = parts.find((p) => p.headers["content-disposition"]?.startsWith("attachment"));
        expect(file?.headers["content-type"]).toBe("application/ics; name=session.ics");
        expect(file?.headers["content-disposition"]).toBe("attachment; filename=session.ics");
        expect(types.filter((t) => /calendar|ics/.test(t ?? ""))).toHaveLength(2);
        for (const part of [alternative, file]) {
          expect(readCalendar(part?.body ?? "")).toMatchObject({
            method,
            uid: "b-1@sacred.example",
            sequence: 2,
            status: method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
            start: "2026-11-01T15:00:00.000Z",
            end: "2026-11-01T15:45:00.000Z",
            organizer: "mailto:no-reply@example.org",
            attendee: "mailto:zoe@example.org",
            attendeeName: "Zoë Ångström-Nakamura 李小龍",
          });
        }
      }
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it("retries with backoff after a temporary failure, then delivers", async () => {
    const smtp = await startSmtpServer({ rejectFirst: 1 });
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from: "no-reply@example.org",
      logger,
      intervalMs: 60_000,
      backoffBaseMs: 50,
    });
    try {
      await enqueue(database.db, { kind: "test", to: "b@example.org", subject: "Retry", text: "Body" });
      await worker.tick();
      let [row] = await database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row?.lastError).toMatch(/451/);
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);
      await new Promise((r) => setTimeout(r, 80));
      await worker.tick();
      [row] = await database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it("waits while SMTP is down and delivers once it returns", async () => {
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: "smtp://127.0.0.1:9", // nothing listens on the discard port
      from: "no-reply@example.org",
      logger,
      intervalMs: 60_000,
      backoffBaseMs: 10,
    });
    await enqueue(database.db, { kind: "test", to: "c@example.org", subject: "Later", text: "Body" });
    await worker.tick();
    await worker.stop();
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });

    const smtp = await startSmtpServer();
    const second = startMailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from: "no-reply@example.org",
      logger,
      intervalMs: 60_000,
    });
    try {
      await new Promise((r) => setTimeout(r, 30));
      await second.tick();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await second.stop();
      await smtp.close();
    }
  });

  it("never sends one email twice when two workers run at once", async () => {
    const smtp = await startSmtpServer();
    const options = { db: database.db, smtpUrl: smtp.url, from: "no-reply@example.org", logger, intervalMs: 60_000 };
    const a = startMailWorker(options);
    const b = startMailWorker(options);
    try {
      for (let i = 0; i < 12; i++) {
        await enqueue(database.db, { kind: "test", to: `p${i}@example.org`, subject: `n${i}`, text: "Body" });
      }
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      while ((await a.tick()) + (await b.tick()) > 0) {}
      expect(smtp.received).toHaveLength(12);
      expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(12);
    } finally {
      await a.stop();
      await b.stop();
      await smtp.close();
    }
  });

  it("backs off exponentially to an hour, keeps retrying for days, and only then marks a mail failed", async () => {
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(20)]).toEqual([30_000, 60_000, 120_000, 3_600_000]);
    const young = await enqueue(database.db, { kind: "test", to: "d@example.org", subject: "Patient", text: "Body" });
    const old = await enqueue(database.db, { kind: "test", to: "e@example.org", subject: "Doomed", text: "Body" });
    // Twenty failures already (hours of outage): still retried, hourly.
    await database.db.update(mailOutbox).set({ attempts: 20 }).where(eq(mailOutbox.id, young));
    await database.db
      .update(mailOutbox)
      .set({ attempts: 20, createdAt: new Date(Date.now() - GIVE_UP_AFTER_MS - 60_000) })
      .where(eq(mailOutbox.id, old));
    const lines: string[] = [];
    const heard = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: "smtp://127.0.0.1:9",
      from: "x@example.org",
      logger: heard,
      intervalMs: 60_000,
    });
    await worker.tick();
    await worker.stop();
    const rows = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.subject, r.status, r.attempts])).toEqual([
      ["Patient", "pending", 21],
      ["Doomed", "failed", 21],
    ]);
    // The mail given up on is an event of its own (an admin must resend it); the retried one is not.
    const events = lines.map((l) => JSON.parse(l)).filter((l) => l.event === "mail-failed");
    expect(events).toEqual([expect.objectContaining({ level: 50, mailId: old, kind: "test" })]);
    const retryIn = (rows[0]?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(retryIn).toBeGreaterThan(3_500_000);
    expect(retryIn).toBeLessThanOrEqual(3_600_000);
  });

  it("gives each mail one Message-ID, and a sent mark lost to a database blip never sends it again", async () => {
    const smtp = await startSmtpServer();
    let failUpdates = 0;
    // The database as the worker sees it: `update` (the sent mark) fails while failUpdates > 0.
    const flaky = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === "update" && failUpdates > 0) {
          failUpdates -= 1;
          return () => {
            throw new Error("Connection terminated unexpectedly");
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const worker = startMailWorker({
      db: flaky,
      smtpUrl: smtp.url,
      from: "Temple <no-reply@example.org>",
      logger,
      intervalMs: 60_000,
    });
    try {
      const id = await enqueue(database.db, { kind: "test", to: "blip@example.org", subject: "Once", text: "Body" });
      // Down for the sent mark and for anything tried after it; then back.
      failUpdates = 2;
      await expect(worker.tick()).rejects.toThrow("Connection terminated");
      failUpdates = 0;
      expect(smtp.received).toHaveLength(1);
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.status).toBe("sending");
      expect(smtp.received[0]?.raw).toContain(`Message-ID: <outbox-${id}.${row?.createdAt.getTime()}@example.org>`);
      // The claim runs out (another worker may take the row): this worker marks it first, sends nothing.
      await database.db
        .update(mailOutbox)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, id));
      expect(await worker.tick()).toBe(0);
      expect(smtp.received).toHaveLength(1);
      const [after] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(after?.status).toBe("sent");
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it("hands a mail over only while the claim is still this worker's: a lapsed one is the next worker's", async () => {
    await enqueue(database.db, { kind: "test", to: "slow@example.org", subject: "Slow", text: "Body" });
    const [mine] = await claimDue(database.db, 10, 60);
    expect(mine && (await holdClaim(database.db, mine, 60))).toBe(true);
    // This worker stalled past its claim (a slow SMTP server): another takes the row over.
    await database.db.update(mailOutbox).set({ lockedUntil: new Date(Date.now() - 1000) });
    const [theirs] = await claimDue(database.db, 10, 60);
    expect(theirs?.id).toBe(mine?.id);
    expect(mine && (await holdClaim(database.db, mine, 60)), "the stalled worker must not send it").toBe(false);
    expect(theirs && (await holdClaim(database.db, theirs, 60))).toBe(true);
  });

  it("keeps a recipient the mailer would not deliver to exactly as failed, never to be sent", async () => {
    const hostile = ['=HYPERLINK("http://x.example/?a")@example.org', "grp:x@y.z;", "Eve <eve@evil.example>"];
    for (const to of hostile) await enqueue(database.db, { kind: "test", to, subject: "S", text: "Body" });
    const rows = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.toAddress, r.status, r.lastError])).toEqual(
      hostile.map((to) => [to, "failed", RECIPIENT_REFUSED]),
    );
    expect(await claimDue(database.db, 10)).toEqual([]);
  });

  it("delivers to exactly the stored address, as the SMTP envelope and the To header", async () => {
    const smtp = await startSmtpServer();
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from: "Sacred Path <no-reply@example.org>",
      logger,
      intervalMs: 60_000,
    });
    const addresses = ["o'brien@example.ie", "first.last+tag@sub.example.co.uk", "#!$%&'*+/=?^_`{|}~-@example.org"];
    try {
      for (const to of addresses) await enqueue(database.db, { kind: "test", to, subject: "Hello", text: "Body" });
      // Queued before the rule existed: marked failed with the reason, never handed to SMTP.
      const [old] = await database.db
        .insert(mailOutbox)
        .values({ kind: "old", toAddress: "grp:eve@evil.example;", subject: "Old", textBody: "Body" })
        .returning({ id: mailOutbox.id });
      expect(await worker.tick()).toBe(4);
      expect(smtp.received.map((m) => m.to)).toEqual(addresses.map((a) => [a]));
      expect(smtp.received.map((m) => m.from)).toEqual(addresses.map(() => "no-reply@example.org"));
      for (const [i, mail] of smtp.received.entries()) expect(mail.raw).toContain(`\r\nTo: ${addresses[i]}\r\n`);
      const [refused] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, old?.id ?? 0));
      expect(refused).toMatchObject({ status: "failed", lastError: RECIPIENT_REFUSED });
      expect(await worker.tick()).toBe(0);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });
});
