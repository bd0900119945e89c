// npm run db:backup -- <file>: writes a consistent, portable backup (gzipped JSON lines) of the
// configured database: DATABASE_URL, else the embedded one in DATA_DIR (./data; stop the server
// first). Restore it with `npm run db:restore -- <file>`. See docs/deployment.md, "Backups".
import {
  backupDatabase,
  describeLevel,
  describeMaker,
  encryptionNote,
  formatBytes,
  openConfiguredDatabase,
  tableReport,
} from "./lib/backup";
import { runFileCommand } from "./lib/file-command";

const USAGE = `Usage: npm run db:backup -- <file>
  e.g. npm run db:backup -- backups/sacred-$(date -u +%Y%m%dT%H%M%SZ).jsonl.gz
Backs up DATABASE_URL (PostgreSQL) or, without it, the embedded database in DATA_DIR (default ./data;
stop the server first). The file must not exist yet; it is written with mode 0600.
`;

await runFileCommand({ usage: USAGE, refused: "Backup failed", failed: "Backup failed" }, async (file, keep) => {
  const opened = keep(await openConfiguredDatabase("backup"));
  process.stdout.write(`Backing up ${opened.description}...\n`);
  const result = await backupDatabase(opened.database, file);
  process.stdout.write(`${tableReport(result.header.tables)}\n`);
  process.stdout.write(
    `Wrote ${result.totalRows} rows of ${result.header.tables.length} tables at migration ` +
      `${describeLevel(result.header.migration)} to ${result.file} (${formatBytes(result.bytes)}), ` +
      `made by ${describeMaker(result.header)}.\n` +
      `${encryptionNote("backup", opened.embedded)}\n` +
      "The file holds personal data: store it encrypted and access-controlled.\n",
  );
});
