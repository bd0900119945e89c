import { defineConfig } from "vitest/config";

/**
 * `npm run test:validators`: what the product emits, checked by the programs people's software
 * uses, which need tools of their own (Java for the Nu Html Checker, qpdf). Kept out of `npm test`,
 * which needs only Node.js and npm; a missing tool fails the run at once (tests/validators/require-tools.ts).
 */
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/validators/**/*.test.ts"],
    globalSetup: ["tests/validators/require-tools.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
