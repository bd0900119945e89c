import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 180_000,
    // A poll for what a page shows next waits up to 5 s (Vitest's default is 1 s): a form's answer,
    // the page's reload and the next page are three round trips, which a busy two-core CI machine
    // has taken more than a second to make. A poll still fails when the thing never shows.
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 120_000,
    // One browser and one server for the whole run; files run one after another.
    fileParallelism: false,
    pool: "forks",
  },
});
