// Puts a finished build (in a staging directory) in place under build/ without breaking the
// processes that still serve the previous one: an upgrade builds while the old version answers,
// and during a rolling restart old and new instances answer side by side.
//
// - Hashed files (anything under an `assets/` directory) are only added, never rewritten: a page
//   sent by the old version keeps finding its scripts and styles, and the old server keeps finding
//   the chunks it imports lazily.
// - Every other file (build/server/index.js, build/server-main.js, icons, share images) is replaced
//   by a rename, so a reader sees the old file or the new one, never half of one.
// - build/releases.json lists the files of the last few releases; files that none of them holds
//   are removed, so the directory does not grow without end.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Releases whose files are kept: this one, the one still running during the upgrade, and one more for a retried upgrade. */
export const KEPT_RELEASES = 3;
const LEDGER = "releases.json";

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function listFiles(dir, prefix = "") {
  if (!fs.existsSync(dir)) return [];
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(path.join(dir, entry.name), relative));
    else files.push(relative);
  }
  return files;
}

/**
 * The commit a build is made from: `git rev-parse HEAD` in a git checkout, else SOURCE_COMMIT (a
 * Docker build has no .git: `docker build --build-arg SOURCE_COMMIT=$(git rev-parse HEAD)`), else
 * "unknown".
 */
export function sourceCommit({ cwd = process.cwd(), env = process.env } = {}) {
  const git = spawnSync("git", ["rev-parse", "--verify", "HEAD"], { cwd, encoding: "utf8", stdio: "pipe" });
  const head = git.status === 0 ? git.stdout.trim() : "";
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const given = (env.SOURCE_COMMIT ?? "").trim();
  return given === "" ? "unknown" : given;
}

const isHashed = (file) => file.split("/").includes("assets");

function readLedger(buildDir) {
  const file = path.join(buildDir, LEDGER);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  // A build/ made before releases were recorded: its files count as the previous release.
  const existing = listFiles(buildDir);
  return existing.length > 0 ? [{ version: "unrecorded", commit: "unknown", builtAt: null, files: existing }] : [];
}

function writeAtomically(target, write) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  write(temporary);
  fs.renameSync(temporary, target);
}

/**
 * Moves the build in `stagingDir` into `buildDir` and prunes what no kept release needs.
 * Returns what changed, for the build's last line.
 */
export function installRelease({
  stagingDir,
  buildDir,
  version,
  commit = "unknown",
  builtAt = new Date().toISOString(),
}) {
  const files = listFiles(stagingDir)
    .filter((file) => file !== LEDGER)
    .sort();
  const recorded = readLedger(buildDir); // read before this release's files arrive
  let added = 0;
  for (const file of files) {
    const from = path.join(stagingDir, file);
    const to = path.join(buildDir, file);
    if (isHashed(file) && fs.existsSync(to)) continue; // same name, same content
    writeAtomically(to, (temporary) => fs.copyFileSync(from, temporary));
    added += 1;
  }

  const sameFiles = (release) => release.files.length === files.length && release.files.every((f, i) => f === files[i]);
  const previous = recorded.filter((release) => !sameFiles(release));
  const releases = [{ version, commit, builtAt, files }, ...previous].slice(0, KEPT_RELEASES);
  writeAtomically(path.join(buildDir, LEDGER), (temporary) =>
    fs.writeFileSync(temporary, `${JSON.stringify(releases, null, 2)}\n`),
  );

  const kept = new Set(releases.flatMap((release) => release.files));
  let removed = 0;
  for (const file of listFiles(buildDir)) {
    if (file === LEDGER || kept.has(file)) continue;
    fs.rmSync(path.join(buildDir, file));
    removed += 1;
  }
  return { added, removed, releases: releases.length };
}
