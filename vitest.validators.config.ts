import { defineConfig } from "vitest/config";
import { busyMachine, shared } from "./vitest.shared";

/**
 * `npm run test:validators`: what the product emits, checked by the programs people's software
 * uses, which need tools of their own (Java for the Nu Html Checker, qpdf). Kept out of `npm test`,
 * which needs only Node.js and npm; a missing tool fails the run at once (tests/validators/require-tools.ts).
 */
export default defineConfig({
  ...shared,
  test: {
    ...busyMachine,
    include: ["tests/validators/**/*.test.ts"],
    globalSetup: ["tests/validators/require-tools.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    pool: "forks",
  },
});
