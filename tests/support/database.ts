import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe } from "vitest";
import { type Database, openPglite, openPostgres } from "../../db/client";

export type Backend = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a schema of its own
 * on PostgreSQL (dropped on close), so parallel workers never see each other's rows.
 * `{ migrate: false }` leaves it empty, for tests of the migrations themselves.
 */
export async function openTestDatabase(backend: Backend, options: { migrate?: boolean } = {}): Promise<Database> {
  const migrate = options.migrate !== false;
  if (backend === "pglite") {
    const database = await openPglite();
    if (migrate) await database.migrate();
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const database = openPostgres({ url, searchPath: schema, max: 4 });
  if (migrate) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

/** Runs the suite once per backend. */
export function describeEachBackend(name: string, suite: (backend: Backend) => void): void {
  for (const backend of backends) describe(`${name} [${backend}]`, () => suite(backend));
}
