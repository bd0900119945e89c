// The shared frame of `npm run db:backup` and `npm run db:restore`: one file argument (or --help),
// the configured database opened by the work and always closed, and one line on failure with the
// exit code 1 (2 for a wrong command line).
import { BackupError, type ConfiguredDatabase } from "./backup";

interface Words {
  usage: string;
  /** What a BackupError (a refusal we explain) is called, e.g. "Restore refused". */
  refused: string;
  /** What any other error is called, e.g. "Restore failed" (with its stack: it is ours to fix). */
  failed: string;
}

export async function runFileCommand(
  words: Words,
  work: (file: string, keep: (opened: ConfiguredDatabase) => ConfiguredDatabase) => Promise<void>,
): Promise<never> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(words.usage);
    process.exit(0);
  }
  const [file, ...extra] = args;
  if (!file || extra.length > 0 || file.startsWith("-")) {
    process.stderr.write(words.usage);
    process.exit(2);
  }
  let exitCode = 0;
  let opened: ConfiguredDatabase | undefined;
  try {
    await work(file, (database) => {
      opened = database;
      return database;
    });
  } catch (error) {
    exitCode = 1;
    process.stderr.write(
      error instanceof BackupError
        ? `${words.refused}: ${error.message}\n`
        : `${words.failed}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  } finally {
    await opened?.database.close().catch(() => {});
    opened?.release();
  }
  process.exit(exitCode);
}
