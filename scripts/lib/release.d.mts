// Types for release.mjs (plain JavaScript, so that `npm run build` can check for its tools before any of them runs).
export declare const KEPT_RELEASES: number;
export declare function listFiles(dir: string, prefix?: string): string[];
export declare function installRelease(options: {
  stagingDir: string;
  buildDir: string;
  version: string;
  /** The commit it was built from (sourceCommit()); "unknown" when not given. */
  commit?: string;
  builtAt?: string;
}): { added: number; removed: number; releases: number };
export declare function sourceCommit(options?: { cwd?: string; env?: NodeJS.ProcessEnv }): string;
