// A backup made by an older release restores into this one (issue 46): the rows go in at the
// backup's migration, then this version's later migrations run on them, as an upgrade in place
// would. The backup is tests/fixtures/release-1.0.0/backup.jsonl.gz, written by release 1.0.0's own
// `db:backup` (commit f898be5, migration 0023; make-backup.sh beside it says how). A backup from a
// newer release is refused, naming the version that made it.

import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";
import { memberShare } from "../../app/modules/integration/shares.server";
import { getEntry } from "../../app/modules/journal/journal.server";
import { type Database, type Db, openPglite } from "../../db/client";
import {
  type BackupHeader,
  backupDatabase,
  describeMaker,
  inspectBackup,
  migrationLevel,
  restoreDatabase,
} from "../../scripts/lib/backup";
import { get, signIn } from "../support/accounts";
import { type Backend, describeEachBackend, openTestDatabase } from "../support/database";
import { runCommand } from "../support/run-command";
import { TEST_SECRETS } from "../support/secrets";
import { startTestServer } from "../support/server";

const FIXTURE = path.resolve("tests/fixtures/release-1.0.0/backup.jsonl.gz");
const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
  entries: Array<{ tag: string; when: number }>;
};
const LATER = journal.entries.map((e) => e.tag).slice(journal.entries.findIndex((e) => e.tag.startsWith("0024")));

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-older-backup-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database nobody has migrated yet: a new PGlite data directory, or a new PostgreSQL schema. */
async function emptyDatabase(backend: Backend): Promise<Database> {
  if (backend === "pglite") return openPglite(path.join(tempDir(), "pglite"));
  return openTestDatabase("postgres", { migrate: false });
}

type Row = Record<string, unknown>;

/** The backup's own rows, table by table, as 1.0.0 wrote them. */
function rowsInBackup(file: string): { header: Row; tables: Map<string, Row[]> } {
  const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").trimEnd().split("\n");
  const header = JSON.parse(lines[0] as string);
  const tables = new Map<string, Row[]>();
  let at = 1;
  for (const table of header.tables as Array<{ name: string; rows: number }>) {
    at += 1; // the table's section line
    tables.set(
      table.name,
      lines.slice(at, at + table.rows).map((l) => JSON.parse(l)),
    );
    at += table.rows;
  }
  return { header, tables };
}

/** Every row of a table as PostgreSQL renders it in UTC (as a backup does), keyed by its primary key's text. */
async function rowsInDatabase(db: Db, table: string): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const result = (await tx.execute(
      sql`select row_to_json(t)::text as "row" from ${sql.identifier(table)} t order by 1`,
    )) as unknown as { rows: { row: string }[] };
    return result.rows.map((r) => JSON.parse(r.row));
  });
}

/** Rewrites a backup's lines, keeping its checksum right (as the release that wrote them would have). */
function rewriteBackup(file: string, target: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").trimEnd().split("\n");
  const trailer = JSON.parse(lines.pop() as string);
  const body = change(lines);
  trailer.sha256 = createHash("sha256")
    .update(body.map((l) => `${l}\n`).join(""))
    .digest("hex");
  fs.writeFileSync(target, gzipSync(`${[...body, JSON.stringify(trailer)].join("\n")}\n`));
}

const pick = (row: Row, columns: string[]) => Object.fromEntries(columns.map((c) => [c, row[c]]));
const keyOf = (row: Row) => String(row.id ?? row.user_id ?? row.day ?? JSON.stringify(row));

describeEachBackend("a backup made by release 1.0.0, restored by this version", (backend) => {
  it("loads every row at migration 0023, then applies 0024 onwards to them, row by row", async () => {
    const { header, tables } = rowsInBackup(FIXTURE);
    expect(header.migration).toMatchObject({ tag: "0023_security_second_round" });
    expect(header.app).toBeUndefined(); // 1.0.0 did not record its version in a backup
    const target = await emptyDatabase(backend);
    try {
      const result = await restoreDatabase(target, FIXTURE);
      expect(result.migrated).toEqual(LATER);
      expect(LATER.length).toBeGreaterThanOrEqual(8);
      // The app's own migrator agrees: nothing is left to apply, and the level is this version's.
      expect((await migrationLevel(target.db)).tag).toBe(journal.entries.at(-1)?.tag);
      expect(await target.migrate()).toEqual([]);

      // What migration 0031 does to an earlier read of an anonymous share (and only to it).
      const shares = tables.get("facilitator_shares") ?? [];
      const anonymousIds = new Set(shares.filter((s) => s.anonymous).map((s) => s.id));
      const expected = (table: string, row: Row): Row => {
        const detail = row.detail as { shareId?: number } | undefined;
        if (table === "audit_log" && row.action === "share.read" && anonymousIds.has(detail?.shareId)) {
          return { ...row, subject_user_id: null, detail: { ...detail, anonymous: true } };
        }
        return row;
      };

      let compared = 0;
      for (const [table, rows] of tables) {
        const restored = await rowsInDatabase(target.db, table);
        expect(restored.length, table).toBe(rows.length);
        const byKey = new Map(restored.map((r) => [keyOf(r), r]));
        for (const row of rows) {
          const found = byKey.get(keyOf(row));
          expect(found, `${table} ${keyOf(row)}`).toBeDefined();
          expect(pick(found as Row, Object.keys(row)), `${table} ${keyOf(row)}`).toEqual(expected(table, row));
          compared += 1;
        }
      }
      expect(compared).toBe(18);
      const audit = await rowsInDatabase(target.db, "audit_log");
      expect(audit.map((r) => [r.subject_user_id === null, r.detail])).toEqual([
        [true, { shareId: 1, anonymous: true }],
        [false, { shareId: 2 }],
      ]);

      // The later migrations' columns: defaults, and 0025's rewrite of answered shares.
      const [answered, open] = await rowsInDatabase(target.db, "facilitator_shares");
      expect(answered).toMatchObject({ id: 1, status: "waiting-member", keepers_told: null, assignee_id: null });
      expect(answered?.member_read_at).not.toBeNull();
      expect(answered?.last_message_at).toBe(answered?.replied_at);
      expect(open).toMatchObject({ id: 2, status: "waiting-keeper", member_read_at: null });
      expect(open?.last_message_at).toBe(open?.created_at);
      expect(await rowsInDatabase(target.db, "gifts")).toMatchObject([
        { method: "online", fee_cents: 0, cheque_number: null, recorded_by_name: null, recurring_id: null },
      ]);
      expect(await rowsInDatabase(target.db, "payments")).toMatchObject([{ fee_cents: 0 }]);
      const profiles = await rowsInDatabase(target.db, "profiles");
      expect(profiles.map((p) => p.follow_ups)).toEqual([true, true]);
      expect(await rowsInDatabase(target.db, "bookings")).toMatchObject([{ follow_ups_planned_at: null }]);
      for (const table of ["passkeys", "share_messages", "follow_ups", "circles", "recurring_gifts"]) {
        expect(await rowsInDatabase(target.db, table), table).toEqual([]);
      }

      // This version reads it: sealed texts open with the same key, the member signs in with the
      // password set under 1.0.0, and the conversation shows the keeper's reply from before conversations.
      const users = tables.get("users") ?? [];
      const maya = users.find((u) => u.email === "maya@example.org")?.id as string;
      const env = parseEnv({ NODE_ENV: "test", ...TEST_SECRETS });
      const entryId = (tables.get("journal_entries") ?? [])[0]?.id as string;
      expect((await getEntry(target.db, env, maya, entryId))?.content).toBe(
        "Sealed by release 1.0.0, opened by its successor.",
      );
      const conversation = await memberShare(target.db, env, maya, 1);
      expect(conversation).toMatchObject({ content: "An anonymous reflection", unread: false });
      expect(conversation?.messages.map((m) => m.text)).toEqual(["A keeper's reply"]);
      const server = await startTestServer(backend, {}, target);
      try {
        const { res, cookie } = await signIn(server, "maya_1_0_0", "pw-maya-release-1");
        expect(res.status).toBe(303);
        const page = await get(server, "/integration/shares/1", cookie);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain("An anonymous reflection");
        expect(html).toContain("A keeper&#x27;s reply");
      } finally {
        await server.close();
      }
    } finally {
      await target.close();
    }
  });

  it("leaves the target as it was when a row is refused: the migrations to 0023 go back too", async () => {
    const orphan = path.join(tempDir(), "orphan.jsonl.gz");
    rewriteBackup(FIXTURE, orphan, (lines) =>
      lines.map((l) => (l.includes('"payment_id":"pay-gift-1-0-0"') ? l.replace("pay-gift-1-0-0", "pay-nowhere") : l)),
    );
    const target = await emptyDatabase(backend);
    try {
      await expect(restoreDatabase(target, orphan)).rejects.toThrow();
      expect(await migrationLevel(target.db)).toMatchObject({ applied: 0, last: null });
      // The same target then takes the good file.
      expect((await restoreDatabase(target, FIXTURE)).migrated).toEqual(LATER);
      expect(await rowsInDatabase(target.db, "gifts")).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it("refuses a target the app has migrated already, and changes nothing", async () => {
    const target = await emptyDatabase(backend);
    try {
      await target.migrate();
      await expect(restoreDatabase(target, FIXTURE)).rejects.toThrow(
        new RegExp(
          `migrated already, to ${LATER.at(-1)}, and the backup was taken at 0023_security_second_round.*newly created`,
          "s",
        ),
      );
      expect(await rowsInDatabase(target.db, "users")).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it("refuses a backup from a newer release, naming the version that made it", async () => {
    // This version's own backup, as a release with one more migration would write it.
    const source = await emptyDatabase(backend);
    const target = await emptyDatabase(backend);
    try {
      await source.migrate();
      const dir = tempDir();
      const ours = path.join(dir, "ours.jsonl.gz");
      await backupDatabase(source, ours, { release: { version: "2.0.0", commit: "a".repeat(40) } });
      expect((await inspectBackup(ours)).header.app).toEqual({ version: "2.0.0", commit: "a".repeat(40) });
      const newer = path.join(dir, "newer.jsonl.gz");
      rewriteBackup(ours, newer, ([header, ...rest]) => {
        const future = JSON.parse(header as string);
        future.migration = { applied: 99, last: 9_999_999_999_999, tag: "0099_from_the_future" };
        future.app = { version: "9.2.0", commit: "b".repeat(40) };
        return [JSON.stringify(future), ...rest];
      });

      await expect(restoreDatabase(target, newer)).rejects.toThrow(
        /taken at migration 0099_from_the_future by version 9\.2\.0 \(commit bbbbbbbbbbbb\).*restore it with version 9\.2\.0 or a later one/s,
      );
      expect(await migrationLevel(target.db)).toMatchObject({ last: null });
    } finally {
      await source.close();
      await target.close();
    }
  });
});

it("names the release behind a backup that did not record its own, from its migration", async () => {
  const { header } = await inspectBackup(FIXTURE);
  const at = (tag: string): BackupHeader => ({ ...header, migration: { ...header.migration, tag } });
  expect(describeMaker(at("0023_security_second_round"))).toMatch(/^version 1\.0\.0 \(/);
  // A build between 1.0.0 and 2.0.0 (it said 1.0.0 on /healthz): its migration came with 2.0.0.
  expect(describeMaker(at("0027_circles"))).toMatch(
    /^a build on the way to version 2\.0\.0 \(.*0027_circles came with 2\.0\.0\)$/,
  );
  expect(describeMaker({ ...header, app: { version: "2.0.0", commit: "f".repeat(40) } })).toBe(
    "version 2.0.0 (commit ffffffffffff)",
  );
});

describe("npm run db:restore of a 1.0.0 backup (embedded database)", () => {
  it("says which release made it and which migrations it applied after", async () => {
    const dataDir = path.join(tempDir(), "restored");
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir };
    delete childEnv.DATABASE_URL;
    const restored = await runCommand("npm", ["run", "--silent", "db:restore", "--", FIXTURE], childEnv);
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain("at migration 0023_security_second_round");
    expect(restored.stdout).toContain(
      "by version 1.0.0 (backups made before 2.0.0 record no version; 0023_security_second_round is 1.0.0's last migration)",
    );
    expect(restored.stdout).toContain(
      `Then applied the ${LATER.length} later migration(s) of this version: ${LATER.join(", ")}.`,
    );

    // And a backup of it now records this release: version and commit as the build recorded them.
    const [built] = JSON.parse(fs.readFileSync("build/releases.json", "utf8"));
    const file = path.join(tempDir(), "again.jsonl.gz");
    const backup = await runCommand("npm", ["run", "--silent", "db:backup", "--", file], childEnv);
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`made by version ${built.version} (commit ${built.commit.slice(0, 12)})`);
    expect((await inspectBackup(file)).header).toMatchObject({
      app: { version: built.version, commit: built.commit },
      migration: { tag: journal.entries.at(-1)?.tag },
    });
  });
});
