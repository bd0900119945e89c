import pino, { type Logger } from "pino";

export { loggablePath } from "../app/lib/loggable-path";

const options = (level: string) => ({
  level,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  // Belt and braces: these keys never reach a log line even if passed by mistake.
  redact: {
    paths: ["password", "*.password", "token", "*.token", "cookie", "*.cookie", "authorization", "*.authorization"],
    censor: "[redacted]",
  },
});

/** The process's log: one JSON object per line on stdout. */
export function createLogger(level: string): Logger {
  return pino(options(level));
}

/**
 * The same lines on stderr, written synchronously: for the last line of a process about to exit
 * (server/operator-output.ts), which must reach the terminal or collector before it does.
 */
export function createExitLogger(): Logger {
  return pino(options("fatal"), pino.destination({ dest: 2, sync: true }));
}
