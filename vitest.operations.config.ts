import { defineConfig } from "vitest/config";
import { busyMachine, filesAtOnce, shared } from "./vitest.shared";

/**
 * `npm run test:operations`: what an operator runs and meets, each test starting real processes (a server's start and
 * refusals, its logs and shutdown, the backup and restore commands, create-admin, the doctor,
 * PayPal's start-up check). They take most of a minute each, so they are out of `npm test` (issue 47: the quick proof
 * stays under five minutes); CI runs them, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL too.
 */
export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: ["tests/operations/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    globalSetup: ["tests/support/pglite-template.ts"],
    pool: "forks",
    maxWorkers: filesAtOnce,
  },
});
