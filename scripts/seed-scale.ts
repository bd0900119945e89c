// npm run seed:scale -- --factor N: fills the configured database (./data, or DATABASE_URL) as ten
// years of a busy congregation would at factor 1, N times that at factor N (issue 47;
// scripts/lib/scale-fixture.ts). The database must be empty of the fixture: run it on a fresh one.
// Refuses in production: the fixture's two accounts have known passwords, like the demo accounts.
import path from "node:path";
import { parseEnv } from "../app/env.server";
import { openPglite, openPostgres } from "../db/client";
import { DataDirLockedError, lockDataDir } from "../db/lock";
import { withDevSecrets } from "../server/dev-secrets";
import { fillScale, SCALE_KEEPER, SCALE_MEMBER } from "./lib/scale-fixture";

// The secrets the app started on this DATA_DIR uses (or will), so its pages open what is sealed here.
const env = withDevSecrets(parseEnv());
if (env.isProduction) {
  process.stderr.write("seed:scale writes accounts with known passwords; it does not run in production.\n");
  process.exit(1);
}
const at = process.argv.indexOf("--factor");
const factor = at === -1 ? 1 : Number(process.argv[at + 1]);
if (!Number.isFinite(factor) || factor <= 0) {
  process.stderr.write("--factor takes a positive number, e.g. --factor 100.\n");
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
try {
  await database.migrate();
  const result = await fillScale(database.db, env, factor, (line) => process.stdout.write(`  ${line}\n`));
  process.stdout.write(
    `Filled ${database.kind} at factor ${factor} in ${result.seconds} s.\n` +
      `  Member: ${SCALE_MEMBER.username} / ${SCALE_MEMBER.password}\n` +
      `  Keeper (admin): ${SCALE_KEEPER.username} / ${SCALE_KEEPER.password} (enrols two-factor at first sign-in)\n`,
  );
} finally {
  await database.close();
  release();
}
