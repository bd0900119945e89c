// npm run db:restore -- <file>: restores a backup made by `npm run db:backup` into an EMPTY database:
// DATABASE_URL, else the embedded one in DATA_DIR (./data; stop the server first). Works across
// backends (a PGlite backup into PostgreSQL and back). See docs/deployment.md, "Backups".
import {
  assertRestorable,
  BackupError,
  describeLevel,
  encryptionNote,
  inspectBackup,
  openConfiguredDatabase,
  restoreDatabase,
  tableReport,
} from "./lib/backup";

const USAGE = `Usage: npm run db:restore -- <file>
Restores a backup made by db:backup into DATABASE_URL (PostgreSQL) or, without it, the embedded
database in DATA_DIR (default ./data; stop the server first). The target must be empty: a new
DATA_DIR or a newly created PostgreSQL database. It is migrated first, then filled in one transaction.
`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const [file, ...extra] = args;
if (!file || extra.length > 0 || file.startsWith("-")) {
  process.stderr.write(USAGE);
  process.exit(2);
}

let exitCode = 0;
let opened: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
try {
  // The whole file is checked before the target is even opened: a damaged file changes nothing.
  const inspected = await inspectBackup(file);
  assertRestorable(inspected.header);
  opened = await openConfiguredDatabase("restore");
  process.stdout.write(`Restoring ${file} into ${opened.description}...\n`);
  const result = await restoreDatabase(opened.database, file, { inspected });
  const { header } = result;
  process.stdout.write(`${tableReport(header.tables)}\n`);
  process.stdout.write(
    `Restored ${result.totalRows} rows of ${header.tables.length} tables at migration ` +
      `${describeLevel(header.migration)} from ${result.file} (taken ${header.createdAt} on ${header.source}).\n` +
      `${encryptionNote("restore", opened.embedded)}\n`,
  );
} catch (error) {
  exitCode = 1;
  process.stderr.write(
    error instanceof BackupError
      ? `Restore refused: ${error.message}\n`
      : `Restore failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
} finally {
  await opened?.database.close().catch(() => {});
  opened?.release();
}
process.exit(exitCode);
