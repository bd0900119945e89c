import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/security/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    // Argon2 sign-ins, a browser and npm audit's network round trip: generous limits.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
