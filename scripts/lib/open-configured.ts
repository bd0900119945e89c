// The configured database for an operator's command on accounts (create-admin, reset-two-factor):
// DATABASE_URL, else the embedded one in DATA_DIR, which must not be open by a running server.
import path from "node:path";
import type { Env } from "../../app/env.server";
import { type Database, openPglite, openPostgres } from "../../db/client";
import { DataDirLockedError, lockDataDir } from "../../db/lock";

export interface OpenedForCommand {
  database: Database;
  /** Where it is, for the command's own lines (never a password). */
  where: string;
  release: () => void;
}

/** Opens it, or ends the process with one line saying why (the server holds the data directory). */
export async function openConfigured(env: Env, command: string): Promise<OpenedForCommand> {
  if (env.DATABASE_URL) {
    let where = "PostgreSQL";
    try {
      const url = new URL(env.DATABASE_URL);
      where = `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
    } catch {
      // An unparseable URL still reaches pg, which explains the problem.
    }
    return { database: openPostgres({ url: env.DATABASE_URL, max: 2 }), where, release: () => {} };
  }
  let release: () => void;
  try {
    release = await lockDataDir(env.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\nStop the server first: ${command} needs the embedded database alone.\n`);
      process.exit(1);
    }
    throw error;
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    database: await openPglite(path.join(dataDir, "pglite")),
    where: `the embedded database in ${dataDir}`,
    release,
  };
}
