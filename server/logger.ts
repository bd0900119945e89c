import pino, { type Logger } from "pino";

export { loggablePath } from "../app/lib/loggable-path";

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Belt and braces: these keys never reach a log line even if passed by mistake.
    redact: {
      paths: ["password", "*.password", "token", "*.token", "cookie", "*.cookie", "authorization", "*.authorization"],
      censor: "[redacted]",
    },
  });
}
