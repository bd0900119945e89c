import { defineConfig } from "vitest/config";
import { busyMachine, shared } from "./vitest.shared";

export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    // One browser and one server for the whole run; files run one after another.
    fileParallelism: false,
    pool: "forks",
  },
});
