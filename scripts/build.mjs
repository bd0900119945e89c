// npm run build: builds the app into a staging directory, then puts it in place under build/
// (scripts/lib/release.mjs), so that a server still running the previous build keeps every file
// its pages and its own code refer to (docs/deployment.md, "Upgrades").
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { installRelease, sourceCommit } from "./lib/release.mjs";

const STAGING = ".build-staging";
const BUILD = "build";

/** The build's own tools are development packages; an install that skipped them fails here, clearly. */
function checkTools() {
  const tools = ["@react-router/dev", "vite", "@resvg/resvg-js", "esbuild", "tsx"];
  const missing = tools.filter((tool) => !fs.existsSync(path.join("node_modules", tool, "package.json")));
  if (missing.length === 0) return;
  process.stderr.write(
    `\nnpm run build needs the development packages, and ${missing.join(", ")} ` +
      `${missing.length === 1 ? "is" : "are"} not installed.\n` +
      "This happens when npm install or npm ci runs with NODE_ENV=production (or --omit=dev). Install everything to build:\n" +
      "  npm ci --include=dev\n" +
      "then build, and keep only what the server needs to run with\n" +
      "  npm prune --omit=dev --legacy-peer-deps --no-save\n" +
      '(--no-save: the tracked package-lock.json stays as it is; docs/deployment.md, "On a plain host").\n\n',
  );
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

checkTools();
const { version } = JSON.parse(fs.readFileSync("package.json", "utf8"));
const commit = sourceCommit();
fs.rmSync(STAGING, { recursive: true, force: true });
run("npx", ["tsx", "scripts/generate-art.ts"]);
run("npx", ["react-router", "build"], { BUILD_DIRECTORY: STAGING });
// The Node server, and the operator's commands as plain Node scripts (build/scripts/*.js), so that a
// host that kept only the runtime packages (no tsx) still backs up, restores and creates admins.
// Packages stay external: they are the runtime's node_modules.
const { build } = await import("esbuild");
const bundle = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  logLevel: "warning",
};
await build({
  ...bundle,
  entryPoints: ["server/main.ts"],
  outfile: path.join(STAGING, "server-main.js"),
  sourcemap: true,
});
await build({
  ...bundle,
  entryPoints: [
    "scripts/db-backup.ts",
    "scripts/db-restore.ts",
    "scripts/create-admin.ts",
    "scripts/reset-two-factor.ts",
    "scripts/doctor.ts",
  ],
  outdir: path.join(STAGING, "scripts"),
});
const installed = installRelease({ stagingDir: STAGING, buildDir: BUILD, version, commit });
fs.rmSync(STAGING, { recursive: true, force: true });
process.stdout.write(
  `build ${version} (commit ${commit.slice(0, 12)}) in place: ${installed.added} files written, ${installed.removed} of older releases removed, ` +
    `files of the last ${installed.releases} release(s) kept\n`,
);
