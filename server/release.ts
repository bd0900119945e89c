import fs from "node:fs";
import path from "node:path";

export interface Release {
  version: string;
  /** When `npm run build` made it; null for a development server, which builds nothing. */
  builtAt: string | null;
}

/**
 * The release this process runs: the newest entry of build/releases.json, written by `npm run
 * build` (scripts/lib/release.mjs) and read once at start, so that during a rolling upgrade each
 * instance says which version it is (the `settings` log line and /healthz). A development server
 * (`built: false`) runs the sources, so it says package.json's version.
 */
export function runningRelease({ built = true, cwd = process.cwd() } = {}): Release {
  const ledger = path.join(cwd, "build", "releases.json");
  if (built && fs.existsSync(ledger)) {
    const [newest] = JSON.parse(fs.readFileSync(ledger, "utf8")) as Release[];
    if (newest) return { version: newest.version, builtAt: newest.builtAt };
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8")) as { version: string };
  return { version, builtAt: null };
}
