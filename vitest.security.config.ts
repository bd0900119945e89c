import { defineConfig } from "vitest/config";
import { busyMachine, shared } from "./vitest.shared";

export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: ["tests/security/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    globalSetup: ["tests/support/pglite-template.ts"],
    pool: "forks",
  },
});
