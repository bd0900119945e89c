// Logical backups of the app's database, the same on PGlite and PostgreSQL (and across them).
//
// The file is gzipped JSON lines:
//   {"format":"sacred-path-backup","version":1,...}    the header: migration level, tables (FK-safe order), sequences
//   {"table":"users","rows":3}                         a table's section, then exactly that many lines of
//   {...}                                              rows, each as PostgreSQL's row_to_json gives it
//   {"end":true,"tables":27,"rows":1234,"sha256":"..."} the trailer: a checksum of every line above it
// Everything is read inside one REPEATABLE READ transaction, so the file is one consistent snapshot.
// The header also names the release that wrote it (version and commit; backups from before 2.0.0
// have none). Restoring reads the whole file once before touching the database, refuses a database
// that has rows, then in one transaction migrates it to the backup's migration, inserts every table,
// and applies the migrations this version has after it: a backup from an older release comes back
// as that release's database upgraded in place would be. A backup from a newer release is refused.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { PgDialect, type PgSession } from "drizzle-orm/pg-core";
import { z } from "zod";
import { outboxBackupRow } from "../../app/modules/mail/outbox.server";
import { type Database, type Db, MIGRATION_LOCK_ID, openPglite, openPostgres } from "../../db/client";
import { DataDirLockedError, lockDataDir } from "../../db/lock";
import migrationReleases from "../../db/migration-releases.json";
import { type Release, runningRelease } from "../../server/release";

/** Tables whose rows a backup keeps only in part (`t` is the row); the rest are kept whole. */
const PARTIAL_ROWS: Record<string, SQL> = { mail_outbox: outboxBackupRow };

export const BACKUP_FORMAT = "sacred-path-backup";
export const BACKUP_VERSION = 1;
const MIGRATIONS_TABLE = "__drizzle_migrations";
const FETCH_ROWS = 500;
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

/** A refusal or a problem the operator can act on; the CLI prints its message alone. */
export class BackupError extends Error {}

export interface MigrationLevel {
  /** How many migrations were applied. */
  applied: number;
  /** created_at of the last applied migration: its `when` in db/migrations/meta/_journal.json. */
  last: number | null;
  /** That migration's name, when this version of the app knows it. */
  tag: string | null;
}

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  source: z.enum(["pglite", "postgres"]),
  migration: z.object({ applied: z.number().int(), last: z.number().nullable(), tag: z.string().nullable() }),
  /** The release whose `db:backup` wrote it; absent in backups made before 2.0.0. */
  app: z.object({ version: z.string(), commit: z.string() }).optional(),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().min(0) })),
  sequences: z.array(
    z.object({ table: z.string(), column: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
});
export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupTable = BackupHeader["tables"][number];

const sectionSchema = z.object({ table: z.string(), rows: z.number().int().min(0) });
const trailerSchema = z.object({
  end: z.literal(true),
  tables: z.number().int(),
  rows: z.number().int(),
  sha256: z.string(),
});

export interface BackupResult {
  file: string;
  bytes: number;
  header: BackupHeader;
  totalRows: number;
}

export interface RestoreResult {
  file: string;
  header: BackupHeader;
  totalRows: number;
  /** The migrations applied after the backup's rows went in (a backup from an older release), by name. */
  migrated: string[];
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  // node-postgres answers a QueryResult, PGlite a Results object: both carry `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// What is in the database

interface TableInfo {
  name: string;
  /** Columns in table order, generated ones left out (the database computes them). */
  columns: string[];
  primaryKey: string[];
  hasIdentityAlways: boolean;
}

/** The app's tables in the current schema (the migrations' bookkeeping left out), parents before children. */
async function appTables(db: Db): Promise<TableInfo[]> {
  const columns = await rowsOf<{
    table: string;
    column: string;
    generated: string;
    identity: string;
    pk: number | null;
  }>(
    db,
    sql`select c.relname as "table", a.attname as "column", a.attgenerated::text as "generated",
          a.attidentity::text as "identity", array_position(i.indkey::int2[], a.attnum) as "pk"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> ${MIGRATIONS_TABLE}
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo & { pkOrder: [number, string][] }>();
  for (const row of columns) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], primaryKey: [], hasIdentityAlways: false, pkOrder: [] };
      tables.set(row.table, table);
    }
    if (!row.generated) table.columns.push(row.column);
    if (row.identity === "a") table.hasIdentityAlways = true;
    if (row.pk !== null) table.pkOrder.push([Number(row.pk), row.column]);
  }
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as "child", p.relname as "parent"
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and n.nspname = current_schema()`,
  );
  // Kahn's algorithm, alphabetical among equals so the order is stable.
  const parents = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && tables.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (done.size < tables.size) {
    const ready = [...tables.keys()]
      .filter((name) => !done.has(name) && [...(parents.get(name) ?? [])].every((p) => done.has(p)))
      .sort();
    if (ready.length === 0) {
      const left = [...tables.keys()].filter((name) => !done.has(name));
      throw new BackupError(`Foreign keys form a cycle between ${left.join(", ")}: no safe order to restore them.`);
    }
    for (const name of ready) {
      const { pkOrder, ...table } = tables.get(name) as TableInfo & { pkOrder: [number, string][] };
      table.primaryKey = pkOrder.sort((a, b) => a[0] - b[0]).map(([, column]) => column);
      ordered.push(table);
      done.add(name);
    }
  }
  return ordered;
}

async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*)::text as "n" from ${sql.identifier(table)}`,
  );
  return Number(row?.n ?? 0);
}

/** Columns filled from a sequence (serial or identity), with that sequence's qualified name. */
async function sequenceColumns(db: Db) {
  return rowsOf<{ table: string; column: string; sequence: string }>(
    db,
    sql`select * from (
          select c.relname as "table", a.attname as "column",
            pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as "sequence"
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> ${MIGRATIONS_TABLE}
        ) s where "sequence" is not null order by "table", "column"`,
  );
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this version of the app ships (the folder db/client.ts migrates from). */
export function shippedMigrations(): JournalEntry[] {
  const file = path.resolve(process.cwd(), "db/migrations/meta/_journal.json");
  try {
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: JournalEntry[] }).entries;
  } catch {
    throw new BackupError(`Cannot read ${file}: run this from the app's directory.`);
  }
}

/** Where drizzle keeps its record: the current schema (tests' isolated schemas) or "drizzle" (default). */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const [found] = await rowsOf<{ schema: string | null }>(
    db,
    sql`select case
          when to_regclass(quote_ident(current_schema()) || '.' || ${MIGRATIONS_TABLE}) is not null then current_schema()
          when to_regclass('drizzle.' || ${MIGRATIONS_TABLE}) is not null then 'drizzle'
        end as "schema"`,
  );
  if (!found?.schema) return { applied: 0, last: null, tag: null };
  const [row] = await rowsOf<{ applied: number | string; last: string | null }>(
    db,
    sql`select count(*)::int as "applied", max(created_at)::text as "last"
        from ${sql.identifier(found.schema)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  const last = row?.last == null ? null : Number(row.last);
  const tag = last === null ? null : (shippedMigrations().find((e) => e.when === last)?.tag ?? null);
  return { applied: Number(row?.applied ?? 0), last, tag };
}

export function describeLevel(level: MigrationLevel): string {
  if (level.last === null) return "no migrations";
  return level.tag ?? `an unknown migration (created_at ${level.last}), newer than this version of the app`;
}

/**
 * The release that brought a migration (db/migration-releases.json: each version and its last
 * migration, oldest first), and whether it is that release's last; null for one no release has
 * recorded (a development build's).
 */
export function releaseOfMigration(tag: string | null): { version: string; last: boolean } | null {
  if (!tag) return null;
  const number = Number(tag.slice(0, 4));
  for (const [version, last] of Object.entries(migrationReleases as Record<string, string>)) {
    if (number <= Number(last.slice(0, 4))) return { version, last: tag === last };
  }
  return null;
}

/** The first version whose backups record it (`app` in the header). */
const FIRST_RECORDING = "2.0.0";

const shortCommit = (commit: string) => (/^[0-9a-f]{40,}$/.test(commit) ? commit.slice(0, 12) : commit);

/** Which release wrote a backup, for the operator: its own record, else what its migration says. */
export function describeMaker(header: BackupHeader): string {
  if (header.app) return `version ${header.app.version} (commit ${shortCommit(header.app.commit)})`;
  const release = releaseOfMigration(header.migration.tag);
  const unrecorded = `backups made before ${FIRST_RECORDING} record no version`;
  if (!release) return `a version that did not record itself (${unrecorded})`;
  return release.last
    ? `version ${release.version} (${unrecorded}; ${header.migration.tag} is ${release.version}'s last migration)`
    : `a build on the way to version ${release.version} (${unrecorded}; ${header.migration.tag} came with ${release.version})`;
}

// ---------------------------------------------------------------------------------------------
// Backup

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * Writes a backup of `database` to `file` (gzipped JSON lines, mode 0600). Reads everything in one
 * REPEATABLE READ, read-only transaction, so the app may keep running (on PostgreSQL). The file
 * appears only when complete.
 */
export async function backupDatabase(
  database: Database,
  file: string,
  /** `release`: the version and commit to record; by default the one this process runs (server/release.ts). */
  options: { overwrite?: boolean; release?: Pick<Release, "version" | "commit"> } = {},
): Promise<BackupResult> {
  const { version, commit } = options.release ?? runningRelease();
  const target = path.resolve(file);
  if (!options.overwrite && fs.existsSync(target)) {
    throw new BackupError(`${target} already exists: choose another file name.`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  let totalRows = 0;
  try {
    const header = await database.db.transaction(
      async (tx) => {
        // row_to_json writes timestamps in the session's zone: UTC makes every backup alike.
        await tx.execute(sql`set local timezone = 'UTC'`);
        const tables = await appTables(tx);
        const migration = await migrationLevel(tx);
        if (migration.last === null)
          throw new BackupError("This database has never been migrated: nothing to back up.");
        const counted: BackupTable[] = [];
        for (const table of tables) {
          counted.push({ name: table.name, columns: table.columns, rows: await countRows(tx, table.name) });
        }
        const sequences: BackupHeader["sequences"] = [];
        for (const s of await sequenceColumns(tx)) {
          const [state] = await rowsOf<{ value: string; called: boolean }>(
            tx,
            sql`select last_value::text as "value", is_called as "called" from ${sql.raw(s.sequence)}`,
          );
          if (state)
            sequences.push({ table: s.table, column: s.column, lastValue: state.value, isCalled: state.called });
        }
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          source: database.kind,
          migration,
          app: { version, commit },
          tables: counted,
          sequences,
        };

        const hash = createHash("sha256");
        const emit = (text: string) => {
          hash.update(text);
          return Buffer.from(text);
        };
        async function* lines() {
          yield emit(line(header));
          for (const [i, table] of tables.entries()) {
            const expected = counted[i]?.rows ?? 0;
            yield emit(line({ table: table.name, rows: expected }));
            const id = sql.identifier(table.name);
            const order = table.primaryKey.length
              ? sql.join(
                  table.primaryKey.map((c) => sql.identifier(c)),
                  sql`, `,
                )
              : sql`1`;
            await tx.execute(
              sql`declare backup_rows no scroll cursor for
                  select (${PARTIAL_ROWS[table.name] ?? sql`row_to_json(t)`})::text as "row" from ${id} t order by ${order}`,
            );
            let written = 0;
            for (;;) {
              const batch = await rowsOf<{ row: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
              if (batch.length === 0) break;
              written += batch.length;
              // A raw line break in row_to_json's output can only be JSON whitespace (a json column's
              // own text): a space keeps one row per line.
              yield emit(batch.map((r) => `${r.row.replace(/[\r\n]/g, " ")}\n`).join(""));
            }
            await tx.execute(sql`close backup_rows`);
            if (written !== expected) {
              throw new Error(`${table.name}: read ${written} rows where the snapshot counted ${expected}`);
            }
            totalRows += written;
          }
          yield Buffer.from(line({ end: true, tables: tables.length, rows: totalRows, sha256: hash.digest("hex") }));
        }
        await pipeline(Readable.from(lines()), createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
        return header;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const fd = fs.openSync(partial, "r+");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, header, totalRows };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a backup

interface ReadHandlers {
  /** Each row's JSON text exactly as it is in the file, table by table in the header's order. */
  row?: (table: BackupTable, json: string) => Promise<void> | void;
  /** After a table's last row (also for a table without rows). */
  tableEnd?: (table: BackupTable) => Promise<void> | void;
}

/**
 * Reads a backup start to end, checking its structure, every row's JSON, the row counts and the
 * checksum; throws a BackupError on the first problem. Returns the header.
 */
async function readBackup(file: string, handlers: ReadHandlers = {}): Promise<{ header: BackupHeader; rows: number }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist.`);
  let header: BackupHeader | undefined;
  let tableIndex = -1;
  let rowsLeft = 0;
  let totalRows = 0;
  let ended = false;
  let lineNo = 0;
  const hash = createHash("sha256");
  const damaged = (problem: string) => new BackupError(`${source} is damaged: ${problem}`);

  const parseJson = (text: string, what: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw damaged(`${what} is not valid JSON.`);
    }
  };

  const onLine = async (text: string) => {
    lineNo++;
    const where = `Line ${lineNo}`;
    if (ended) {
      if (text.trim() !== "") throw damaged(`${where}: data after the end of the backup.`);
      return;
    }
    if (!header) {
      const parsed = headerSchema.safeParse(parseJson(text, "The first line"));
      if (!parsed.success) throw new BackupError(`${source} is not a backup made by npm run db:backup.`);
      if (parsed.data.version !== BACKUP_VERSION) {
        throw damaged(`This backup is format version ${parsed.data.version}; this app reads ${BACKUP_VERSION}.`);
      }
      header = parsed.data;
      hash.update(`${text}\n`);
      return;
    }
    const current = header.tables[tableIndex];
    if (current && rowsLeft > 0) {
      const value = text.startsWith("{") ? parseJson(text, `${where} (a row of ${current.name})`) : undefined;
      if (!value || typeof value !== "object" || Array.isArray(value)) {
        throw damaged(`${where}: expected a row of ${current.name}.`);
      }
      hash.update(`${text}\n`);
      rowsLeft--;
      totalRows++;
      await handlers.row?.(current, text);
      if (rowsLeft === 0) await handlers.tableEnd?.(current);
      return;
    }
    const value = parseJson(text, where);
    const next = header.tables[tableIndex + 1];
    if (next) {
      const section = sectionSchema.safeParse(value);
      if (!section.success || section.data.table !== next.name || section.data.rows !== next.rows) {
        throw damaged(`${where}: expected the start of table ${next.name} (${next.rows} rows).`);
      }
      hash.update(`${text}\n`);
      tableIndex++;
      rowsLeft = next.rows;
      if (rowsLeft === 0) await handlers.tableEnd?.(next);
      return;
    }
    const trailer = trailerSchema.safeParse(value);
    if (!trailer.success) throw damaged(`${where}: expected the end of the backup.`);
    if (trailer.data.tables !== header.tables.length || trailer.data.rows !== totalRows) {
      throw damaged(`The end of the backup counts ${trailer.data.rows} rows; the file holds ${totalRows}.`);
    }
    if (trailer.data.sha256 !== hash.digest("hex")) throw damaged("The backup's checksum does not match.");
    ended = true;
  };

  // Iterating the gunzip stream itself surfaces zlib's own error (bad data, bad checksum, early end),
  // even when it comes after the last line.
  const gunzip = createGunzip();
  const input = fs.createReadStream(source);
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let rest = "";
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const text = rest + decoder.decode(chunk, { stream: true });
      let start = 0;
      for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
        await onLine(text.slice(start, nl));
        start = nl + 1;
      }
      rest = text.slice(start);
    }
    rest += decoder.decode();
    if (rest !== "") await onLine(rest);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = String((error as { code?: unknown }).code ?? "");
    if (code.startsWith("Z_") || code === "ERR_ENCODING_INVALID_ENCODED_DATA") {
      throw new BackupError(`${source} is not a complete backup (${message}): it may be truncated or damaged.`);
    }
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (!header) throw new BackupError(`${source} is empty.`);
  if (!ended) throw new BackupError(`${source} is truncated: its end is missing.`);
  return { header, rows: totalRows };
}

/** Checks a whole backup file (structure, counts, checksum) without touching any database. */
export async function inspectBackup(file: string): Promise<{ header: BackupHeader; totalRows: number }> {
  const { header, rows } = await readBackup(file);
  return { header, totalRows: rows };
}

// ---------------------------------------------------------------------------------------------
// Restore

/** Tables that hold rows, with their counts; empty when the database has none (or no tables yet). */
async function nonEmptyTables(db: Db): Promise<{ name: string; rows: number }[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> ${MIGRATIONS_TABLE}
        order by c.relname`,
  );
  const found: { name: string; rows: number }[] = [];
  for (const { name } of tables) {
    const rows = await countRows(db, name);
    if (rows > 0) found.push({ name, rows });
  }
  return found;
}

async function refuseNonEmpty(db: Db) {
  const found = await nonEmptyTables(db);
  if (found.length === 0) return;
  const list = found
    .slice(0, 5)
    .map((t) => `${t.name}: ${t.rows}`)
    .join(", ");
  throw new BackupError(
    `The target database is not empty (${list}${found.length > 5 ? ", ..." : ""}). ` +
      "Restore only into an empty database: a new DATA_DIR, or a newly created PostgreSQL database. Nothing was changed.",
  );
}

/**
 * Refuses a backup this version cannot bring back: one taken at a migration newer than this
 * version's (or one it does not know, from a development build). One taken at an older migration
 * is restorable: the later migrations are applied after its rows go in.
 */
export function assertRestorable(header: BackupHeader): void {
  const shipped = shippedMigrations();
  const newest = shipped.at(-1);
  const last = header.migration.last;
  if (last === null) throw new BackupError("This backup records no migration: it was not made by npm run db:backup.");
  if (shipped.some((entry) => entry.when === last)) return;
  const running = runningRelease();
  const here = `this version (${running.version}, commit ${shortCommit(running.commit)}) migrates only to ${newest?.tag}`;
  if (newest && last > newest.when) {
    throw new BackupError(
      `This backup was taken at migration ${header.migration.tag ?? last} by ${describeMaker(header)}, and ${here}. ` +
        `It comes from a newer version: restore it with ${header.app ? `version ${header.app.version}` : "that version"} or a later one. Nothing was changed.`,
    );
  }
  throw new BackupError(
    `This backup was taken at migration ${header.migration.tag ?? last} by ${describeMaker(header)}, a migration ` +
      `this version does not ship (${here}): restore it with the version that made it. Nothing was changed.`,
  );
}

/**
 * Applies, inside `tx`, those of this version's migrations up to `through` (their created_at) that
 * the database has not applied yet, exactly as drizzle's migrator does at start-up: the same
 * statements, recorded the same way in `schema`.__drizzle_migrations. Answers their names.
 */
async function migrateWithin(tx: Db, schema: string, through: number): Promise<string[]> {
  const folder = path.resolve(process.cwd(), "db/migrations");
  const tags = new Map(shippedMigrations().map((entry) => [entry.when, entry.tag]));
  const migrations = readMigrationFiles({ migrationsFolder: folder }).filter((m) => m.folderMillis <= through);
  const before = await migrationLevel(tx);
  // drizzle's migrator on a session that is this transaction: its own transaction is this one.
  const session = {
    execute: (query: SQL) => tx.execute(query),
    all: (query: SQL) => rowsOf(tx, query),
    transaction: (run: (inner: Db) => Promise<void>) => run(tx),
  } as unknown as PgSession;
  await new PgDialect().migrate(migrations, session, { migrationsFolder: folder, migrationsSchema: schema });
  return migrations
    .filter((m) => before.last === null || m.folderMillis > before.last)
    .map((m) => tags.get(m.folderMillis) ?? String(m.folderMillis));
}

/**
 * Restores `file` into `database`, which must be empty, in one transaction: checks the whole file
 * first, migrates the database to the backup's migration, inserts every table (parents first),
 * moves each serial sequence past the restored ids, then applies this version's later migrations
 * (a backup from an older release: its data is rewritten as an upgrade in place would). Any problem
 * leaves the database as it was.
 */
export async function restoreDatabase(
  database: Database,
  file: string,
  /** The result of inspectBackup(file), when the caller has checked the file already. */
  options: { inspected?: { header: BackupHeader; totalRows: number } } = {},
): Promise<RestoreResult> {
  const { header, totalRows } = options.inspected ?? (await inspectBackup(file));
  assertRestorable(header);
  await refuseNonEmpty(database.db);
  const backupLevel = header.migration.last as number; // assertRestorable: one this version ships
  const level = await migrationLevel(database.db);
  if (level.last !== null && level.last > backupLevel) {
    throw new BackupError(
      `The target database is migrated already, to ${describeLevel(level)}, and the backup was taken at ` +
        `${header.migration.tag}: its rows must go in before the migrations after that one. Restore into a ` +
        "newly created PostgreSQL database or a new DATA_DIR, on which the app has not started. Nothing was changed.",
    );
  }

  const migrated = await database.db.transaction(async (tx) => {
    // Two processes never migrate at once: a server starting on this database waits for the restore.
    if (database.kind === "postgres") await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migrateWithin(tx, database.migrationsSchema, backupLevel);
    const reached = await migrationLevel(tx);
    if (reached.last !== backupLevel) {
      throw new BackupError(
        `The target database is at ${describeLevel(reached)}; the backup at ${header.migration.tag}. Nothing was restored.`,
      );
    }
    await refuseNonEmpty(tx);
    const tables = new Map((await appTables(tx)).map((table) => [table.name, table]));
    for (const table of header.tables) {
      const info = tables.get(table.name);
      if (!info) throw new BackupError(`The backup has a table ${table.name} that this database does not have.`);
      const missing = table.columns.filter((c) => !info.columns.includes(c));
      if (missing.length) throw new BackupError(`${table.name} here has no column ${missing.join(", ")}.`);
    }

    let batch: string[] = [];
    let batchBytes = 0;
    let batchTable: BackupTable | undefined;
    const flush = async () => {
      if (!batchTable || batch.length === 0) return;
      const table = batchTable;
      const id = sql.identifier(table.name);
      const columns = sql.join(
        table.columns.map((c) => sql.identifier(c)),
        sql`, `,
      );
      const overriding = tables.get(table.name)?.hasIdentityAlways ? sql`overriding system value` : sql``;
      const json = `[${batch.join(",")}]`;
      batch = [];
      batchBytes = 0;
      await tx.execute(
        sql`insert into ${id} (${columns}) ${overriding}
            select ${columns} from json_populate_recordset(null::${id}, ${json}::json)`,
      );
    };
    await readBackup(file, {
      row: async (table, json) => {
        if (batchTable !== table) {
          await flush();
          batchTable = table;
        }
        batch.push(json);
        batchBytes += json.length;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
      },
      tableEnd: async (table) => {
        await flush();
        const rows = await countRows(tx, table.name);
        if (rows !== table.rows) throw new BackupError(`${table.name}: restored ${rows} rows of ${table.rows}.`);
      },
    });

    // Serial ids: the next one follows both the restored rows and the source's sequence.
    for (const s of header.sequences) {
      const table = tables.get(s.table);
      if (!table?.columns.includes(s.column)) continue;
      const [max] = await rowsOf<{ max: string }>(
        tx,
        sql`select coalesce(max(${sql.identifier(s.column)}), 0)::text as "max" from ${sql.identifier(s.table)}`,
      );
      const last = BigInt(s.lastValue) - (s.isCalled ? 0n : 1n);
      const value = [BigInt(max?.max ?? "0"), last].reduce((a, b) => (a > b ? a : b));
      const sequence = sql`pg_get_serial_sequence(quote_ident(current_schema()) || '.' || quote_ident(${s.table}), ${s.column})`;
      await tx.execute(
        value >= 1n
          ? sql`select setval(${sequence}, ${value.toString()}::bigint, true)`
          : sql`select setval(${sequence}, 1, false)`,
      );
    }
    const newest = shippedMigrations().at(-1)?.when ?? backupLevel;
    return migrateWithin(tx, database.migrationsSchema, newest);
  });
  return { file: path.resolve(file), header, totalRows, migrated };
}

// ---------------------------------------------------------------------------------------------
// The command-line side (scripts/db-backup.ts, scripts/db-restore.ts)

export interface ConfiguredDatabase {
  database: Database;
  /** Where, for the operator: never a password. */
  description: string;
  embedded: boolean;
  release(): void;
}

/**
 * Opens the database the app would use: DATABASE_URL, else the embedded one in DATA_DIR (./data),
 * whose lock makes sure the server is not running on it.
 */
export async function openConfiguredDatabase(
  command: "backup" | "restore",
  env: NodeJS.ProcessEnv = process.env,
): Promise<ConfiguredDatabase> {
  const url = env.DATABASE_URL || undefined;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new BackupError("DATABASE_URL must be a postgres:// URL.");
    let where = "PostgreSQL";
    try {
      const parsed = new URL(url);
      where = `PostgreSQL at ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
    } catch {
      // Unparseable URLs still reach pg, which explains the problem.
    }
    return { database: openPostgres({ url, max: 2 }), description: where, embedded: false, release: () => {} };
  }
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const pgliteDir = path.join(dataDir, "pglite");
  if (command === "backup" && !fs.existsSync(pgliteDir)) {
    throw new BackupError(
      `There is no embedded database in ${dataDir}. Set DATA_DIR to its directory, or DATABASE_URL for PostgreSQL.`,
    );
  }
  let release: () => void;
  try {
    release = await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `${error.message}\nStop the server first: db:${command} needs the embedded database alone.`,
      );
    }
    throw error;
  }
  try {
    const database = await openPglite(pgliteDir);
    return { database, description: `the embedded database (PGlite) in ${dataDir}`, embedded: true, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** What the operator must keep beside a backup: the keys, which are never in it. */
export function encryptionNote(command: "backup" | "restore", embedded: boolean, env = process.env): string {
  const generated = embedded && (!env.DATA_ENCRYPTION_KEY || !env.AUTH_SECRET);
  const keys = !generated
    ? "Use the same DATA_ENCRYPTION_KEY (every id:key pair still in use) and AUTH_SECRET wherever it is restored."
    : command === "backup"
      ? "Here they were generated into DATA_DIR/secrets.json (DATA_ENCRYPTION_KEY and AUTH_SECRET unset): keep that file."
      : "DATA_ENCRYPTION_KEY or AUTH_SECRET is unset: copy DATA_DIR/secrets.json from the backed-up data directory into this one before starting the server, or set both.";
  return (
    "Sealed columns (journals, integration sessions, medical records, application health answers, companion chats " +
    "and insights, facilitator shares) are copied as they are, still encrypted, and staff two-factor secrets stay " +
    `encrypted with AUTH_SECRET. ${keys} The keys are never in a backup: keep them apart from the backups.`
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function tableReport(tables: BackupTable[]): string {
  const width = Math.max(...tables.map((t) => t.name.length), 5);
  return [...tables]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => `  ${t.name.padEnd(width)}  ${String(t.rows).padStart(8)}`)
    .join("\n");
}
