/**
 * The docs say only what exists: every relative link in the README, the CHANGELOG and docs/ (module READMEs too)
 * reaches a file, and its #anchor a heading there; every `npm run X` they name is a script in package.json; every
 * path they quote in backticks exists. The README stays a front door (issue 50: under 150 lines).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(".");
const SKIP_DIRS = new Set(["node_modules", "build", ".git", ".build-staging", "data", "test-results", ".ci"]);

function markdownFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(full));
    else if (entry.name.endsWith(".md")) found.push(full);
  }
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] ?? "");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The text outside fenced code blocks (a link in an example is not a link). */
function prose(file: string): string {
  let fenced = false;
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => {
      if (line.startsWith("```")) fenced = !fenced;
      return !fenced;
    })
    .join("\n");
}

const docs = [
  path.join(ROOT, "README.md"),
  path.join(ROOT, "CHANGELOG.md"),
  ...markdownFiles(path.join(ROOT, "docs")),
  ...markdownFiles(path.join(ROOT, "app")),
  ...markdownFiles(path.join(ROOT, "tests")),
  ...markdownFiles(path.join(ROOT, "scripts")),
  ...markdownFiles(path.join(ROOT, "server")),
  ...markdownFiles(path.join(ROOT, "deploy")),
].filter((file) => fs.existsSync(file));

const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts);
const rel = (file: string) => path.relative(ROOT, file);

describe("the docs", () => {
  it("has a README under 150 lines that links every doc for operators, developers and keepers", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThan(150);
    for (const doc of ["docs/deployment.md", "docs/settings.md", "docs/development.md", "docs/architecture.md"]) {
      expect(readme).toContain(`(${doc})`);
    }
    for (const doc of ["docs/testing.md", "docs/measurements.md", "docs/features.md", "docs/keepers/README.md"]) {
      expect(readme).toContain(`(${doc})`);
    }
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of docs) {
      for (const [, target = ""] of prose(file).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [where, anchor] = target.split("#");
        const resolved = where ? path.resolve(path.dirname(file), decodeURI(where)) : file;
        if (!fs.existsSync(resolved)) {
          broken.push(`${rel(file)}: ${target} (no such file)`);
          continue;
        }
        if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) {
          broken.push(`${rel(file)}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("dates every decision record and gives its status (accepted, or superseded by the record that replaced it)", () => {
    const dir = path.join(ROOT, "docs/decisions");
    const records = fs.readdirSync(dir).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const name of records) {
      const text = fs.readFileSync(path.join(dir, name), "utf8");
      if (!/^Date: \d{4}-\d{2}-\d{2}/m.test(text)) wrong.push(`${name}: no Date: line`);
      const status = /^Status: (Accepted|Superseded by (\d{3}))/m.exec(text);
      if (!status) wrong.push(`${name}: no Status: Accepted / Superseded by NNN line`);
      else if (status[2] && !records.some((other) => other.startsWith(`${status[2]}-`))) {
        wrong.push(`${name}: superseded by ${status[2]}, which does not exist`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names only npm scripts that package.json has", () => {
    const unknown: string[] = [];
    for (const file of docs) {
      for (const [, name = ""] of fs.readFileSync(file, "utf8").matchAll(/npm run ([a-z][\w:-]*)/g)) {
        if (!scripts.includes(name)) unknown.push(`${rel(file)}: npm run ${name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("quotes only paths of the repository that exist", () => {
    const missing: string[] = [];
    const top = "app|server|scripts|tests|db|deploy|docs|assets|public";
    for (const file of docs) {
      for (const [, found = ""] of fs
        .readFileSync(file, "utf8")
        .matchAll(new RegExp(`\`((?:${top})/[^\`\\s]*)\``, "g"))) {
        const quoted = found.replace(/[:,.)]+$/, "");
        // Patterns and placeholders (app/routes/*.tsx, /console/help/:page, {order}) name no one file.
        if (/[*{}<>:]|\.\.\./.test(quoted)) continue;
        if (!fs.existsSync(path.join(ROOT, quoted))) missing.push(`${rel(file)}: ${quoted}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
