// Nothing that grants access is kept in a backup (DESIGN.md "Deployment"): the links mailed with
// a token (welcome, reset, email confirmation, a booking's manage link, newsletter confirmation)
// live in the mail alone; the database keeps their hashes, and a backup keeps neither the mail's
// body nor a way to send it again.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TOKEN_LINK, TOKEN_ROUTES } from "../../app/lib/token-routes";
import { sendConfirmation } from "../../app/modules/accounts/email-change.server";
import { createAdminSetup } from "../../app/modules/accounts/invitations.server";
import { requestPasswordReset } from "../../app/modules/accounts/password-reset.server";
import type { Viewer } from "../../app/modules/accounts/session.server";
import { bookableRange } from "../../app/modules/bookings/time";
import { CLEARED_BODY, LEFT_OUT_OF_BACKUP } from "../../app/modules/mail/outbox.server";
import { mailOutbox } from "../../app/modules/mail/schema";
import { subscribe } from "../../app/modules/newsletter/newsletter.server";
import { openPglite } from "../../db/client";
import { backupDatabase, restoreDatabase } from "../../scripts/lib/backup";
import { createAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-backup-secrets-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describeEachBackend("what a backup keeps of mailed links", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test" });
  });
  afterAll(() => server?.close());

  it("holds no token of any link mailed, and restores those mails as failed, never to be sent empty", async () => {
    const { db } = server.database;
    const context = { db, env: server.env, clientIp: "127.0.0.1", logger: pino({ level: "silent" }) };
    const member = await createAccount(server, "member", "Ola Kowalczyk");
    await requestPasswordReset(context, member.email);
    await createAdminSetup(db, { name: "Ada Quill", email: "ada@example.org" }, server.env.SITE_URL);
    const viewer = { id: member.id, name: member.name, email: member.email, emailVerified: true } as Viewer;
    await sendConfirmation(context, viewer, "ola.new@example.org");
    await subscribe(db, "reader@example.org", server.env.SITE_URL, null);
    const booked = await postForm(server, "/bookings", {
      offerId: "preparation",
      day: bookableRange().first,
      time: "10:00",
      fullName: "Ola Kowalczyk",
      email: member.email,
      phone: "+48 600 100 200",
      cardLast4: "4242",
    });
    expect(booked.status).toBe(303);

    const mails = await db.select().from(mailOutbox);
    const tokens = mails.flatMap((m) =>
      [...`${m.textBody}\n${m.htmlBody ?? ""}`.matchAll(TOKEN_LINK)].map((link) => link[0].slice(link[1]?.length)),
    );
    // Every kind of link was mailed: welcome, reset, confirm-email, manage, newsletter confirmation.
    const kinds = new Set(mails.flatMap((m) => TOKEN_ROUTES.filter((r) => m.textBody.includes(r.prefix))));
    expect(kinds.size).toBe(5);
    expect(new Set(tokens).size).toBeGreaterThanOrEqual(5);
    for (const mail of mails) {
      const holdsLink = TOKEN_ROUTES.some((r) => mail.textBody.includes(r.prefix));
      expect(mail.grantsAccess, mail.kind).toBe(holdsLink);
    }

    const file = path.join(dir, `${backend}.jsonl.gz`);
    await backupDatabase(server.database, file);
    const text = gunzipSync(fs.readFileSync(file)).toString("utf8");
    expect(text).toContain("Ola Kowalczyk");
    const found = tokens.filter((token) => text.includes(token));
    expect(found, "tokens found in the backup").toEqual([]);

    const target = await openPglite(path.join(dir, `restored-${backend}`));
    try {
      await restoreDatabase(target, file);
      const restored = await target.db.select().from(mailOutbox).where(eq(mailOutbox.grantsAccess, true));
      expect(restored.length).toBe(mails.filter((m) => m.grantsAccess).length);
      for (const mail of restored) {
        expect(mail).toMatchObject({ status: "failed", lastError: LEFT_OUT_OF_BACKUP, textBody: CLEARED_BODY });
        expect(mail.htmlBody).toBeNull();
        expect(mail.headers).toEqual({});
      }
    } finally {
      await target.close();
    }
  });
});
