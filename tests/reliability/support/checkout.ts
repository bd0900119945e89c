import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CommandResult, runCommand } from "../../support/run-command";

export type { CommandResult };

/**
 * A checkout of this working tree (its tracked files as they are now, as `git clone` would give an
 * operator) in a new directory. `shared`: it uses this checkout's node_modules (for tests that only
 * build and run); `none`: the test installs its own, as an operator does.
 */
export function copyCheckout({ nodeModules }: { nodeModules: "shared" | "none" }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-checkout-"));
  const tracked = spawnSync("git", ["ls-files", "-z"], { encoding: "utf8" }).stdout.split("\0").filter(Boolean);
  for (const file of tracked) {
    if (!fs.existsSync(file)) continue; // deleted in the working tree
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.copyFileSync(file, path.join(dir, file));
  }
  if (nodeModules === "shared") fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
  return dir;
}

/** Runs a shell command line in `cwd` as an operator's shell would: not under the test runner's NODE_ENV=test. */
export function shell(line: string, cwd: string, env: Record<string, string> = {}): Promise<CommandResult> {
  const base = { ...process.env };
  delete base.NODE_ENV;
  return runCommand("bash", ["-c", line], { ...base, ...env }, cwd);
}

/** `npm run build` in `cwd`; throws with the output when it fails. */
export async function build(cwd: string, env: Record<string, string> = {}): Promise<void> {
  const result = await shell("npm run build", cwd, env);
  if (result.status !== 0) throw new Error(`build failed (${result.status}):\n${result.stdout}${result.stderr}`);
}
