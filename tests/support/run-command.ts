import { spawn } from "node:child_process";

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end in an environment of exactly `env`, collecting what it prints. It has
 * no time limit of its own (the test has one): a busy machine may be slow to answer.
 */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
