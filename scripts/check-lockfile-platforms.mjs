// Fails when package-lock.json leaves out a platform's native binary for a package that needs one.
// npm installs only the optional platform packages the lockfile lists, so a missing entry means
// `npm install` then `npm start` breaks on that platform (macOS or Windows) while Linux works.
import { readFileSync } from "node:fs";

const PLATFORMS = [
  ["darwin", "arm64"],
  ["darwin", "x64"],
  ["win32", "x64"],
  ["linux", "x64"],
];
const packages = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")).packages;
// Node's lookup: the package's own node_modules, then each enclosing node_modules up to the root.
function resolve(from, name) {
  let dir = from;
  while (true) {
    const entry = packages[dir === "" ? `node_modules/${name}` : `${dir}/node_modules/${name}`];
    if (entry) return entry;
    if (dir === "") return undefined;
    const at = dir.lastIndexOf("node_modules/");
    dir = at <= 0 ? "" : dir.slice(0, at - 1);
  }
}
const isPlatformPackage = (name) => /(^|[-/])(darwin|win32|linux)([-/]|$)/.test(name);

const problems = [];
for (const [path, entry] of Object.entries(packages)) {
  const binaries = Object.keys(entry.optionalDependencies ?? {}).filter(isPlatformPackage);
  if (binaries.length === 0) continue;
  const locked = binaries.map((name) => resolve(path, name)).filter(Boolean);
  for (const [os, cpu] of PLATFORMS) {
    if (!locked.some((e) => e.os?.includes(os) && e.cpu?.includes(cpu))) {
      problems.push(`${path.replace(/^node_modules\//, "")}@${entry.version}: no binary for ${os}-${cpu}`);
    }
  }
}
if (problems.length > 0) {
  console.error(`package-lock.json is missing native binaries:\n  ${problems.join("\n  ")}`);
  console.error(
    "Pin a version whose binaries the registry has for every platform (see docs/architecture.md, on adding a package).",
  );
  process.exit(1);
}
console.log(`package-lock.json lists native binaries for ${PLATFORMS.map((p) => p.join("-")).join(", ")}.`);
