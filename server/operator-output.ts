import { format } from "node:util";
import type { Logger } from "pino";
import { createExitLogger } from "./logger";

/**
 * What the server says to the person or program running it: the serving line, warnings, and the
 * reason it refuses to start. In production (NODE_ENV=production) every one is a JSON log line, so
 * a log collector parses the whole output; elsewhere it is the friendly plain text a terminal shows.
 */

/** A line said with the serving line: below it in a terminal, a log line of its own in production. */
export interface ServingNote {
  level: "info" | "warn";
  message: string;
  fields?: Record<string, unknown>;
}

export interface Listening {
  /** The address to open, e.g. http://localhost:3000. */
  url: string;
  /** The address the socket is bound to, e.g. 0.0.0.0. */
  listening: string;
  /** "this machine only" or "reachable from other machines". */
  reach: string;
}

/**
 * Says why the process cannot go on and exits with status 1. Written whatever LOG_LEVEL says (it is
 * the one line telling why the process stopped), on stderr, and usable before the settings are read:
 * production is NODE_ENV=production, as parseEnv reads it.
 */
export function refuse(message: string, production = process.env.NODE_ENV === "production"): never {
  if (production) createExitLogger().fatal(message);
  else process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

export interface OperatorOutput {
  /** A warning: a log line, and in a terminal also "WARNING: …" on stderr. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** The serving line, with its notes, and outside production `afterwards` (the development notice). */
  serving(where: Listening, notes: ServingNote[], afterwards?: string): void;
}

export function operatorOutput(production: boolean, logger: Logger): OperatorOutput {
  if (production) routeStrayOutput(logger);
  return {
    warn(message, fields = {}) {
      logger.warn(fields, message);
      if (!production) process.stderr.write(`\nWARNING: ${message}\n`);
    },
    serving({ url, listening, reach }, notes, afterwards = "") {
      const line = `Sacred Path Congregation is serving on ${url} (listening on ${listening}: ${reach})`;
      if (production) {
        logger.info({ url, listening, reach }, line);
        for (const note of notes) logger[note.level](note.fields ?? {}, note.message);
        return;
      }
      const said = notes.map((note) => `\n${note.level === "warn" ? "WARNING: " : ""}${note.message}`).join("");
      process.stdout.write(`\n${line}${said}\n\n${afterwards}`);
    },
  };
}

/**
 * In production, what libraries print (console.*), Node's process warnings and a crash become log
 * lines too, so that no plain-text line reaches the collector.
 */
function routeStrayOutput(logger: Logger): void {
  const levels = { log: "info", info: "info", debug: "debug", warn: "warn", error: "error" } as const;
  for (const [method, level] of Object.entries(levels)) {
    console[method as keyof typeof levels] = (...args: unknown[]) => logger[level](format(...args));
  }
  // Node prints its warnings through its own listener; this one replaces it.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => logger.warn({ warning: warning.name }, warning.message));
  const crash = (error: unknown) =>
    refuse(`Crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, true);
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
}
