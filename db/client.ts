import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { queryCounter } from "./query-count";
import * as schema from "./schema";

export type Schema = typeof schema;
/**
 * The handle every module receives: the same API on PGlite and on PostgreSQL. Both drivers'
 * databases are one, and so is a transaction: drizzle's PgTransaction extends PgDatabase, so the
 * `tx` of `db.transaction(async (tx) => …)` goes to any function taking a Db, with no cast (a cast
 * would hide a real mismatch). A transaction's isolation level is its second argument.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where drizzle records the applied migrations (`__drizzle_migrations`): "drizzle", or a test's own schema. */
  migrationsSchema: string;
  /**
   * Runs pending migrations; safe to call from several processes at once on PostgreSQL. Answers
   * the names of those this call applied (db/migrations/meta/_journal.json), for the start-up log.
   */
  migrate(): Promise<string[]>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

/** The migrations' names in the order they apply. */
export function migrationNames(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.map((e) => e.tag);
}

/**
 * How many migrations a database has applied (drizzle's own table; none before the first start).
 * Reads only: npm run doctor lists the pending ones with it.
 */
export async function appliedCount(query: (text: string) => Promise<{ rows: unknown[] }>, schema: string) {
  const table = await query(`select to_regclass('"${schema}".__drizzle_migrations') as t`);
  if (!(table.rows[0] as { t: string | null }).t) return 0;
  const counted = await query(`select count(*)::int as n from "${schema}".__drizzle_migrations`);
  return (counted.rows[0] as { n: number }).n;
}
// Any fixed number works; it only has to be the same for every process of this app (and a restore).
export const MIGRATION_LOCK_ID = 7_340_021;

export interface PostgresOptions {
  url: string;
  /** Isolates a test worker: every table lives in this schema. */
  searchPath?: string;
  max?: number;
  /**
   * Bounds every query: PostgreSQL cancels a statement running longer, and the client gives up on a
   * connection that stays silent a second beyond that (a network partition), which is then discarded.
   * Unset (scripts, tests) means no bound.
   */
  queryTimeoutMs?: number;
}

/** How long close() waits for connections to end; a silent network must not hold up a shutdown. */
const CLOSE_TIMEOUT_MS = 2000;

/**
 * Every statement of this app reads a page or a few rows. PostgreSQL's parallel workers take 5 to
 * 10 ms to start and its JIT 30 ms to compile, and the planner reaches for them on a guess about a
 * large table (a keeper's reads of 50 shares among a million audit rows: 8 ms in workers for 0.1 ms
 * of work; docs/measurements.md, issue 47). So this app's sessions use neither, unless the operator
 * says otherwise in DATABASE_URL's own `options`, which come after these and so win.
 */
const SESSION_SETTINGS = "-c jit=off -c max_parallel_workers_per_gather=0";

/** The session's `options`: this app's settings, the URL's own (a later `-c` wins), a test worker's schema. */
export function sessionOptions(url: string, searchPath?: string): string {
  let own = "";
  try {
    own = new URL(url).searchParams.get("options") ?? "";
  } catch {
    // A connection string URL cannot read takes no options of its own from here.
  }
  return [SESSION_SETTINGS, own, searchPath ? `-c search_path=${searchPath}` : ""].filter(Boolean).join(" ");
}

export function openPostgres(options: PostgresOptions): Database {
  const pgOptions = sessionOptions(options.url, options.searchPath);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    options: pgOptions,
    connectionTimeoutMillis: 5000,
    // Idle connections that died unseen (a dropped network) are found and replaced.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 10_000,
    ...(options.queryTimeoutMs
      ? { statement_timeout: options.queryTimeoutMs, query_timeout: options.queryTimeoutMs + 1000 }
      : {}),
  });
  // A connection lost (database restart, network) must not crash the process: the pool reports it
  // for idle clients, and every client reports it itself, also while checked out for a transaction
  // (an 'error' event nobody listens to is thrown). Its queries fail on their own, so nothing is hidden.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema, logger: queryCounter });
  return {
    db,
    kind: "postgres",
    migrationsSchema: options.searchPath ?? "drizzle",
    async migrate() {
      // Migrate on one dedicated connection holding an advisory lock, so two processes
      // starting together never apply the same migration twice.
      const client = new pg.Client({ connectionString: options.url, options: pgOptions });
      await client.connect();
      try {
        if (options.searchPath) await client.query(`create schema if not exists "${options.searchPath}"`);
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        const schema = options.searchPath ?? "drizzle";
        const before = await appliedCount((text) => client.query(text), schema);
        await migratePg(drizzlePg(client), { migrationsFolder, migrationsSchema: schema });
        const after = await appliedCount((text) => client.query(text), schema);
        return migrationNames().slice(before, after);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      });
      await Promise.race([pool.end(), gaveUp]);
      clearTimeout(timer);
    },
  };
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined means in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  return pgliteDatabase(dataDir ? await PGlite.create(dataDir) : await PGlite.create());
}

/** The handle over a PGlite instance already made (the tests start theirs from a migrated dump). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema, logger: queryCounter });
  return {
    db,
    kind: "pglite",
    migrationsSchema: "drizzle",
    async migrate() {
      const before = await appliedCount((text) => client.query(text), "drizzle");
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      return migrationNames().slice(before, await appliedCount((text) => client.query(text), "drizzle"));
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      await client.close();
    },
  };
}
