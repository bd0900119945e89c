import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run create-admin -- ...args` as an operator would, in an environment of exactly `env` (plus PATH). */
export function runCreateAdmin(args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "create-admin", "--", ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
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
