import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { createIssue } from "../../app/modules/newsletter/newsletter-issues.server";
import { newsletterIssues } from "../../app/modules/newsletter/schema";
import type { Db } from "../../db/client";

/*
 * A newsletter send at scale, for tests/reliability/newsletter-send.test.ts and scripts/bench-newsletter.ts:
 * many confirmed subscribers in one statement, an issue whose Send was pressed, an SMTP stand-in that
 * counts by recipient (keeping no message: its own memory stays small), and a process's memory, sampled.
 */

/** `count` confirmed subscribers, reader1@… to readerN@…, inserted by the database itself (seconds for 50,000). */
export async function seedConfirmedSubscribers(db: Db, count: number, domain = "example.org"): Promise<void> {
  await db.execute(sql`
    insert into newsletter_subscribers (email, status, unsubscribe_token_hash, confirmed_at)
    select 'reader' || i || '@' || ${domain}, 'confirmed', md5(${domain} || i), now()
      from generate_series(1, ${count}) as i`);
}

/** An issue of about `bodyChars` characters of Markdown, its Send pressed: the servers' timer queues it (`resumeSends`). */
export async function issueBeingSent(db: Db, subject: string, bodyChars: number): Promise<number> {
  const paragraph =
    "The spring gathering begins at dawn by the river. Bring water, a blanket and **an open heart**; " +
    "we walk together, in silence, to the [old oak](https://example.org/oak).\n\n";
  const body = paragraph.repeat(Math.max(1, Math.ceil(bodyChars / paragraph.length))).slice(0, bodyChars);
  const id = await createIssue(db, { name: "Elena Keeper" }, { subject, body, format: "markdown" });
  await db
    .update(newsletterIssues)
    .set({ sendStartedAt: new Date(), sentByName: "Elena Keeper" })
    .where(eq(newsletterIssues.id, id));
  return id;
}

export interface CountingSmtp {
  url: (user: string) => string;
  /** Messages accepted per recipient. */
  byRecipient: Map<string, number>;
  /** Messages accepted per SMTP user (each app instance signs in as its own). */
  byUser: Map<string, number>;
  /** Message-IDs accepted more than once (the same outbox row handed over twice). */
  repeatedIds: () => number;
  accepted: () => number;
  close(): Promise<void>;
}

/**
 * A real SMTP server that counts what it accepts. `beforeAccept(n, user)`, called with the number
 * the message would be and the sender's SMTP user before the server answers, may answer false: the
 * message is then refused (as when the sender dies before the server's "250": it was never delivered).
 */
export async function startCountingSmtp(
  options: { beforeAccept?: (n: number, user: string) => Promise<boolean> } = {},
): Promise<CountingSmtp> {
  const byRecipient = new Map<string, number>();
  const byUser = new Map<string, number>();
  const ids = new Set<string>();
  let repeated = 0;
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    // No DNS question per connection: this machine may have no resolver to answer it.
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let head = "";
      stream.on("data", (c: Buffer) => {
        if (head.length < 4096) head += c.toString("utf8");
      });
      stream.on("end", () => {
        const user = String(session.user ?? "");
        const take = options.beforeAccept ? options.beforeAccept(accepted + 1, user) : Promise.resolve(true);
        take.then(
          (ok) => {
            if (!ok) return callback(new Error("451 Not accepted"));
            accepted++;
            for (const r of session.envelope.rcptTo) byRecipient.set(r.address, (byRecipient.get(r.address) ?? 0) + 1);
            byUser.set(user, (byUser.get(user) ?? 0) + 1);
            const id = head.match(/^Message-ID: *(\S+)/im)?.[1] ?? "";
            if (ids.has(id)) repeated++;
            ids.add(id);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: (user) => `smtp://${user}:secret@127.0.0.1:${port}`,
    byRecipient,
    byUser,
    repeatedIds: () => repeated,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A process's resident memory now, in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0) * 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; the highest seen, and the first. */
export function sampleRss(pid: number, everyMs = 50) {
  const first = rssOf(pid);
  let peak = first;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // The process ended (killed on purpose): its peak so far stands.
    }
  }, everyMs);
  return {
    first,
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}
