// npm run db:seed: creates the demo member, keeper and admin on the configured database
// (./data, or DATABASE_URL). Refuses in production. Stop `npm start` first when using ./data.
import path from "node:path";
import { parseEnv } from "../app/env.server";
import {
  DemoAccountsInProductionError,
  describeDemoAccounts,
  seedDemoAccounts,
} from "../app/modules/accounts/seed.server";
import { openPglite, openPostgres } from "../db/client";
import { DataDirLockedError, lockDataDir } from "../db/lock";

const env = parseEnv();
if (env.isProduction) {
  process.stderr.write(`${new DemoAccountsInProductionError().message}\n`);
  process.exit(1);
}
let release = () => {};
try {
  if (!env.DATABASE_URL) release = await lockDataDir(env.DATA_DIR);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
const database = env.DATABASE_URL
  ? openPostgres({ url: env.DATABASE_URL })
  : await openPglite(path.join(env.DATA_DIR, "pglite"));
await database.migrate();
const created = await seedDemoAccounts(database.db, { production: false });
process.stdout.write(`Created ${created.length} demo account(s).\n${describeDemoAccounts()}`);
await database.close();
release();
