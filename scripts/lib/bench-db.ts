// Databases for the benchmarks: a fresh PGlite directory, or a fresh PostgreSQL database on
// TEST_DATABASE_URL's server (dropped afterwards), migrated and handed over before the app starts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createPasswordAccount } from "../../app/modules/accounts/seed.server";
import { type Database, openPglite, openPostgres } from "../../db/client";

export interface BenchDatabase {
  label: "PGlite" | "PostgreSQL";
  /** The environment an app process needs to use it. */
  env: Record<string, string>;
  /** Opens it in this process (PGlite: only while no app runs on it). */
  open(): Promise<Database>;
  drop(): Promise<void>;
  /**
   * Transactions the database has run so far (each read outside a transaction is one), or null
   * where the engine does not count them (PGlite).
   */
  statements(): Promise<number | null>;
}

/** PostgreSQL's idle statistics flush interval (PGSTAT_IDLE_INTERVAL), and a little more. */
const STATS_FLUSH_MS = 11_000;

export function pgliteBench(): BenchDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-bench-"));
  return {
    label: "PGlite",
    env: { DATA_DIR: dir },
    // The same place the server opens: DATA_DIR/pglite.
    open: () => openPglite(path.join(dir, "pglite")),
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
    statements: async () => null,
  };
}

export async function postgresBench(): Promise<BenchDatabase | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `sacred_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    label: "PostgreSQL",
    env: { DATABASE_URL: url.toString() },
    open: async () => openPostgres({ url: url.toString() }),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
    async statements() {
      // A backend reports its counts when it goes idle, at most once a second, or 10 s later if
      // it had just reported: wait that long so every transaction so far is counted.
      await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>(
          "select xact_commit + xact_rollback as n from pg_stat_database where datname = $1",
          [name],
        );
        return Number(rows[0]?.n ?? 0);
      } finally {
        await client.end();
      }
    },
  };
}

type Account = Parameters<typeof createPasswordAccount>[1];

/**
 * Migrates the database and creates password accounts, before any app process starts on it (the
 * benchmarks run production processes, which create no demo accounts). Returns the account ids.
 */
export async function createAccounts(database: BenchDatabase, accounts: Account[]): Promise<string[]> {
  const db = await database.open();
  try {
    await db.migrate();
    const ids: string[] = [];
    for (const account of accounts) ids.push(await createPasswordAccount(db.db, account));
    return ids;
  } finally {
    await db.close();
  }
}

/** Percentile of sorted numbers. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
