import fs from "node:fs";
import path from "node:path";
import { sql as drizzleSql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachBackend, openTestDatabase } from "../support/database";

it("never pins a migration to the public schema (tests and deployments may use another)", () => {
  const dir = path.resolve("db/migrations");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
    expect(fs.readFileSync(path.join(dir, file), "utf8"), file).not.toContain('"public".');
  }
});

describeEachBackend("migrations at start", (backend) => {
  it("answers the names of the migrations it applied, for the start-up log, and none the second time", async () => {
    const journal = JSON.parse(fs.readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    const database = await openTestDatabase(backend, { migrate: false });
    try {
      expect(await database.migrate()).toEqual(journal.entries.map((e) => e.tag));
      expect(await database.migrate()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describeEachBackend("migration 0031's rewrite of the audit log", (backend) => {
  it("takes the member out of earlier reads of their anonymous shares, and only those", async () => {
    const sql = fs.readFileSync(path.resolve("db/migrations/0031_conversations_bounded.sql"), "utf8");
    const rewrite = sql.split("--> statement-breakpoint").find((part) => part.includes('UPDATE "audit_log"'));
    expect(rewrite).toBeDefined();
    const database = await openTestDatabase(backend);
    try {
      const run = (statement: string) => database.db.execute(drizzleSql.raw(statement));
      await run(`insert into users (id, name, email) values ('m1', 'Ana Member', 'ana@example.org')`);
      await run(
        `insert into facilitator_shares (id, user_id, kind, sealed, anonymous) values (1, 'm1', 'share', 'x', true), (2, 'm1', 'share', 'y', false)`,
      );
      // As reads were recorded before issue 45: the member as the subject of both.
      await run(
        `insert into audit_log (action, actor_id, actor_name, subject_user_id, detail) values
          ('share.read', 'k1', 'Kai Keeper', 'm1', '{"shareId": 1}'),
          ('share.read', 'k1', 'Kai Keeper', 'm1', '{"shareId": 2}'),
          ('medical-record.read', 'k1', 'Kai Keeper', 'm1', '{"shareId": 1}')`,
      );
      await run(rewrite as string);
      const found = (await run("select subject_user_id, detail from audit_log order by id")) as unknown as {
        rows: Array<{ subject_user_id: string | null; detail: unknown }>;
      };
      expect(found.rows.map((r) => [r.subject_user_id, r.detail])).toEqual([
        [null, { shareId: 1, anonymous: true }],
        ["m1", { shareId: 2 }],
        ["m1", { shareId: 1 }],
      ]);
    } finally {
      await database.close();
    }
  });
});

describeEachBackend("migration 0035: when the keepers last wrote, kept by the database", (backend) => {
  it("fills it from the messages and old replies, and keeps it on every keeper's message, whoever writes it", async () => {
    const sql = fs.readFileSync(path.resolve("db/migrations/0035_share_unread_outbox_count.sql"), "utf8");
    const backfill = sql.split("--> statement-breakpoint").find((part) => part.includes('UPDATE "facilitator_shares"'));
    expect(backfill).toBeDefined();
    const database = await openTestDatabase(backend);
    try {
      const run = (statement: string) => database.db.execute(drizzleSql.raw(statement));
      const wrote = async () =>
        (
          (await run("select id, keeper_wrote_at from facilitator_shares order by id")) as unknown as {
            rows: Array<{ id: number; keeper_wrote_at: Date | string | null }>;
          }
        ).rows.map((r) => [r.id, r.keeper_wrote_at === null ? null : new Date(r.keeper_wrote_at).toISOString()]);
      await run(`insert into users (id, name, email) values ('m1', 'Ana Member', 'ana@example.org')`);
      await run(`insert into facilitator_shares (id, user_id, kind, sealed, replied_at) values
        (1, 'm1', 'share', 'x', null), (2, 'm1', 'share', 'y', '2026-01-05T10:00:00Z'), (3, 'm1', 'share', 'z', null)`);
      // Written as an instance of the previous version (or a restore) writes them: plain inserts.
      await run(`insert into share_messages (share_id, from_keeper, sealed, created_at) values
        (1, true, 's', '2026-02-01T09:00:00Z'), (1, false, 's', '2026-02-02T09:00:00Z'),
        (1, true, 's', '2026-01-01T09:00:00Z'), (2, true, 's', '2026-01-01T09:00:00Z'), (3, false, 's', '2026-03-01T09:00:00Z')`);
      // The trigger: a keeper's newest message, never moved back by an older one; a member's leaves it.
      expect(await wrote()).toEqual([
        [1, "2026-02-01T09:00:00.000Z"],
        [2, "2026-01-01T09:00:00.000Z"],
        [3, null],
      ]);
      // The backfill, as on a database from before: the newest of the keepers' messages and the old reply.
      await run("update facilitator_shares set keeper_wrote_at = null");
      await run(backfill as string);
      expect(await wrote()).toEqual([
        [1, "2026-02-01T09:00:00.000Z"],
        [2, "2026-01-05T10:00:00.000Z"],
        [3, null],
      ]);
    } finally {
      await database.close();
    }
  });
});
