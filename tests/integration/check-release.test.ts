// npm run check:release (scripts/check-release.mjs), run by CI after lint: a migration added without
// a version of its own (package.json, a CHANGELOG section naming it, db/migration-releases.json)
// fails the build, saying what to do; with all three it passes. Run on a copy of the files it reads.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runCommand } from "../support/run-command";

const FILES = [
  "package.json",
  "package-lock.json",
  "CHANGELOG.md",
  "db/migration-releases.json",
  "db/migrations/meta/_journal.json",
];
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-check-release-"));
  for (const file of FILES) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(file, path.join(root, file));
  }
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const check = () => runCommand("node", ["scripts/check-release.mjs", "--root", root], process.env);
const edit = (file: string, change: (text: string) => string) =>
  fs.writeFileSync(path.join(root, file), change(fs.readFileSync(path.join(root, file), "utf8")));
const editJson = (file: string, change: (value: Record<string, unknown>) => void) =>
  edit(file, (text) => {
    const value = JSON.parse(text);
    change(value);
    return `${JSON.stringify(value, null, 2)}\n`;
  });

const version = JSON.parse(fs.readFileSync("package.json", "utf8")).version as string;
const [major, minor] = version.split(".").map(Number);
const next = `${major}.${(minor ?? 0) + 1}.0`;
const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8"));
const lastEntry = journal.entries.at(-1);
const newNumber = String(Number(lastEntry.tag.slice(0, 4)) + 1).padStart(4, "0");
const newTag = `${newNumber}_a_new_table`;

function addMigration() {
  editJson("db/migrations/meta/_journal.json", (j) => {
    (j.entries as unknown[]).push({ ...lastEntry, idx: lastEntry.idx + 1, when: lastEntry.when + 1000, tag: newTag });
  });
}
function bumpVersion(to: string) {
  editJson("package.json", (p) => {
    p.version = to;
  });
  editJson("package-lock.json", (l) => {
    l.version = to;
    const packages = l.packages as Record<string, { version: string }>;
    packages[""] = { ...packages[""], version: to };
  });
}
function addSection(text: string) {
  edit("CHANGELOG.md", (c) => c.replace(/^## /m, `## ${next} — 2026-12-01\n\n${text}\n\n## `));
}

it("passes on the repository as committed", async () => {
  const result = await check();
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  expect(result.stdout).toContain(`check:release: ${version}`);
});

it("fails on a new migration without a version bump, a CHANGELOG line and a record, then passes with all three", async () => {
  addMigration();
  const bare = await check();
  expect(bare.status).toBe(1);
  expect(bare.stderr).toContain(`Migration ${newTag} is in no release`);
  expect(bare.stderr).toContain(`move package.json's version (now ${version}`);

  // A version bump and a record, but no CHANGELOG section: still refused, saying so.
  bumpVersion(next);
  editJson("db/migration-releases.json", (m) => {
    m[next] = newTag;
  });
  const noSection = await check();
  expect(noSection.status).toBe(1);
  expect(noSection.stderr).toContain(`CHANGELOG.md's newest version is ${version}, package.json's ${next}`);
  expect(noSection.stderr).toContain(`CHANGELOG.md has no "## ${next} — <date>"`);

  // A section that does not name the migration.
  addSection("- A new table.");
  const unnamed = await check();
  expect(unnamed.status).toBe(1);
  expect(unnamed.stderr).toContain(`does not name migration ${newTag}, which ${next} brings`);

  edit("CHANGELOG.md", (c) => c.replace("- A new table.", `- **Migration ${newNumber} (additive):** a new table.`));
  const done = await check();
  expect(done.stderr).toBe("");
  expect(done.status).toBe(0);
  expect(done.stdout).toContain(`newest ${newTag} in ${next}`);
});

it("fails when the migration is only recorded under the released version, without a bump", async () => {
  addMigration();
  editJson("db/migration-releases.json", (m) => {
    m[version] = newTag;
  });
  const result = await check();
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`does not name migration ${newTag}, which ${version} brings`);
});

it("fails on a heading that is not a version and a date, and on a lockfile that says another version", async () => {
  edit("CHANGELOG.md", (c) => c.replace(/^## (\d+\.\d+\.\d+) — /m, "## $1 ("));
  editJson("package-lock.json", (l) => {
    l.version = "0.0.1";
  });
  const result = await check();
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('is neither "## Unreleased" nor "## X.Y.Z — YYYY-MM-DD"');
  expect(result.stderr).toContain(`package-lock.json says 0.0.1 at its top, package.json ${version}`);
});
