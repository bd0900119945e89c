// The doctor's checks of this machine: the backup directory and the clock.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type ClockReading, describeError, type Finding, finding } from "./findings";

const formatBytes = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${Math.round(bytes / 2 ** 20)} MiB`;

// (6) The backup directory: there, writable (a file written and removed), free space.
export function backupFindings(dir: string, minFreeBytes: number): Finding[] {
  const shown = path.resolve(dir);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(shown);
  } catch {
    return [
      finding(
        "FAIL",
        "backups",
        `${shown} does not exist: make it as the app's user (mkdir -p ${shown}), or name another with --backup-dir <directory>`,
      ),
    ];
  }
  if (!stat.isDirectory()) {
    return [
      finding(
        "FAIL",
        "backups",
        `${shown} is not a directory: give the directory the backups go to with --backup-dir <directory>`,
      ),
    ];
  }
  const probe = path.join(shown, `.doctor-${randomBytes(6).toString("hex")}`);
  try {
    fs.writeFileSync(probe, "npm run doctor\n", { flag: "wx", mode: 0o600 });
  } catch (error) {
    return [
      finding(
        "FAIL",
        "backups",
        `${shown} is not writable by this user (${(error as NodeJS.ErrnoException).code ?? describeError(error)}): chown it to the app's user (sudo chown sacred: ${shown})`,
      ),
    ];
  } finally {
    fs.rmSync(probe, { force: true });
  }
  const space = fs.statfsSync(shown);
  const free = space.bavail * space.bsize;
  const newest = fs
    .readdirSync(shown)
    .filter((name) => name.endsWith(".jsonl.gz"))
    .map((name) => fs.statSync(path.join(shown, name)).size);
  const largest = newest.length > 0 ? Math.max(...newest) : 0;
  const wanted = Math.max(minFreeBytes, largest * 3);
  if (free < wanted) {
    return [
      finding(
        "warn",
        "backups",
        `${shown} is writable but has ${formatBytes(free)} free, under ${formatBytes(wanted)}${largest ? ` (3 times the largest backup there, ${formatBytes(largest)})` : ""}: free space or move old backups off the server`,
      ),
    ];
  }
  return [finding("ok", "backups", `${shown} is writable, ${formatBytes(free)} free`)];
}

// (7) The clock, against every other clock that answered.
export function clockFindings(readings: ClockReading[], maxSkewSeconds: number): Finding[] {
  if (readings.length === 0) {
    return [
      finding(
        "ok",
        "clock",
        `${new Date().toISOString()}; no other clock answered to compare with (PostgreSQL, PayPal, the proxy)`,
      ),
    ];
  }
  const skews = readings.map((r) => ({
    source: r.source,
    // Date headers have whole seconds: half the round trip and that second are not a skew.
    seconds: Math.abs(r.at - (r.sent + r.received) / 2) / 1000,
    slack: (r.received - r.sent) / 2000 + (r.source === "PostgreSQL" ? 0 : 1),
  }));
  const off = skews.map((s) => ({ ...s, beyond: s.seconds - s.slack })).sort((a, b) => b.beyond - a.beyond)[0];
  const said = skews.map((s) => `${s.source} ${s.seconds.toFixed(1)} s`).join(", ");
  if (off && off.beyond > maxSkewSeconds) {
    return [
      finding(
        off.beyond > maxSkewSeconds * 4 ? "FAIL" : "warn",
        "clock",
        `this machine's clock is ${Math.round(off.seconds)} s off ${off.source}'s (${said}): two-factor codes and sign-in links depend on it. Turn on time synchronisation (timedatectl set-ntp true, or chrony)`,
      ),
    ];
  }
  return [finding("ok", "clock", `within ${maxSkewSeconds} s of every other clock that answered (${said})`)];
}
