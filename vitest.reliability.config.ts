import { defineConfig } from "vitest/config";
import { busyMachine, shared } from "./vitest.shared";

/**
 * `npm run test:reliability`: crashes, outages and several app instances (issue 7, "Reliability").
 * The tests start real server processes, kill them and hold ports and databases, so files run one
 * at a time and get long timeouts; the PostgreSQL parts need TEST_DATABASE_URL.
 */
// Said once, up front: the default reporter does not print the names of skipped suites.
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write("TEST_DATABASE_URL is not set: the PostgreSQL parts of the reliability suite are skipped.\n");
}

export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: ["tests/reliability/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    pool: "forks",
    fileParallelism: false,
  },
});
