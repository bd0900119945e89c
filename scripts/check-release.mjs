// npm run check:release (CI, after lint): every migration belongs to a release that says so.
//
// - package.json's version is semver, package-lock.json says the same, and CHANGELOG.md's newest
//   version section is that version. Sections are `## X.Y.Z — YYYY-MM-DD`, newest first, with at
//   most one `## Unreleased` above them (changes without a migration, not yet given a version).
// - db/migration-releases.json records each release that brought migrations and its last one
//   ("2.0.0": "0031_conversations_bounded"), oldest first. It only grows: a released line never
//   changes. The newest migration of db/migrations/meta/_journal.json must be recorded there, so a
//   new migration fails here until package.json's version moves, a CHANGELOG section for that
//   version names it, and this file records it.
// - Each release's CHANGELOG section names each of its migrations by number (`0032` or
//   `0032_name`), or within a range (`0000_init` to `0023_...`).
// `--root <dir>` checks another checkout (the tests use a copy).
import fs from "node:fs";
import path from "node:path";

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const VERSION_HEADING = /^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$/;

const rootArg = process.argv.indexOf("--root");
const root = path.resolve(rootArg >= 0 ? (process.argv[rootArg + 1] ?? ".") : ".");
const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
const readJson = (file) => JSON.parse(read(file));

const compare = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};
const numberOf = (tag) => Number(tag.slice(0, 4));

const problems = [];
const fail = (message) => problems.push(message);

const { version } = readJson("package.json");
if (!SEMVER.test(version ?? "")) fail(`package.json's version "${version}" is not a semver version (X.Y.Z).`);
const lock = readJson("package-lock.json");
for (const [where, value] of [
  ["its top", lock.version],
  ['packages[""]', lock.packages?.[""]?.version],
]) {
  if (value !== version) fail(`package-lock.json says ${value} at ${where}, package.json ${version}: run npm install.`);
}

// CHANGELOG.md: its sections, in order, with their text.
const sections = [];
let current = null;
for (const [i, line] of read("CHANGELOG.md").split("\n").entries()) {
  if (line.startsWith("## ")) {
    const heading = VERSION_HEADING.exec(line);
    if (line === "## Unreleased") {
      if (sections.length > 0) fail(`CHANGELOG.md line ${i + 1}: "## Unreleased" must come before every version.`);
      current = { version: null, line: i + 1, text: "" };
    } else if (heading) {
      current = { version: heading[1], date: heading[2], line: i + 1, text: "" };
      if (!SEMVER.test(heading[1]) || Number.isNaN(Date.parse(heading[2]))) {
        fail(`CHANGELOG.md line ${i + 1}: "${line}" is not a version and a date.`);
      }
    } else {
      fail(`CHANGELOG.md line ${i + 1}: "${line}" is neither "## Unreleased" nor "## X.Y.Z — YYYY-MM-DD".`);
      current = null;
      continue;
    }
    sections.push(current);
  } else if (current) {
    current.text += `${line}\n`;
  }
}
const released = sections.filter((s) => s.version);
for (const [i, section] of released.entries()) {
  const older = released[i + 1];
  if (older && compare(section.version, older.version) <= 0) {
    fail(`CHANGELOG.md: ${section.version} (line ${section.line}) must be newer than ${older.version}, below it.`);
  }
}
if (released[0]?.version !== version) {
  fail(
    `CHANGELOG.md's newest version is ${released[0]?.version ?? "missing"}, package.json's ${version}: ` +
      `add a section "## ${version} — ${new Date().toISOString().slice(0, 10)}" saying what it brings.`,
  );
}
const sectionOf = new Map(released.map((s) => [s.version, s]));

/** Migration numbers a section names: one by one, or as ranges ("0000_init` to `0023_x", "0024–0031"). */
function namedIn(text) {
  const named = new Set();
  for (const m of text.matchAll(/\b(\d{4})(?:_\w+)?`?\s*(?:to|–|-)\s*`?(\d{4})(?:_\w+)?\b/g)) {
    for (let n = Number(m[1]); n <= Number(m[2]); n++) named.add(n);
  }
  for (const m of text.matchAll(/\b(\d{4})(?:_\w+)?\b/g)) named.add(Number(m[1]));
  return named;
}

// The migrations and the releases that brought them.
const tags = readJson("db/migrations/meta/_journal.json").entries.map((entry) => entry.tag);
const recorded = Object.entries(readJson("db/migration-releases.json"));
let previous = null;
for (const [release, last] of recorded) {
  const at = tags.indexOf(last);
  if (!SEMVER.test(release)) fail(`db/migration-releases.json: "${release}" is not a version.`);
  if (at < 0) fail(`db/migration-releases.json: ${release}'s last migration ${last} is not in the journal.`);
  if (previous && (compare(release, previous.release) <= 0 || at <= previous.at)) {
    fail(`db/migration-releases.json: ${release} (${last}) must come after ${previous.release} (${previous.last}).`);
  }
  if (SEMVER.test(release) && SEMVER.test(version) && compare(release, version) > 0) {
    fail(`db/migration-releases.json records ${release}, newer than package.json's ${version}.`);
  }
  const section = sectionOf.get(release);
  if (!section) fail(`db/migration-releases.json records ${release}; CHANGELOG.md has no "## ${release} — <date>".`);
  const first = previous ? previous.at + 1 : 0;
  const named = section ? namedIn(section.text) : new Set();
  for (const tag of at >= 0 ? tags.slice(first, at + 1) : []) {
    if (section && !named.has(numberOf(tag))) {
      fail(
        `CHANGELOG.md's section ${release} (line ${section.line}) does not name migration ${tag}, which ${release} brings.`,
      );
    }
  }
  previous = { release, last, at };
}

const unreleased = tags.slice(previous ? previous.at + 1 : 0);
if (unreleased.length > 0) {
  const next = SEMVER.test(version) && previous && compare(version, previous.release) > 0 ? version : "a new version";
  fail(
    `Migration ${unreleased.join(", ")} ${unreleased.length === 1 ? "is" : "are"} in no release. ` +
      `A migration needs a version of its own: move package.json's version (now ${version}; ` +
      "a migration that is not additive moves the first number, else the second), add a CHANGELOG.md section " +
      `for ${next} that names ${unreleased.length === 1 ? "it" : "them"}, and record ` +
      `"<that version>": "${unreleased.at(-1)}" last in db/migration-releases.json.`,
  );
}

if (problems.length > 0) {
  process.stderr.write(`check:release failed:\n${problems.map((p) => `- ${p}`).join("\n")}\n`);
  process.exit(1);
}
process.stdout.write(
  `check:release: ${version}, ${tags.length} migrations in ${recorded.length} releases (newest ${tags.at(-1)} in ${previous?.release}).\n`,
);
