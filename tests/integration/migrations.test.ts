import fs from "node:fs";
import path from "node:path";
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
