import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * The seams between modules, read from the import statements of every source file under app/,
 * server/ and db/ (type-only imports too: they tie modules together as much as any other).
 * A module is a folder under app/modules or app/components, or app/lib, app/content, app/routes;
 * a file directly in app/, app/modules, server/ or db/ stands alone.
 */

export const ROOT = path.resolve(import.meta.dirname, "../..");
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return rel === "db/migrations" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

export const files = ["app", "server", "db"].flatMap(sourceFiles);
export const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/**
 * Where an import lands, for relative and `~/` imports; packages, Node's modules and React Router's
 * generated route types (`./+types/…`) are not ours.
 */
export function resolveImport(from: string, raw: string): string | null {
  const specifier = raw.replace(/\?.*$/, "");
  if (specifier.includes("/+types/")) return null;
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.statSync(path.join(ROOT, candidate), { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve "${specifier}"`);
}

/** Static imports, re-exports and dynamic import() of one file. */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), "utf8"), true, true);
  return info.importedFiles.map((i) => resolveImport(file, i.fileName)).filter((f): f is string => f !== null);
}

/** Every import of one file: packages by name, our own files resolved (as importsOf). */
export function packagesAndFiles(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), "utf8"), true, true);
  return info.importedFiles.map((i) => resolveImport(file, i.fileName) ?? i.fileName);
}

export function moduleOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "app" && parts.length > 2) {
    if ((parts[1] === "modules" || parts[1] === "components") && parts.length > 3) return parts.slice(0, 3).join("/");
    if (parts[1] !== "modules" && parts[1] !== "components") return parts.slice(0, 2).join("/");
  }
  return file.replace(/\.tsx?$/, "");
}
