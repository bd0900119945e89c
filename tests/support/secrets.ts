/** Fixed secrets for tests only (never used outside tests/). */
export const TEST_SECRETS = {
  AUTH_SECRET: "test-secret-for-sessions-0123456789abcdef",
  DATA_ENCRYPTION_KEY: `t1:${Buffer.alloc(32, 7).toString("base64")}`,
} as const;
