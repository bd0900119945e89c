/**
 * What every test suite shares: the `~` alias, and limits sized for a busy machine. CI and a
 * newcomer's laptop may be two cores running other work (a load of 8 to 12 has been seen), where
 * everything takes up to eight times as long as on a quiet one. So no suite races the clock: a
 * test or hook fails only when it hangs, and a poll for what shows next waits long enough for a
 * slow round trip. A test that asserts a cost does so as a ratio within one run, or as a count.
 */
import os from "node:os";

export const shared = {
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
};

export const busyMachine = {
  testTimeout: 300_000,
  hookTimeout: 600_000,
  // Vitest's default is 1 s. A poll still fails when the thing never shows, just later.
  expect: { poll: { timeout: 30_000 } },
};

/**
 * Test files at once. Vitest's default is one fewer than the cores (1 on a 2-core machine), but the
 * unit, integration and HTTP files mostly wait (on child processes, sockets, timers), so one more
 * than the cores keeps them busy: `npm test` took 9 min with one at a time and under 5 with three
 * (docs/measurements.md). Each file has a database of its own, so none sees another's rows.
 */
export const filesAtOnce = Math.max(3, os.availableParallelism() + 1);
