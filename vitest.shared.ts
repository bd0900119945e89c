/**
 * What every test suite shares: the `~` alias, and limits sized for a busy machine. CI and a
 * newcomer's laptop may be two cores running other work (a load of 8 to 12 has been seen), where
 * everything takes up to eight times as long as on a quiet one. So no suite races the clock: a
 * test or hook fails only when it hangs, and a poll for what shows next waits long enough for a
 * slow round trip. A test that asserts a cost does so as a ratio within one run, or as a count.
 */
export const shared = {
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
};

export const busyMachine = {
  testTimeout: 300_000,
  hookTimeout: 600_000,
  // Vitest's default is 1 s. A poll still fails when the thing never shows, just later.
  expect: { poll: { timeout: 30_000 } },
};
