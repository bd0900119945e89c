import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessionOptions } from "../../db/client";
import { openTestDatabase, postgresUrl } from "../support/database";

/*
 * This app's PostgreSQL sessions start no parallel workers and compile no JIT (db/client.ts: both
 * cost more than the page-sized statements they serve), and an operator's own `options` in
 * DATABASE_URL are kept, after them, so they win.
 */
describe("a PostgreSQL session's options", () => {
  it("put this app's settings first, then the URL's own (a later -c wins), then a test worker's schema", () => {
    expect(sessionOptions("postgres://app@db.example.org/sacred")).toBe(
      "-c jit=off -c max_parallel_workers_per_gather=0",
    );
    expect(sessionOptions("postgres://app@db.example.org/sacred?options=-c%20work_mem%3D8MB", "w1")).toBe(
      "-c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=8MB -c search_path=w1",
    );
  });

  it.runIf(postgresUrl)("are in force on every connection of the pool", async () => {
    const database = await openTestDatabase("postgres");
    try {
      const shown = async (name: string) =>
        ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Array<Record<string, string>> })
          .rows[0]?.[name];
      expect(await shown("jit")).toBe("off");
      expect(await shown("max_parallel_workers_per_gather")).toBe("0");
    } finally {
      await database.close();
    }
  });
});
