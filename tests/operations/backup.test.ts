// npm run db:backup / db:restore: a backup restored into an empty database holds every record,
// on PGlite and PostgreSQL and across them; damaged files and non-empty targets are refused.

import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";
import { createPasswordAccount } from "../../app/modules/accounts/seed.server";
import { AUDIT_ACTIONS, recordAudit } from "../../app/modules/audit/audit.server";
import { blockedDays, bookings } from "../../app/modules/bookings/schema";
import { checkIn } from "../../app/modules/calendar/calendar.server";
import { recordGift } from "../../app/modules/giving/gifts.server";
import { openApplication, submitApplication } from "../../app/modules/intake/applications.server";
import { applications } from "../../app/modules/intake/schema";
import { getSession, saveSession } from "../../app/modules/integration/sessions.server";
import { createEntry, getEntry } from "../../app/modules/journal/journal.server";
import { enqueue } from "../../app/modules/mail/outbox.server";
import { mailOutbox } from "../../app/modules/mail/schema";
import { payments } from "../../app/modules/payments/schema";
import { memberProfile, saveMedicalRecord } from "../../app/modules/profile/profile.server";
import { type Database, type Db, openPglite } from "../../db/client";
import { lockDataDir } from "../../db/lock";
import { backupDatabase, inspectBackup, restoreDatabase } from "../../scripts/lib/backup";
import { createAccount, get, signIn } from "../support/accounts";
import { type Backend, backends, describeEachBackend, openTestDatabase } from "../support/database";
import { runCommand } from "../support/run-command";
import { TEST_SECRETS } from "../support/secrets";
import { startTestServer, type TestServer } from "../support/server";

const tempDirs: string[] = [];
function tempDir(prefix = "sacred-backup-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database nobody has migrated yet: a new PGlite data directory, or a new PostgreSQL schema. */
async function emptyDatabase(backend: Backend): Promise<Database> {
  if (backend === "pglite") return openPglite(path.join(tempDir("sacred-restore-"), "pglite"));
  return openTestDatabase("postgres", { migrate: false });
}

/**
 * Every row of every table of the app, as PostgreSQL renders it (UTC), sorted: what "the same
 * data" means, independently of the backup code's own reading.
 */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = (await tx.execute(
      sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> '__drizzle_migrations'
          order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const result: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = (await tx.execute(
        sql`select row_to_json(t)::text as "row" from ${sql.identifier(name)} t order by 1`,
      )) as unknown as { rows: { row: string }[] };
      result[name] = rows.rows.map((r) => r.row);
    }
    return result;
  });
}

const counts = (snap: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(snap).map(([name, rows]) => [name, rows.length]));

interface Seeded {
  member: Awaited<ReturnType<typeof createAccount>>;
  cookie: string;
  entryId: string;
  sessionId: string;
  applicationId: string;
}

/** A little of everything, through the app's own code where it has a function for it. */
async function seed(server: TestServer): Promise<Seeded> {
  const { db } = server.database;
  const env = server.env;
  const member = await createAccount(server, "member", "Maya Östergård");
  const keeper = await createAccount(server, "keeper", "Elena Backup");
  const { cookie } = await signIn(server, member.username, member.password);
  const entryId = await createEntry(db, env, member.id, {
    title: "Dawn after the ceremony",
    content: 'Two lines,\nwith ünïcode ✨, "quotes", a \\ backslash and a tab\tinside.',
    emotions: ["Joy", "Peace"],
    bodySensations: [],
    intensity: "7",
    ceremonyContext: "",
  });
  await saveMedicalRecord(
    db,
    env,
    member.id,
    { mentalHealthHistory: "None", currentMedications: "Lithium", allergies: "Penicillin", medicalConditions: "" },
    false,
  );
  const sessionId = await saveSession(db, env, member.id, {
    title: "Integration one",
    reflection: "What I saw",
    insights: "Patience",
    emotions: "calm",
    bodyAwareness: "warm hands",
    integrationGoals: "walk daily",
    tags: ["Gratitude", "Wonder"],
  });
  await checkIn(db, member.id, "2026-03-01", "Peaceful");
  const applicationId = await submitApplication(
    db,
    env,
    {
      fullName: "Maya Östergård",
      age: "34",
      city: "Portland",
      phone: "",
      email: member.email,
      mentalHealth: "No history of psychosis at all.",
      medications: "Lithium, daily, for years.",
      priorExperience: "Two retreats in the past.",
      intentions: "To heal and to listen deeply.",
      emergencyContact: "Ana Backup",
      emergencyPhone: "+1 503 555 0100",
      agreement: "on",
    },
    member.id,
  );
  await recordAudit(db, {
    action: AUDIT_ACTIONS.applicationRead,
    actor: { id: keeper.id, name: keeper.name },
    subjectUserId: member.id,
    detail: { applicationId, count: 2, ok: true, none: null },
    ip: "127.0.0.1",
  });
  // Outbox ids run ahead of the rows: the restored sequence must not hand out an id again.
  const doomed = await enqueue(db, { kind: "test.mail", to: member.email, subject: "Gone", text: "x" });
  await enqueue(db, {
    kind: "test.mail",
    to: member.email,
    subject: "With attachment",
    text: "Body",
    headers: { "X-Test": "1" },
    attachments: [{ filename: "a.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
  });
  const last = await enqueue(db, { kind: "test.mail", to: member.email, subject: "Also gone", text: "x" });
  await db.delete(mailOutbox).where(eq(mailOutbox.id, doomed));
  await db.delete(mailOutbox).where(eq(mailOutbox.id, last));

  const [giftPayment] = await db
    .insert(payments)
    .values({
      id: "pay-gift-1",
      purpose: "gift",
      provider: "test",
      providerOrderId: "order-1",
      captureId: "capture-1",
      amountCents: 5000,
      description: "Offering",
      status: "captured",
      payerName: member.name,
      payerEmail: member.email,
      userId: member.id,
      cardLast4: "4242",
      capturedAt: new Date("2026-02-01T12:00:00.123Z"),
    })
    .returning();
  if (!giftPayment) throw new Error("no payment");
  await recordGift(db, env, giftPayment);
  await db.insert(payments).values({
    id: "pay-booking-1",
    purpose: "booking",
    provider: "test",
    providerOrderId: "order-2",
    amountCents: 60000,
    description: "Preparation Session",
    status: "captured",
    payerName: member.name,
    payerEmail: member.email,
    userId: member.id,
  });
  await db.insert(bookings).values({
    id: "booking-1",
    offerId: "preparation",
    startsAt: new Date("2026-04-02T14:00:00Z"),
    minutes: 60,
    priceCents: 60000,
    status: "confirmed",
    fullName: member.name,
    email: member.email,
    phone: "+1 503 555 0101",
    userId: member.id,
    paymentId: "pay-booking-1",
    manageTokenHash: "hash-1",
  });
  await db.insert(blockedDays).values({ day: "2026-04-10", reason: "Retreat", blockedByName: keeper.name });
  return { member, cookie, entryId, sessionId, applicationId };
}

const SEEDED_TABLES = [
  "users",
  "accounts",
  "profiles",
  "sessions",
  "journal_entries",
  "medical_records",
  "integration_sessions",
  "checkins",
  "applications",
  "audit_log",
  "mail_outbox",
  "payments",
  "gifts",
  "bookings",
  "blocked_days",
];

/** Rewrites a backup's lines (keeping its checksum right), as a careless hand or a bug might. */
function rewriteBackup(file: string, target: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").trimEnd().split("\n");
  const trailer = JSON.parse(lines.pop() as string);
  const body = change(lines);
  const hash = createHash("sha256");
  for (const l of body) hash.update(`${l}\n`);
  trailer.sha256 = hash.digest("hex");
  fs.writeFileSync(target, gzipSync(`${[...body, JSON.stringify(trailer)].join("\n")}\n`));
}

describeEachBackend("database backup and restore", (backend) => {
  let server: TestServer;
  let seeded: Seeded;
  let file: string;
  let before: Record<string, string[]>;

  beforeAll(async () => {
    server = await startTestServer(backend);
    seeded = await seed(server);
    file = path.join(tempDir(), "backup.jsonl.gz");
    before = await snapshot(server.database.db);
    const result = await backupDatabase(server.database, file);
    expect(result.totalRows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
    // The release that wrote it: this process's (build/releases.json's newest, else package.json's).
    expect(result.header.app).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      commit: expect.stringMatching(/^([0-9a-f]{40}|unknown)$/),
    });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("restores into an empty database and finds every record", async () => {
    for (const table of SEEDED_TABLES) expect(before[table]?.length, table).toBeGreaterThan(0);
    const target = await emptyDatabase(backend);
    let restoredServer: TestServer | undefined;
    try {
      const result = await restoreDatabase(target, file);
      expect(result.header.source).toBe(backend);
      const after = await snapshot(target.db);
      expect(counts(after)).toEqual(counts(before));
      expect(after).toEqual(before);

      // The app reads it back: sealed texts open with the same key, the member's session and
      // password still work, and pages render the restored data.
      const { db } = target;
      const env = server.env;
      const entry = await getEntry(db, env, seeded.member.id, seeded.entryId);
      expect(entry?.content).toContain("ünïcode ✨");
      expect((await getSession(db, env, seeded.member.id, seeded.sessionId))?.tags).toEqual(["Gratitude", "Wonder"]);
      const [application] = await db.select().from(applications).where(eq(applications.id, seeded.applicationId));
      expect(application && openApplication(env, application).health.medications).toBe("Lithium, daily, for years.");
      expect((await memberProfile(db, env, seeded.member.id)).medical?.currentMedications).toBe("Lithium");

      restoredServer = await startTestServer(backend, {}, target);
      const page = await get(restoredServer, `/journals/${seeded.entryId}`, seeded.cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Dawn after the ceremony");
      const fresh = await signIn(restoredServer, seeded.member.username, seeded.member.password);
      expect(fresh.res.status).toBe(303);

      // Serial ids continue where the source's would: no id is handed out twice.
      const next = await enqueue(db, { kind: "test.mail", to: "a@example.org", subject: "After", text: "x" });
      const sourceNext = await enqueue(server.database.db, {
        kind: "test.mail",
        to: "a@example.org",
        subject: "After",
        text: "x",
      });
      expect(next).toBe(sourceNext);
      await server.database.db.delete(mailOutbox).where(eq(mailOutbox.id, sourceNext));
    } finally {
      await restoredServer?.close();
      await target.close();
    }
  });

  it("refuses a database that already has data, and changes nothing", async () => {
    await expect(restoreDatabase(server.database, file)).rejects.toThrow(/not empty.*Nothing was changed/s);
    expect(await snapshot(server.database.db)).toEqual(before);
  });

  it("refuses a truncated, damaged or altered file with a clear error, and changes nothing", async () => {
    const dir = tempDir();
    const bytes = fs.readFileSync(file);
    const truncated = path.join(dir, "truncated.jsonl.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = path.join(dir, "flipped.jsonl.gz");
    const damaged = Buffer.from(bytes);
    const at = Math.floor(damaged.length / 2);
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    fs.writeFileSync(flipped, damaged);
    const plain = path.join(dir, "plain.jsonl");
    fs.writeFileSync(plain, gunzipSync(bytes));
    const altered = path.join(dir, "altered.jsonl.gz");
    const text = gunzipSync(bytes).toString("utf8").replace("Dawn", "Dusk");
    fs.writeFileSync(altered, gzipSync(text.replace("pay-gift-1", "pay-gift-X")));
    const shortened = path.join(dir, "shortened.jsonl.gz");
    const lines = gunzipSync(bytes).toString("utf8").trimEnd().split("\n");
    fs.writeFileSync(shortened, gzipSync(`${lines.slice(0, -1).join("\n")}\n`));

    const target = await emptyDatabase(backend);
    try {
      await expect(restoreDatabase(target, truncated)).rejects.toThrow(/truncated/);
      await expect(restoreDatabase(target, flipped)).rejects.toThrow(/damaged|not a complete backup/);
      await expect(restoreDatabase(target, plain)).rejects.toThrow(/not a complete backup/);
      await expect(restoreDatabase(target, altered)).rejects.toThrow(/checksum does not match/);
      await expect(restoreDatabase(target, shortened)).rejects.toThrow(/truncated: its end is missing/);
      await expect(restoreDatabase(target, path.join(dir, "missing.jsonl.gz"))).rejects.toThrow(/does not exist/);
      // Nothing was even migrated: the file is checked before the database is touched.
      expect(await snapshot(target.db)).toEqual({});
      // A file that reads well but whose rows the database rejects (a gift without its payment)
      // leaves no row behind either: all tables go in one transaction.
      const orphan = path.join(dir, "orphan.jsonl.gz");
      rewriteBackup(file, orphan, (all) =>
        all.map((l) => (l.includes('"payment_id":"pay-gift-1"') ? l.replace("pay-gift-1", "pay-nowhere") : l)),
      );
      await expect(restoreDatabase(target, orphan)).rejects.toThrow();
      const left = await snapshot(target.db);
      expect(Object.values(left).every((rows) => rows.length === 0)).toBe(true);
      // And the good file still goes in afterwards.
      await restoreDatabase(target, file);
      expect(await snapshot(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it("refuses a backup taken at a migration this version does not ship, and changes nothing", async () => {
    // (A backup from an older release restores: tests/operations/backup-older.test.ts.)
    const dir = tempDir();
    const unknown = path.join(dir, "unknown.jsonl.gz");
    rewriteBackup(file, unknown, ([header, ...rest]) => {
      const parsed = JSON.parse(header as string);
      parsed.migration = { applied: 10, last: 1, tag: "0009_a_development_branch" };
      return [JSON.stringify(parsed), ...rest];
    });
    const target = await emptyDatabase(backend);
    try {
      await expect(restoreDatabase(target, unknown)).rejects.toThrow(
        /taken at migration 0009_a_development_branch by version \d+\.\d+\.\d+ \(commit \w+\), a migration this version does not ship/,
      );
      expect(await snapshot(target.db)).toEqual({});
    } finally {
      await target.close();
    }
  });
});

describe.runIf(backends.includes("postgres"))("database backup across backends", () => {
  it("moves a PGlite backup into PostgreSQL and back without losing a record", async () => {
    const server = await startTestServer("pglite");
    const intoPostgres = await emptyDatabase("postgres");
    const backToPglite = await emptyDatabase("pglite");
    try {
      await seed(server);
      const original = await snapshot(server.database.db);
      const dir = tempDir();
      await backupDatabase(server.database, path.join(dir, "from-pglite.jsonl.gz"));
      await restoreDatabase(intoPostgres, path.join(dir, "from-pglite.jsonl.gz"));
      expect(await snapshot(intoPostgres.db)).toEqual(original);
      await backupDatabase(intoPostgres, path.join(dir, "from-postgres.jsonl.gz"));
      expect((await inspectBackup(path.join(dir, "from-postgres.jsonl.gz"))).header.source).toBe("postgres");
      await restoreDatabase(backToPglite, path.join(dir, "from-postgres.jsonl.gz"));
      expect(await snapshot(backToPglite.db)).toEqual(original);
    } finally {
      await server.close();
      await intoPostgres.close();
      await backToPglite.close();
    }
  });
});

function npmRun(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NODE_ENV: "test" };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_ENCRYPTION_KEY;
  delete childEnv.AUTH_SECRET;
  return runCommand("npm", ["run", "--silent", ...args], childEnv);
}

describe("npm run db:backup and db:restore (embedded database)", () => {
  it("backs up a data directory and restores it into a new one", async () => {
    const dir = tempDir();
    const source = path.join(dir, "source");
    fs.mkdirSync(source);
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...TEST_SECRETS, DATA_DIR: source });
    let database = await openPglite(path.join(source, "pglite"));
    await database.migrate();
    const userId = await createPasswordAccount(database.db, {
      name: "Cli Member",
      email: "cli@example.org",
      username: "cli_member",
      password: "pw-cli-sacred-1",
      role: "member",
    });
    const entryId = await createEntry(database.db, env, userId, {
      title: "Written before the backup",
      content: "Kept through the command line.",
      emotions: ["Awe"],
      bodySensations: [],
      intensity: "5",
      ceremonyContext: "",
    });
    const original = await snapshot(database.db);
    await database.close();

    const file = path.join(dir, "cli.jsonl.gz");
    const target = path.join(dir, "restored");
    // While a server holds the data directory, the script refuses and says why; no file argument: usage.
    const release = await lockDataDir(source);
    const [locked, usage] = await Promise.all([
      npmRun(["db:backup", "--", file], { DATA_DIR: source }),
      npmRun(["db:restore"], { DATA_DIR: target }),
    ]);
    release();
    expect(locked.status).toBe(1);
    expect(locked.stderr).toContain("Stop the server first");
    expect(fs.existsSync(file)).toBe(false);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run db:restore -- <file>");

    const backup = await npmRun(["db:backup", "--", file], { DATA_DIR: source });
    expect(backup.stderr).not.toContain("failed");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/journal_entries\s+1/);
    expect(backup.stdout).toContain(`to ${file}`);
    expect(backup.stdout).toContain("still encrypted");

    // A damaged file is refused before its target data directory is even created.
    const broken = path.join(dir, "broken.jsonl.gz");
    fs.writeFileSync(broken, fs.readFileSync(file).subarray(0, 100));
    const [refused, restore] = await Promise.all([
      npmRun(["db:restore", "--", broken], { DATA_DIR: path.join(dir, "never") }),
      npmRun(["db:restore", "--", file], { DATA_DIR: target }),
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Restore refused: .*(truncated|not a complete backup)/);
    expect(fs.existsSync(path.join(dir, "never"))).toBe(false);
    expect(restore.stderr).not.toContain("failed");
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/Restored \d+ rows of \d+ tables at migration \d{4}_\w+/);
    expect(restore.stdout).toContain("secrets.json");

    const again = await npmRun(["db:restore", "--", file], { DATA_DIR: target });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("not empty");

    database = await openPglite(path.join(target, "pglite"));
    try {
      expect(await snapshot(database.db)).toEqual(original);
      expect((await getEntry(database.db, env, userId, entryId))?.title).toBe("Written before the backup");
    } finally {
      await database.close();
    }
  });
});
