import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, inject } from "vitest";
import { type Database, openPglite, openPostgres, pgliteDatabase } from "../../db/client";

export type Backend = "pglite" | "postgres";

/**
 * The databases a suite runs on. `npm test` runs on PGlite only, which needs nothing installed, and
 * `npm run test:postgres` runs the same files on PostgreSQL only: their configs set TEST_BACKENDS.
 * Elsewhere (browsers, reliability, security) PGlite always, and PostgreSQL too when
 * TEST_DATABASE_URL is set.
 */
export const backends: Backend[] = chosenBackends(process.env.TEST_BACKENDS);

function chosenBackends(chosen: string | undefined): Backend[] {
  if (!chosen) return ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];
  const list = chosen.split(",").map((name) => name.trim());
  for (const name of list)
    if (name !== "pglite" && name !== "postgres") throw new Error(`TEST_BACKENDS: unknown ${name}`);
  if (list.includes("postgres") && !process.env.TEST_DATABASE_URL) {
    throw new Error("TEST_BACKENDS names postgres: set TEST_DATABASE_URL to a PostgreSQL server's database");
  }
  return list as Backend[];
}

/** The PostgreSQL server's URL when this suite runs on PostgreSQL, else undefined (its tests skip). */
export const postgresUrl: string | undefined = backends.includes("postgres")
  ? process.env.TEST_DATABASE_URL
  : undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a schema of its own
 * on PostgreSQL (dropped on close), so parallel workers never see each other's rows.
 * `{ migrate: false }` leaves it empty, for tests of the migrations themselves.
 */
export async function openTestDatabase(backend: Backend, options: { migrate?: boolean } = {}): Promise<Database> {
  const migrate = options.migrate !== false;
  if (backend === "pglite") {
    // A migrated database starts from the run's dump of one (tests/support/pglite-template.ts).
    const template = migrate ? inject("pgliteTemplate") : undefined;
    if (template) {
      return pgliteDatabase(await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) }));
    }
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
