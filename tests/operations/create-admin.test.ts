// npm run create-admin, as an operator runs it: real child processes on a fresh embedded data
// directory and a fresh PostgreSQL database, then the printed link on the served site over HTTP.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordAccount } from "../../app/modules/accounts/seed.server";
import { AUDIT_ACTIONS } from "../../app/modules/audit/actions";
import { type Database, openPglite, openPostgres } from "../../db/client";
import { accounts, auditLog, invitations, mailOutbox, sessions, users } from "../../db/schema";
import { cookiesOf } from "../support/accounts";
import { freePort, productionSettings, startAppProcess } from "../support/app-process";
import { printedLink, runCreateAdmin, scratchPostgres } from "../support/create-admin";
import { backends } from "../support/database";
import { TEST_SECRETS } from "../support/secrets";

const USAGE = 'Usage: npm run create-admin -- --email <address> --name "<name>"';
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const tokenOf = (link: string) => link.split("/").pop() as string;
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "sacred-admin-"));

describe("npm run create-admin: its arguments", () => {
  it("answers --help with the usage", async () => {
    const result = await runCreateAdmin(["--help"], { NODE_ENV: "test", DATA_DIR: tempDir() });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(USAGE);
  });

  it("refuses missing or bad arguments with the product's messages and the usage, opening no database", async () => {
    const dataDir = tempDir();
    const cases: Array<[string[], string]> = [
      [[], "Missing --email and --name."],
      [["--email", "ada@example.org"], "Missing --name."],
      [["--email", "ada@example", "--name", "Ada Quill"], "--email: Please enter a valid email address"],
      [["--email", "ada@example.org", "--name", "Ada 2nd"], "--name: Name contains invalid characters"],
      [["--email", "ada@example.org", "--name", "   "], "--name: Name is required"],
      [["--email", "ada@example.org", "--name", "A".repeat(101)], "--name: Name must be less than 100 characters"],
      [["--email", "ada@example.org", "--name", "Ada Quill", "--role", "keeper"], "Unknown option '--role'"],
      [["--email", "ada@example.org", "--name", "Ada Quill", "extra"], "Unexpected argument 'extra'"],
    ];
    for (const [args, message] of cases) {
      const result = await runCreateAdmin(args, { NODE_ENV: "test", DATA_DIR: dataDir });
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toContain(message);
      expect(result.stderr).toContain(USAGE);
      expect(result.stdout).toBe("");
    }
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });

  it("needs SITE_URL in production; elsewhere links start at http://localhost:PORT", async () => {
    const production = await runCreateAdmin(["--email", "ada@example.org", "--name", "Ada Quill"], {
      NODE_ENV: "production",
      DATA_DIR: tempDir(),
    });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain("Missing production settings: SITE_URL");
    expect(production.stdout).not.toContain("/welcome/");

    const development = await runCreateAdmin(["--email", "ada@example.org", "--name", "Ada Quill"], {
      NODE_ENV: "development",
      PORT: "4321",
      DATA_DIR: tempDir(),
    });
    expect(development.status, development.stderr).toBe(0);
    expect(printedLink(development.stdout)).toMatch(/^http:\/\/localhost:4321\/welcome\/[A-Za-z0-9_-]{43}$/);
  });
});

for (const backend of backends) {
  describe(`npm run create-admin on a fresh ${backend} install`, () => {
    const email = "ada@example.org";
    let siteUrl: string;
    let port: number;
    let target: Record<string, string>;
    let openDb: () => Promise<Database>;
    let cleanup = async () => {};
    const links: string[] = [];
    const run = (extra: Record<string, string> = {}, address = email, name = "Ada Quill") =>
      runCreateAdmin(["--email", address, "--name", name], { ...productionSettings(siteUrl), ...target, ...extra });
    /** The database as the command left it (the embedded one only while nothing else holds it). */
    async function inDb<T>(read: (db: Database["db"]) => Promise<T>): Promise<T> {
      const database = await openDb();
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    }

    beforeAll(async () => {
      port = await freePort();
      siteUrl = `http://127.0.0.1:${port}`;
      if (backend === "pglite") {
        const dataDir = tempDir();
        target = { DATA_DIR: dataDir };
        openDb = () => openPglite(path.join(dataDir, "pglite"));
      } else {
        const scratch = await scratchPostgres();
        target = { DATABASE_URL: scratch.url };
        openDb = async () => openPostgres({ url: scratch.url, max: 1 });
        cleanup = scratch.drop;
      }
    });
    afterAll(() => cleanup());

    it("creates an admin without a usable password and prints one 24-hour link, kept only as a hash and queued as an email", async () => {
      const result = await run({}, "Ada@Example.org");
      expect(result.status, result.stderr).toBe(0);
      const link = printedLink(result.stdout);
      links.push(link);
      expect(link).toMatch(new RegExp(`^${siteUrl}/welcome/[A-Za-z0-9_-]{43}$`));
      expect(result.stdout).toContain("Created the administrator account of Ada Quill <ada@example.org>");
      for (const secret of Object.values(TEST_SECRETS)) expect(result.stdout + result.stderr).not.toContain(secret);

      await inDb(async (db) => {
        const found = await db.select().from(users).where(eq(users.email, email));
        expect(found).toHaveLength(1);
        const [user] = found;
        expect(user).toMatchObject({ name: "Ada Quill", role: "admin", username: null, emailVerified: false });
        expect(
          await db
            .select()
            .from(accounts)
            .where(eq(accounts.userId, user?.id ?? "")),
        ).toEqual([]);
        const rows = await db.select().from(invitations);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ purpose: "admin-setup", tokenHash: sha256(tokenOf(link)), usedAt: null });
        const hours = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
        expect(hours).toBeGreaterThan(23.9);
        expect(hours).toBeLessThanOrEqual(24);
        expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
        const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "account.admin-setup"));
        expect(mail?.toAddress).toBe(email);
        expect(mail?.textBody).toContain(link);
        const [audit] = await db
          .select()
          .from(auditLog)
          .where(eq(auditLog.subjectUserId, user?.id ?? ""));
        expect(audit).toMatchObject({ action: AUDIT_ACTIONS.roleChanged, actorId: null });
        expect(audit?.detail).toMatchObject({ from: "new account", to: "admin", via: "npm run create-admin" });
      });
    });

    it("run again, prints a fresh link instead of a second account; the earlier link stops working", async () => {
      const result = await run();
      expect(result.status, result.stderr).toBe(0);
      const link = printedLink(result.stdout);
      links.push(link);
      expect(link).not.toBe(links[0]);
      expect(result.stdout).toContain("already has an account");
      await inDb(async (db) => {
        expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
        const live = await db.select().from(invitations).where(isNull(invitations.usedAt));
        expect(live.map((r) => r.tokenHash)).toEqual([sha256(tokenOf(link))]);
        // No role changed: nothing more in the audit log.
        expect(await db.select().from(auditLog)).toHaveLength(1);
      });
    });

    it("makes an existing member an admin, in the audit log, ending their sessions and keeping their proven address", async () => {
      const memberId = await inDb(async (db) => {
        const id = await createPasswordAccount(db, {
          name: "Maya Member",
          email: "maya@example.org",
          username: "maya_m",
          password: "gentle-river-morning",
          role: "member",
        });
        await db.insert(sessions).values({
          id: randomUUID(),
          token: randomUUID(),
          userId: id,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        return id;
      });
      const result = await run({}, "maya@example.org", "Someone Else");
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain("Maya Member <maya@example.org> already has an account");
      expect(result.stdout).toContain("It was a member; it is now an admin (recorded in the audit log)");
      links.push(printedLink(result.stdout));
      await inDb(async (db) => {
        const [member] = await db.select().from(users).where(eq(users.id, memberId));
        expect(member).toMatchObject({ role: "admin", name: "Maya Member", emailVerified: true, username: "maya_m" });
        expect(await db.select().from(sessions).where(eq(sessions.userId, memberId))).toEqual([]);
        const entries = await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.subjectUserId, memberId), eq(auditLog.action, AUDIT_ACTIONS.roleChanged)));
        expect(entries.map((e) => e.detail)).toEqual([{ from: "member", to: "admin", via: "npm run create-admin" }]);
      });
    });

    it("the served site takes the newest link once and sends the admin on to two-factor enrolment", async () => {
      const [first, second] = links as [string, string, string];
      const app = await startAppProcess({ ...target, PORT: String(port), SITE_URL: siteUrl });
      try {
        if (backend === "pglite") {
          // The embedded database belongs to the running server: the command says so and changes nothing.
          const locked = await run();
          expect(locked.status).toBe(1);
          expect(locked.stderr).toContain("is in use by another process");
          expect(locked.stderr).toContain("Stop the server first");
          expect(locked.stdout).not.toContain("/welcome/");
        }
        expect(await (await fetch(first)).text()).toContain("This invitation has expired");
        const page = await (await fetch(second)).text();
        expect(page).toContain("Set up the console");
        expect(page).toContain("Ada Quill");

        const form = {
          username: "ada",
          password: "lantern-over-still-water",
          confirmPassword: "lantern-over-still-water",
        };
        const post = () =>
          fetch(second, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteUrl },
            body: new URLSearchParams(form),
            redirect: "manual",
          });
        const accepted = await post();
        expect(accepted.status).toBe(302);
        expect(accepted.headers.get("location")).toBe("/console");
        const consoleHome = await fetch(`${siteUrl}/console`, {
          headers: { cookie: cookiesOf(accepted) },
          redirect: "manual",
        });
        expect(consoleHome.headers.get("location")).toBe("/console/two-factor");
        expect((await post()).status).toBe(410);
        if (backend === "postgres") {
          // PostgreSQL is shared: the command works beside the running server.
          const beside = await run();
          expect(beside.status, beside.stderr).toBe(0);
          expect(await (await fetch(printedLink(beside.stdout))).text()).toContain("Set up the console");
        }
      } finally {
        await app.stop();
      }
      await inDb(async (db) => {
        const [admin] = await db.select().from(users).where(eq(users.email, email));
        // Printed to the operator, the link proves nothing about the address.
        expect(admin).toMatchObject({ username: "ada", emailVerified: false });
      });
    });
  });
}
