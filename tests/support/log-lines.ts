import { expect } from "vitest";

/** pino's numeric levels, as production log lines carry them. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * Every non-empty line of a production process's output as a JSON log line with a level and a msg;
 * fails naming the first line that is not one (plain text would break a log collector).
 */
export function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new Error(`not a JSON log line: ${line.slice(0, 200)}`);
      }
      expect(parsed, `a log line with a level and a msg: ${line.slice(0, 200)}`).toMatchObject({
        level: expect.any(Number),
        msg: expect.any(String),
      });
      return parsed as LogLine;
    });
}

/** A refused production start's stderr: exactly one fatal JSON line; its message. */
export function refusal(stderr: string): string {
  const lines = logLines(stderr);
  expect(lines.map((line) => line.level)).toEqual([LEVEL.fatal]);
  return (lines[0] as LogLine).msg;
}
