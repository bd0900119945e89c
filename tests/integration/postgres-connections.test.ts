import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../db/client";
import { postgresUrl as url } from "../support/database";

/** db/client.ts on PostgreSQL: connections lost under the app's feet. */
describe.skipIf(!url)("PostgreSQL connections", () => {
  const database = openPostgres({ url: url as string, max: 2, queryTimeoutMs: 1000 });
  afterAll(() => database.close());

  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();
  };

  // pg emits 'error' on a client whose connection dies; while a transaction holds it, the pool
  // does not listen, and an unheard 'error' event would end the process (vitest reports it too).
  it("fails a transaction whose connection is killed, without crashing, and recovers", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: Array<{ pid: number }>;
        };
        await terminate(Number(rows[0]?.pid));
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    await database.ping();
  });

  it("cancels a statement that runs past the query timeout, and the connection stays usable", async () => {
    await expect(database.db.execute(sql`select pg_sleep(3)`)).rejects.toThrow();
    await database.ping();
  });
});
