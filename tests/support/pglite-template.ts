import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { pgliteDatabase } from "../../db/client";

/**
 * Vitest's global setup: one migrated PGlite database, dumped to a file that every test database
 * starts from (tests/support/database.ts). Starting PGlite from scratch runs initdb, which costs
 * several seconds of CPU, and then every migration; loading a dump costs a fraction of that, and a
 * run opens a few hundred databases. The file is named after the migrations and PGlite's version,
 * so a changed migration makes a new one; the database is the one `migrate()` makes either way.
 */
export default async function setup(project: TestProject): Promise<void> {
  const file = path.join(os.tmpdir(), "sacred-pglite-templates", `${templateKey()}.tar`);
  if (!fs.existsSync(file)) {
    const client = await PGlite.create();
    await pgliteDatabase(client).migrate();
    const dump = await client.dumpDataDir("none");
    await client.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: two runs at once never read half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  project.provide("pgliteTemplate", file);
}

function templateKey(): string {
  const hash = createHash("sha256");
  const folder = path.resolve("db/migrations");
  for (const name of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, name);
    if (fs.statSync(full).isFile()) hash.update(name).update(fs.readFileSync(full));
  }
  hash.update(
    JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version,
  );
  return hash.digest("hex").slice(0, 16);
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
