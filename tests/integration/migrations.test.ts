import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

it("never pins a migration to the public schema (tests and deployments may use another)", () => {
  const dir = path.resolve("db/migrations");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
    expect(fs.readFileSync(path.join(dir, file), "utf8"), file).not.toContain('"public".');
  }
});
