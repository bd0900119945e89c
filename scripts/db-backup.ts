// npm run db:backup -- <file>: writes a consistent, portable backup (gzipped JSON lines) of the
// configured database: DATABASE_URL, else the embedded one in DATA_DIR (./data; stop the server
// first). Restore it with `npm run db:restore -- <file>`. See docs/deployment.md, "Backups".
import {
  BackupError,
  backupDatabase,
  describeLevel,
  encryptionNote,
  formatBytes,
  openConfiguredDatabase,
  tableReport,
} from "./lib/backup";

const USAGE = `Usage: npm run db:backup -- <file>
  e.g. npm run db:backup -- backups/sacred-$(date -u +%Y%m%dT%H%M%SZ).jsonl.gz
Backs up DATABASE_URL (PostgreSQL) or, without it, the embedded database in DATA_DIR (default ./data;
stop the server first). The file must not exist yet; it is written with mode 0600.
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
  opened = await openConfiguredDatabase("backup");
  process.stdout.write(`Backing up ${opened.description}...\n`);
  const result = await backupDatabase(opened.database, file);
  process.stdout.write(`${tableReport(result.header.tables)}\n`);
  process.stdout.write(
    `Wrote ${result.totalRows} rows of ${result.header.tables.length} tables at migration ` +
      `${describeLevel(result.header.migration)} to ${result.file} (${formatBytes(result.bytes)}).\n` +
      `${encryptionNote("backup", opened.embedded)}\n` +
      "The file holds personal data: store it encrypted and access-controlled.\n",
  );
} catch (error) {
  exitCode = 1;
  process.stderr.write(
    error instanceof BackupError
      ? `Backup failed: ${error.message}\n`
      : `Backup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
} finally {
  await opened?.database.close().catch(() => {});
  opened?.release();
}
process.exit(exitCode);
