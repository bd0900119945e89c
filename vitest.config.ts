import { defineConfig } from "vitest/config";
import { busyMachine, shared } from "./vitest.shared";

export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    pool: "forks",
  },
});
