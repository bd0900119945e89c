// The way back from a lost authenticator (issue 32, decision 007): an admin resets another
// account's second factor in the console, and `npm run reset-two-factor` does it for the last
// admin. Real HTTP on both databases, and the command as an operator runs it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordAccount } from "../../app/modules/accounts/seed.server";
import { AUDIT_ACTIONS } from "../../app/modules/audit/actions";
import { openPglite } from "../../db/client";
import { auditLog, mailOutbox, sessions, twoFactors, users } from "../../db/schema";
import { createAccount, get, post, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { runCommand } from "../support/run-command";
import { startTestServer, type TestServer } from "../support/server";

const CONFIRM = "Tick the box once you have confirmed who is asking, in person or by a call.";

describeEachBackend("an admin resets another account's two-factor", (backend) => {
  let server: TestServer;
  let admin: TestAccount;
  let keeper: TestAccount;
  let adminCookie: string;
  let keeperCookie: string;
  let keeperSecret: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await createAccount(server, "admin", "Ada Admin");
    keeper = await createAccount(server, "keeper", "Kai Keeper");
    ({ cookie: adminCookie } = await signInStaff(server, admin));
    ({ cookie: keeperCookie, secret: keeperSecret } = await signInStaff(server, keeper));
  });
  afterAll(() => server.close());

  const reset = (cookie: string, id: string, fields: Record<string, string> = { confirm: "on" }) =>
    post(server, `/console/members/${id}`, cookie, { intent: "reset-two-factor", ...fields });
  const enabled = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]?.twoFactorEnabled;

  it("asks for the confirmation, then resets: the password stays, every session ends, both are told, audited", async () => {
    const page = await (await get(server, `/console/members/${keeper.id}`, adminCookie)).text();
    expect(page).toContain("Reset Two-Factor");
    const unconfirmed = await reset(adminCookie, keeper.id, {});
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(CONFIRM);
    expect(await enabled(keeper.id)).toBe(true);

    const done = await reset(adminCookie, keeper.id);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/console/members/${keeper.id}?done=two-factor-reset`);
    expect(await (await get(server, done.headers.get("location") ?? "", adminCookie)).text()).toContain(
      "Two-factor reset: their sessions ended and they were told by email",
    );
    const db = server.database.db;
    expect(await enabled(keeper.id)).toBe(false);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, keeper.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, keeper.id))).toEqual([]);
    // The keeper's old session no longer opens the console.
    expect((await get(server, "/console", keeperCookie)).status).not.toBe(200);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.twoFactorReset));
    expect(entry).toMatchObject({ subjectUserId: keeper.id, actorId: admin.id, actorName: "Ada Admin" });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "two-factor.reset"));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([admin.email, keeper.email].sort());
    for (const mail of mails) expect(mail.textBody).not.toContain(keeperSecret);
    // The password still opens the account, and the console asks for a new authenticator.
    const again = await signInStaff(server, keeper);
    expect(again.secret).not.toBe(keeperSecret);
    expect(await enabled(keeper.id)).toBe(true);
    keeperCookie = again.cookie;
  });

  it("refuses a keeper, one's own account, and an account whose two-factor is off", async () => {
    const byKeeper = await reset(keeperCookie, admin.id);
    expect(byKeeper.status).toBe(403);
    expect(await byKeeper.text()).toContain("You may not make this change.");
    expect(await enabled(admin.id)).toBe(true);
    expect((await reset(adminCookie, admin.id)).status).toBe(403);
    expect(await enabled(admin.id)).toBe(true);
    const member = await createAccount(server, "member");
    expect(await (await get(server, `/console/members/${member.id}`, adminCookie)).text()).not.toContain(
      "Reset Two-Factor",
    );
    const off = await reset(adminCookie, member.id);
    expect(off.status).toBe(409);
    expect(await off.text()).toContain("Two-factor is already off for this account.");
  });
});

describe("npm run reset-two-factor, for the last admin", () => {
  const run = (args: string[], dataDir: string) =>
    runCommand("npm", ["run", "--silent", "reset-two-factor", "--", ...args], {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "test",
      DATA_DIR: dataDir,
    });

  it("turns two-factor off for the account with that email, ends its sessions, tells it and audits it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-2fa-"));
    let database = await openPglite(path.join(dataDir, "pglite"));
    await database.migrate();
    const email = "last-admin@example.org";
    const id = await createPasswordAccount(database.db, {
      name: "Lena Last",
      email,
      username: "lena_last",
      password: "a-long-sacred-password",
      role: "admin",
    });
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));
    await database.db.insert(twoFactors).values({ id: "tf-1", secret: "sealed", backupCodes: "sealed", userId: id });
    await database.close();

    const usage = await run([], dataDir);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Missing --email.");
    const nobody = await run(["--email", "nobody@example.org"], dataDir);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain("No account has the email nobody@example.org");

    const done = await run(["--email", "Last-Admin@example.org"], dataDir);
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    expect(done.stdout).toContain("Two-factor is off for Lena Last <last-admin@example.org>");
    const twice = await run(["--email", email], dataDir);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toContain("Two-factor is already off for last-admin@example.org: nothing changed.");

    database = await openPglite(path.join(dataDir, "pglite"));
    try {
      const [user] = await database.db.select().from(users).where(eq(users.id, id));
      expect(user?.twoFactorEnabled).toBe(false);
      expect(await database.db.select().from(twoFactors)).toEqual([]);
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, AUDIT_ACTIONS.twoFactorReset));
      expect(entry).toMatchObject({ subjectUserId: id, actorId: null, detail: { by: "server" } });
      const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "two-factor.reset"));
      expect(mails.map((m) => m.toAddress)).toEqual([email]);
      expect(mails[0]?.textBody).toContain("The server's operator reset the second step of your sign-in.");
    } finally {
      await database.close();
    }
  });
});
