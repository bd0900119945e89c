import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import type { Role } from "../../../app/modules/accounts/roles";
import { createPasswordAccount } from "../../../app/modules/accounts/seed.server";
import { type Database, openPglite, openPostgres } from "../../../db/client";

/** Set to run the PostgreSQL parts; without it they are skipped, and their names say so. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL;
export const postgresNote = POSTGRES_URL ? "" : " (skipped: set TEST_DATABASE_URL to run on PostgreSQL)";

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own on the TEST_DATABASE_URL server: app processes use the default schema
 * (as in production), so they cannot share the per-schema isolation of tests/support/database.ts.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  if (!POSTGRES_URL) throw new Error("TEST_DATABASE_URL is not set");
  const url = new URL(POSTGRES_URL);
  const name = `sacred_rel_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The test's own handle on a scratch database (migrated, so accounts can be made before the apps start). */
export async function openScratch(url: string): Promise<Database> {
  const database = openPostgres({ url, max: 4 });
  await database.migrate();
  return database;
}

/**
 * Runs `work` on an embedded data directory while no app process holds it (the app locks it
 * while running; PGlite serves one process at a time).
 */
export async function withDataDir<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

export interface Member {
  id: string;
  username: string;
  password: string;
}

/** Accounts that can sign in, made with the seed's factory directly in the database. */
export async function createMembers(database: Database, count: number, role: Role = "member"): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const tag = randomBytes(4).toString("hex");
    const account = {
      name: `Reliable ${tag}`,
      email: `${role}-${tag}@example.org`,
      username: `${role}_${tag}`,
      password: `pw-${tag}-sacred`,
      role,
    };
    members.push({ id: await createPasswordAccount(database.db, account), ...account });
  }
  return members;
}

/** Polls until `check` returns a value (not undefined/false), or fails with `what`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
