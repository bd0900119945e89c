/**
 * Each module under app/modules says in its README what lives there (the opening paragraph) and who may import it
 * (an "Imported by:" line): the areas of the app and the other modules, or "any" module for the ones every domain
 * leans on (accounts, audit, mail, care). An import the README does not allow fails here, so a new seam between
 * modules is a decision written down, not an accident.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/imports";
import { moduleImporters } from "../support/module-importers";

const MODULES = fs
  .readdirSync(path.join(ROOT, "app/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function allowed(name: string): { areas: Set<string>; modules: Set<string> | "any" } | null {
  const readme = path.join(ROOT, "app/modules", name, "README.md");
  if (!fs.existsSync(readme)) return null;
  const line = /^Imported by: (.*)\.$/m.exec(fs.readFileSync(readme, "utf8"))?.[1];
  if (line === undefined) return null;
  const [areas = "", modules = ""] = line.split("; modules: ");
  return {
    areas: new Set(areas.split(", ").filter((a) => a && a !== "nothing yet")),
    modules: modules === "any" ? "any" : new Set(modules.split(", ").filter(Boolean)),
  };
}

describe("module READMEs", () => {
  const importers = moduleImporters();

  it("every module has a README that opens with what lives there and who may import it", () => {
    const missing = MODULES.filter((name) => allowed(name) === null);
    expect(missing).toEqual([]);
  });

  it("no module is imported from where its README does not allow", () => {
    const wrong: string[] = [];
    for (const [name, { areas, modules }] of importers) {
      const rule = allowed(name);
      if (!rule) continue;
      for (const area of areas) if (!rule.areas.has(area)) wrong.push(`${name} is imported by ${area}`);
      if (rule.modules === "any") continue;
      for (const other of modules) if (!rule.modules.has(other)) wrong.push(`${name} is imported by modules/${other}`);
    }
    expect(wrong).toEqual([]);
  });

  it("sees the imports it judges (the check itself works)", () => {
    expect(importers.get("accounts")?.areas.has("routes")).toBe(true);
    expect(importers.get("intake")?.modules.has("console")).toBe(true);
  });
});
