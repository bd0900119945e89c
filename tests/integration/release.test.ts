// How `npm run build` puts a build in place (scripts/lib/release.mjs): files of the running release
// stay, other files are swapped whole, and releases older than the kept ones are pruned.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { installRelease, KEPT_RELEASES, listFiles, sourceCommit } from "../../scripts/lib/release.mjs";
import { runningRelease } from "../../server/release";

let root: string;
let buildDir: string;

/** A staged build: its entry file names its release; its hashed files carry the release in their names. */
function stage(release: string, extraHashed: string[] = []) {
  const staging = path.join(root, `staging-${release}`);
  const files: Record<string, string> = {
    "server-main.js": `main ${release}`,
    "server/index.js": `index ${release}`,
    [`server/assets/chunk-${release}.js`]: `chunk ${release}`,
    [`client/assets/entry-${release}.js`]: `entry ${release}`,
    "client/assets/font-same.woff2": "font",
    "client/favicon.svg": `icon ${release}`,
  };
  for (const name of extraHashed) files[`client/assets/${name}`] = name;
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    fs.writeFileSync(path.join(staging, file), content);
  }
  return staging;
}

const read = (file: string) => fs.readFileSync(path.join(buildDir, file), "utf8");
const exists = (file: string) => fs.existsSync(path.join(buildDir, file));

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-release-"));
  buildDir = path.join(root, "build");
});

describe("installRelease", () => {
  it("keeps the running release's hashed files and swaps the rest for the new release's", () => {
    installRelease({ stagingDir: stage("a"), buildDir, version: "1.0.0" });
    installRelease({ stagingDir: stage("b"), buildDir, version: "1.1.0" });

    expect(read("server/index.js")).toBe("index b");
    expect(read("server-main.js")).toBe("main b");
    expect(read("client/favicon.svg")).toBe("icon b");
    // The old pages' script and the old server's lazily loaded chunk are both still there.
    expect(read("client/assets/entry-a.js")).toBe("entry a");
    expect(read("server/assets/chunk-a.js")).toBe("chunk a");
    expect(read("client/assets/entry-b.js")).toBe("entry b");
    const ledger = JSON.parse(read("releases.json"));
    expect(ledger.map((r: { version: string }) => r.version)).toEqual(["1.1.0", "1.0.0"]);
    expect(listFiles(buildDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it(`prunes the files no longer held by any of the last ${KEPT_RELEASES} releases`, () => {
    const names = ["a", "b", "c", "d"];
    for (const [i, name] of names.entries()) installRelease({ stagingDir: stage(name), buildDir, version: `1.${i}.0` });

    expect(exists("client/assets/entry-a.js")).toBe(false);
    expect(exists("server/assets/chunk-a.js")).toBe(false);
    for (const name of names.slice(-KEPT_RELEASES)) expect(exists(`client/assets/entry-${name}.js`)).toBe(true);
    // A file every release shares is kept however old the first one is.
    expect(read("client/assets/font-same.woff2")).toBe("font");
    expect(JSON.parse(read("releases.json"))).toHaveLength(KEPT_RELEASES);
  });

  it("counts the same build put in place twice as one release", () => {
    installRelease({ stagingDir: stage("a"), buildDir, version: "1.0.0" });
    installRelease({ stagingDir: stage("b"), buildDir, version: "1.1.0" });
    installRelease({ stagingDir: stage("b"), buildDir, version: "1.1.0" });
    installRelease({ stagingDir: stage("b"), buildDir, version: "1.1.0" });

    expect(JSON.parse(read("releases.json")).map((r: { version: string }) => r.version)).toEqual(["1.1.0", "1.0.0"]);
    expect(exists("client/assets/entry-a.js")).toBe(true);
  });

  it("treats a build/ from before releases were recorded as the running release", () => {
    fs.mkdirSync(path.join(buildDir, "client/assets"), { recursive: true });
    fs.writeFileSync(path.join(buildDir, "client/assets/entry-old.js"), "old");
    installRelease({ stagingDir: stage("a"), buildDir, version: "1.0.0" });
    expect(read("client/assets/entry-old.js")).toBe("old");
    expect(JSON.parse(read("releases.json")).map((r: { version: string }) => r.version)).toEqual([
      "1.0.0",
      "unrecorded",
    ]);
  });

  it("records the commit of each release, and the running release says it", () => {
    installRelease({ stagingDir: stage("a"), buildDir, version: "1.0.0" });
    installRelease({ stagingDir: stage("b"), buildDir, version: "1.1.0", commit: "c".repeat(40) });
    const ledger = JSON.parse(read("releases.json"));
    expect(ledger.map((r: { version: string; commit: string }) => [r.version, r.commit])).toEqual([
      ["1.1.0", "c".repeat(40)],
      ["1.0.0", "unknown"],
    ]);
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ version: "0.0.1" }));
    expect(runningRelease({ cwd: root })).toMatchObject({ version: "1.1.0", commit: "c".repeat(40) });
    // A ledger from before commits were recorded.
    fs.writeFileSync(
      path.join(buildDir, "releases.json"),
      JSON.stringify([{ version: "1.0.0", builtAt: null, files: [] }]),
    );
    expect(runningRelease({ cwd: root })).toEqual({ version: "1.0.0", commit: "unknown", builtAt: null });
  });
});

describe("sourceCommit", () => {
  it("is git's HEAD in a checkout, else SOURCE_COMMIT (a Docker build), else unknown", () => {
    const head = spawnSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(sourceCommit({ env: { SOURCE_COMMIT: "ignored-in-a-checkout" } })).toBe(head);
    // root is a temporary directory: no .git above it.
    expect(sourceCommit({ cwd: root, env: { SOURCE_COMMIT: " 0123abc \n" } })).toBe("0123abc");
    expect(sourceCommit({ cwd: root, env: {} })).toBe("unknown");
  });
});
