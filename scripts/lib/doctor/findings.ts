// What every check of the doctor answers, and the helpers they share.
export type Level = "ok" | "warn" | "FAIL";
export interface Finding {
  level: Level;
  check: string;
  message: string;
}

export interface DoctorOptions {
  source: NodeJS.ProcessEnv;
  /** The backup directory (docs/deployment.md: backups/ beside the app). */
  backupDir: string;
  /** Below this many free bytes there, a warning. */
  minFreeBytes: number;
  /** The proxy's address, e.g. https://127.0.0.1: one request through it to the app. */
  through?: string;
  /** Past this many seconds between this machine's clock and another's, a warning; past 4 times it, a failure. */
  maxSkewSeconds?: number;
}

/** Another machine's clock, read from an answer: its time and when we asked and heard. */
export interface ClockReading {
  source: string;
  at: number;
  sent: number;
  received: number;
}

export const one = (message: string) => message.replace(/\s*\n\s*/g, " ").trim();
export const finding = (level: Level, check: string, message: string): Finding => ({
  level,
  check,
  message: one(message),
});

/** The Date header of an answer (one-second resolution), if any. */
export function dateHeader(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
