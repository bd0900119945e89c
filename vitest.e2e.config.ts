import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // One browser and one server for the whole run; files run one after another.
    fileParallelism: false,
    pool: "forks",
  },
});
