import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { unitAndIntegration } from "./vitest.config";
import { busyMachine, filesAtOnce, shared } from "./vitest.shared";

/**
 * `npm run test:postgres`: the files of `npm test` that touch a database, run once more on the
 * PostgreSQL server at TEST_DATABASE_URL (CI runs both). A file touches one when it opens a test
 * database or asks for the server's URL (tests/support/database.ts); the rest would only repeat.
 */
const touchesDatabase = /\b(describeEachBackend|openTestDatabase|startTestServer|backends|postgresUrl)\b/;

export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: fs
      .globSync(unitAndIntegration)
      .filter((file) => touchesDatabase.test(fs.readFileSync(path.resolve(file), "utf8"))),
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    pool: "forks",
    maxWorkers: filesAtOnce,
    env: { TEST_BACKENDS: "postgres" },
  },
});
