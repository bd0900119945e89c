import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Env } from "../../../app/env.server";
import { appliedCount, migrationNames } from "../../../db/client";
import { databaseUrlProblem } from "../../../db/errors";
import { DataDirLockedError, lockDataDir } from "../../../db/lock";
import { type ClockReading, describeError, type Finding, finding } from "./findings";

function pendingFinding(names: string[], applied: number, where: string): Finding {
  const pending = names.slice(applied);
  if (applied > names.length) {
    return finding(
      "FAIL",
      "database",
      `${where} has ${applied} migrations applied, more than the ${names.length} this version knows: it was used by a newer version. Run that version, or restore a backup into a new database.`,
    );
  }
  if (pending.length === 0) {
    return finding("ok", "database", `${where}: all ${names.length} migrations applied (last ${names.at(-1)})`);
  }
  return finding(
    "FAIL",
    "database",
    `${where}: ${pending.length} of ${names.length} migrations not applied yet: ${pending.join(", ")}. ` +
      (applied === 0
        ? "A new database: the first start (or npm run create-admin) applies them."
        : "The next start applies them: back up first (db-backup.js) and read CHANGELOG.md for them."),
  );
}

// (2) The database: reachable, the role and database exist, pending migrations by name. Reads only.
export async function databaseFindings(env: Env, clock: ClockReading[]): Promise<Finding[]> {
  let names: string[];
  try {
    names = migrationNames();
  } catch {
    return [
      finding(
        "FAIL",
        "database",
        `no db/migrations here (${process.cwd()}): run the doctor from the app's directory (cd /srv/sacred)`,
      ),
    ];
  }
  if (env.DATABASE_URL) {
    const url = env.DATABASE_URL;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on("error", () => {});
    try {
      const sent = Date.now();
      await client.connect();
      const row = (
        await client.query<{ now: Date; version: string; who: string; db: string }>(
          "select now() as now, current_setting('server_version') as version, current_user as who, current_database() as db",
        )
      ).rows[0] as { now: Date; version: string; who: string; db: string };
      clock.push({ source: "PostgreSQL", at: row.now.getTime(), sent, received: Date.now() });
      const target = new URL(url);
      const where = `PostgreSQL ${row.version} at ${target.hostname}:${target.port || "5432"}/${row.db} as ${row.who}`;
      // The app's tables are in the role's default schema; drizzle records migrations in "drizzle".
      return [pendingFinding(names, await appliedCount((text) => client.query(text), "drizzle"), where)];
    } catch (error) {
      return [finding("FAIL", "database", databaseUrlProblem(url, error))];
    } finally {
      await client.end().catch(() => {});
    }
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const dbDir = path.join(dataDir, "pglite");
  const where = `the embedded database in ${dataDir}`;
  // PGlite would make the directory: a check leaves it as it is.
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    return [
      finding(
        "FAIL",
        "database",
        `${where} does not exist yet: all ${names.length} migrations not applied (${names.join(", ")}). The first start (or npm run create-admin) makes it; production uses PostgreSQL (DATABASE_URL, docs/deployment.md).`,
      ),
    ];
  }
  let release: () => void;
  try {
    release = await lockDataDir(env.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const pid = error.message.match(/\(pid \d+\)/)?.[0];
      return [
        finding(
          "warn",
          "database",
          `${where} is in use by another process${pid ? ` ${pid}` : ""}, most likely the server, which applied the migrations it knows at its start; stop it to have them listed`,
        ),
      ];
    }
    return [finding("FAIL", "database", `${where} cannot be locked: ${describeError(error)}`)];
  }
  try {
    const client = await PGlite.create(dbDir);
    try {
      return [pendingFinding(names, await appliedCount((text) => client.query(text), "drizzle"), where)];
    } finally {
      await client.close();
    }
  } catch (error) {
    return [finding("FAIL", "database", `${where} cannot be opened: ${describeError(error)}`)];
  } finally {
    release();
  }
}
