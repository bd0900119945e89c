import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../app/env.server";

/**
 * Outside production the secrets may be left unset: they are generated once into DATA_DIR
 * (mode 0600) so sessions and encrypted records survive restarts. Production refuses to start
 * without them (env.server.ts).
 */
export function withDevSecrets(env: Env): Env {
  if (env.AUTH_SECRET && env.DATA_ENCRYPTION_KEY) return env;
  const file = path.join(env.DATA_DIR, "secrets.json");
  let stored: { authSecret: string; encryptionKey: string };
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, "utf8"));
  } else {
    stored = {
      authSecret: randomBytes(32).toString("base64url"),
      encryptionKey: `dev1:${randomBytes(32).toString("base64")}`,
    };
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    ...env,
    AUTH_SECRET: env.AUTH_SECRET ?? stored.authSecret,
    DATA_ENCRYPTION_KEY: env.DATA_ENCRYPTION_KEY ?? stored.encryptionKey,
  };
}
