import { files, importsOf, isTest, sourceFiles } from "./imports";

/**
 * Who imports each module under app/modules: the areas (routes, components, forms, lib, server, scripts, db, a
 * file of app/ by its path) and the other modules, by name. db/schema.ts gathers every module's tables for
 * drizzle-kit and depends on none of them, so it is left out.
 */
export function moduleImporters(): Map<string, { areas: Set<string>; modules: Set<string> }> {
  const found = new Map<string, { areas: Set<string>; modules: Set<string> }>();
  for (const file of [...files, ...sourceFiles("scripts")]) {
    if (isTest(file) || file === "db/schema.ts") continue;
    const own = /^app\/modules\/([^/]+)\//.exec(file)?.[1];
    for (const target of importsOf(file)) {
      const name = /^app\/modules\/([^/]+)\//.exec(target)?.[1];
      if (!name || name === own) continue;
      const entry = found.get(name) ?? { areas: new Set<string>(), modules: new Set<string>() };
      if (own) entry.modules.add(own);
      else entry.areas.add(/^app\/(routes|components|forms|lib|content)\//.exec(file)?.[1] ?? areaOf(file));
      found.set(name, entry);
    }
  }
  return found;
}

function areaOf(file: string): string {
  const top = file.split("/")[0] ?? file;
  return top === "app" ? file : top;
}
