import { defineConfig } from "vitest/config";
import { busyMachine, filesAtOnce, shared } from "./vitest.shared";

/** Where the unit, integration and HTTP tests live: `npm test` runs them all on PGlite. */
export const unitAndIntegration = [
  "app/**/*.test.ts",
  "server/**/*.test.ts",
  "db/**/*.test.ts",
  "tests/integration/**/*.test.ts",
];

export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: unitAndIntegration,
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    globalSetup: ["tests/support/pglite-template.ts"],
    pool: "forks",
    maxWorkers: filesAtOnce,
    // The default database only, which needs nothing installed; `npm run test:postgres` runs the
    // same files on PostgreSQL (tests/support/database.ts).
    env: { TEST_BACKENDS: "pglite" },
  },
});
