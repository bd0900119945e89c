// npm run db:restore -- <file>: restores a backup made by `npm run db:backup` into an EMPTY database:
// DATABASE_URL, else the embedded one in DATA_DIR (./data; stop the server first). Works across
// backends (a PGlite backup into PostgreSQL and back). See docs/deployment.md, "Backups".
import {
  assertRestorable,
  describeLevel,
  describeMaker,
  encryptionNote,
  inspectBackup,
  openConfiguredDatabase,
  restoreDatabase,
  tableReport,
} from "./lib/backup";
import { runFileCommand } from "./lib/file-command";

const USAGE = `Usage: npm run db:restore -- <file>
Restores a backup made by db:backup into DATABASE_URL (PostgreSQL) or, without it, the embedded
database in DATA_DIR (default ./data; stop the server first). The target must be empty: a new
DATA_DIR or a newly created PostgreSQL database. In one transaction it is migrated to the backup's
migration, filled, then migrated on to this version's (a backup from an older version upgrades).
`;

await runFileCommand({ usage: USAGE, refused: "Restore refused", failed: "Restore failed" }, async (file, keep) => {
  // The whole file is checked before the target is even opened: a damaged file changes nothing.
  const inspected = await inspectBackup(file);
  assertRestorable(inspected.header);
  const opened = keep(await openConfiguredDatabase("restore"));
  process.stdout.write(`Restoring ${file} into ${opened.description}...\n`);
  const result = await restoreDatabase(opened.database, file, { inspected });
  const { header } = result;
  process.stdout.write(`${tableReport(header.tables)}\n`);
  process.stdout.write(
    `Restored ${result.totalRows} rows of ${header.tables.length} tables at migration ` +
      `${describeLevel(header.migration)} from ${result.file} (taken ${header.createdAt} on ${header.source} ` +
      `by ${describeMaker(header)}).\n` +
      (result.migrated.length > 0
        ? `Then applied the ${result.migrated.length} later migration(s) of this version: ${result.migrated.join(", ")}.\n`
        : "") +
      `${encryptionNote("restore", opened.embedded)}\n`,
  );
});
