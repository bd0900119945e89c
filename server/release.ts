import fs from "node:fs";
import path from "node:path";
import { sourceCommit } from "../scripts/lib/release.mjs";

export interface Release {
  version: string;
  /** The git commit it was built from (build/releases.json), or "unknown" (a build without git nor SOURCE_COMMIT). */
  commit: string;
  /** When `npm run build` made it; null for a development server, which builds nothing. */
  builtAt: string | null;
}

/**
 * The release this process runs: the newest entry of build/releases.json, written by `npm run
 * build` (scripts/lib/release.mjs) and read once at start, so that during a rolling upgrade each
 * instance says which version and commit it is (the `settings` log line, /healthz and every
 * backup). A development server (`built: false`) runs the sources, so it says package.json's
 * version and the checkout's commit.
 */
export function runningRelease({ built = true, cwd = process.cwd() } = {}): Release {
  const ledger = path.join(cwd, "build", "releases.json");
  if (built && fs.existsSync(ledger)) {
    const [newest] = JSON.parse(fs.readFileSync(ledger, "utf8")) as Array<Partial<Release>>;
    // A ledger written before commits were recorded has none.
    if (newest?.version)
      return { version: newest.version, commit: newest.commit ?? "unknown", builtAt: newest.builtAt ?? null };
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8")) as { version: string };
  return { version, commit: sourceCommit({ cwd }), builtAt: null };
}
