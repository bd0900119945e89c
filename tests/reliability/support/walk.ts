import fs from "node:fs";
import path from "node:path";

/** The operator's documents: the test runs what they say, not a copy of it. */
export const DEPLOYMENT_DOC = path.resolve("docs/deployment.md");
export const SERVICE_UNIT = path.resolve("deploy/systemd/sacredpath@.service");

/** The lines of the fenced block that follows `<!-- walk: name -->` in docs/deployment.md. */
export function walkBlock(name: string): string[] {
  const doc = fs.readFileSync(DEPLOYMENT_DOC, "utf8");
  const marker = `<!-- walk: ${name} -->`;
  const at = doc.indexOf(marker);
  if (at < 0) throw new Error(`docs/deployment.md has no block marked ${marker}`);
  // The block may be indented (inside a list item): its fences and lines then carry the same indent.
  const block = doc.slice(at + marker.length).match(/^\s*```\w*\n([\s\S]*?)\n[ \t]*```/);
  if (!block?.[1]) throw new Error(`${marker} is not followed by a fenced block`);
  return block[1]
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Where the documents' host paths and addresses are in this test. */
export interface Host {
  dir: string;
  envFile: string;
  databaseUrl: string;
  /** What stands for `<this repository>`: the git remote the checkout is cloned from. */
  remote?: string;
}

/**
 * A documented command as the test runs it: the host's paths, database and repository replaced,
 * `sudo -u sacred` dropped (the test is the app's user). Lines that only root on a real host can run
 * (`sudo …`, `systemctl`) are left to the caller, which says what stands for them (`byRoot`).
 */
export function onHost(line: string, host: Host): string {
  return line
    .replace(/^sudo -u sacred (?:-H )?/, "")
    .replaceAll("<this repository>", host.remote ?? "<this repository>")
    .replaceAll("/srv/sacred", host.dir)
    .replaceAll("/etc/sacred/env", host.envFile)
    .replaceAll("postgres://sacred:<password>@127.0.0.1:5432/sacred", host.databaseUrl);
}

/** A line only root runs (`sudo …`, but not `sudo -u sacred …`, which the test runs as itself). */
export function byRoot(line: string): boolean {
  return line.startsWith("sudo ") && !/^sudo -u sacred /.test(line);
}

/** The settings file of the walk with the test's own values for the ones that name this host or a secret. */
export function settingsFile(values: Record<string, string | null>): string {
  const lines = walkBlock("env").map((line) => {
    const key = line.match(/^([A-Z_]+)=/)?.[1];
    if (!key || !(key in values)) return line;
    const value = values[key];
    return value === null ? `# ${key} left out by the test` : `${key}=${value}`;
  });
  const placeholders = lines.filter((line) => !line.startsWith("#") && /<[^>@]+>/.test(line));
  if (placeholders.length > 0) throw new Error(`settings with placeholders the test did not fill: ${placeholders}`);
  return `${lines.join("\n")}\n`;
}

/** The unit's ExecStart as a command line for instance `port`, with the host's paths. */
export function serviceCommand(host: Host, port: number): { command: string; cwd: string; port: string } {
  const unit = fs.readFileSync(SERVICE_UNIT, "utf8");
  const setting = (name: string) => {
    const value = unit.match(new RegExp(`^${name}=(.+)$`, "m"))?.[1];
    if (!value) throw new Error(`${SERVICE_UNIT} has no ${name}`);
    return value.replaceAll("%i", String(port));
  };
  return {
    command: onHost(setting("ExecStart"), host).replace(/^\/usr\/bin\/node /, `${process.execPath} `),
    cwd: onHost(setting("WorkingDirectory"), host),
    port: setting("Environment").replace(/^PORT=/, ""),
  };
}
