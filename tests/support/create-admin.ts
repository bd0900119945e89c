import { randomBytes } from "node:crypto";
import pg from "pg";
import { type CommandResult, runCommand } from "./run-command";

export type { CommandResult };

/** Runs `npm run create-admin -- ...args` as an operator would, in an environment of exactly `env` (plus PATH). */
export function runCreateAdmin(args: string[], env: Record<string, string>): Promise<CommandResult> {
  return runCommand("npm", ["run", "--silent", "create-admin", "--", ...args], {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...env,
  });
}

/** The setup links in the command's output: there must be exactly one. */
export function printedLink(stdout: string): string {
  const links = stdout.match(/https?:\/\/\S+\/welcome\/[A-Za-z0-9_-]+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one setup link, got ${links.length}:\n${stdout}`);
  return links[0] as string;
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server, as a fresh install has; dropped by `drop`. */
export async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `sacred_admin_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
