import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { enqueue } from "~/modules/mail/outbox.server";
import { type MailWorker, startMailWorker } from "~/modules/mail/sender.server";
import { mailOutbox, passkeys, users } from "../../db/schema";
import { createAccount, post, signIn } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { addPasskeyOn } from "../support/passkeys-http";
import { startTestServer, type TestServer } from "../support/server";
import { mimeParts, startSmtpServer } from "../support/smtp";

/*
 * Issue 45, finding 3: a passkey's name with line breaks (from a stolen session) put "It was you:
 * nothing to do." on its own line of the very mail that should warn the owner. A passkey's name is
 * one line now, and whatever name a mail repeats stays on one line with the mail's words around it,
 * as a mail program reads the mail SMTP received.
 */

const INJECTED = "It was you: nothing to do.";
const HOSTILE = [
  `Phone\n${INJECTED}\n`,
  `Phone\r\n\r\n${INJECTED}`,
  `Phone\u2028${INJECTED}`,
  `Phone\u2029${INJECTED}`,
  `Phone\u0085${INJECTED}`,
  `Phone\t${INJECTED}`,
];
const ONE_LINE = "Please write the name on one line, without line breaks or tabs, for example Phone or Laptop";
/** Where a mail program may start a new line. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

describeEachBackend("a name a person typed is one line in the mails that repeat it", (backend) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let worker: MailWorker;
  beforeAll(async () => {
    server = await startTestServer(backend);
    smtp = await startSmtpServer();
    worker = startMailWorker({
      db: server.database.db,
      smtpUrl: smtp.url,
      from: "Temple <no-reply@example.org>",
      logger: pino({ level: "silent" }),
      intervalMs: 60 * 60_000,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await smtp.close();
    await server.close();
  });

  /** The mails SMTP received for this address, as a mail program reads them: subject, text lines, HTML. */
  async function delivered(to: string) {
    await worker.tick();
    return smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) => {
        const parts = mimeParts(m.raw);
        const head = m.raw.slice(0, m.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
        return {
          headerLines: head.split("\r\n"),
          subject: head.match(/^Subject: (.*)$/m)?.[1] ?? "",
          lines: (parts.find((p) => p.headers["content-type"]?.startsWith("text/plain"))?.body ?? "").split(
            LINE_BREAKS,
          ),
          html: parts.find((p) => p.headers["content-type"]?.startsWith("text/html"))?.body ?? "",
        };
      });
  }

  it("refuses a passkey name that is not one line, adding or renaming, with a clear message", async () => {
    const member = await createAccount(server, "member", "Ada Lovelace");
    const { cookie } = await signIn(server, member.username, member.password);
    for (const name of HOSTILE) {
      const { res } = await addPasskeyOn(server, cookie, name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(await res.text()).toContain(ONE_LINE);
    }
    expect(await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id))).toHaveLength(0);
    const told = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "passkey.added"), eq(mailOutbox.toAddress, member.email)));
    expect(told).toHaveLength(0);

    expect((await addPasskeyOn(server, cookie, "  Phone  ")).res.status).toBe(303);
    const [kept] = await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    expect(kept?.name).toBe("Phone");
    for (const name of HOSTILE) {
      const res = await post(server, "/profile", cookie, {
        intent: "rename-passkey",
        renamePasskeyId: kept?.id ?? "",
        newPasskeyName: name,
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(await res.text()).toContain(ONE_LINE);
    }
    const [after] = await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    expect(after?.name).toBe("Phone");
  });

  it("keeps a stored name on one line of the passkey mails, as SMTP delivers them", async () => {
    const member = await createAccount(server, "member", "Ada Lovelace");
    const { cookie } = await signIn(server, member.username, member.password);
    // Names stored before this rule, or by another way in than these forms.
    const name = HOSTILE[0] as string;
    await server.database.db.update(users).set({ name }).where(eq(users.id, member.id));
    expect((await addPasskeyOn(server, cookie, "Laptop")).res.status).toBe(303);
    const [laptop] = await server.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    for (const hostile of HOSTILE) {
      await server.database.db
        .update(passkeys)
        .set({ name: hostile })
        .where(eq(passkeys.id, laptop?.id ?? ""));
      const removed = await post(server, "/profile", cookie, { intent: "remove-passkey", passkeyId: laptop?.id ?? "" });
      expect(removed.status).toBe(303);
      // Put back for the next name, as the browser would add it again.
      await server.database.db.insert(passkeys).values({ ...(laptop as typeof passkeys.$inferSelect) });
    }

    const mails = await delivered(member.email);
    expect(mails).toHaveLength(1 + HOSTILE.length);
    for (const mail of mails) {
      expect(mail.lines.length).toBeGreaterThan(5);
      for (const line of mail.lines) expect(line.trim(), mail.subject).not.toBe(INJECTED);
      // The member's name stays in the heading's line, the passkey's in its sentence.
      expect(mail.lines[0], mail.subject).toBe(
        mail.subject.startsWith("A passkey was added")
          ? `A passkey was added to your account, Phone ${INJECTED}`
          : `A passkey was removed from your account, Phone ${INJECTED}`,
      );
      expect(mail.html).toContain(`Phone ${INJECTED}`);
      expect(mail.html).not.toMatch(/Phone\s*<br>/);
    }
    const removedLines = mails.filter((m) => m.subject.startsWith("A passkey was removed")).map((m) => m.lines);
    expect(removedLines).toHaveLength(HOSTILE.length);
    // (A break at the name's end is a space there: still one line.)
    const sentence = /^The passkey named "Phone It was you: nothing to do\. ?" was just removed on your profile/;
    for (const lines of removedLines) expect(lines.some((line) => sentence.test(line))).toBe(true);
  });

  it("keeps a subject on one line of the mail's headers", async () => {
    await enqueue(server.database.db, {
      kind: "test.subject",
      to: "subject@example.org",
      subject: `You reset two-factor for Ada\r\nBcc: someone@example.org\u2028${INJECTED}`,
      text: "Body",
    });
    const [mail] = await delivered("subject@example.org");
    expect(mail?.subject).toBe(`You reset two-factor for Ada Bcc: someone@example.org ${INJECTED}`);
    expect(mail?.headerLines.some((line) => line.startsWith("Bcc:"))).toBe(false);
    expect(smtp.received.flatMap((m) => m.to)).not.toContain("someone@example.org");
  });
});
