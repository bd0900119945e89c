import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/logger";
import { openTestDatabase } from "../support/database";
import { TEST_SECRETS } from "../support/secrets";

// `npm run dev` (server/main.ts --dev) hands createApp Vite's middleware: an edit must show at the
// next reload, so nothing is answered from the page cache there.
it("keeps no page cache under the dev server", async () => {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const database = await openTestDatabase("pglite");
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...TEST_SECRETS, PAGE_CACHE_SECONDS: "60" });
  const { app } = createApp({
    env,
    database,
    logger: createLogger("silent"),
    build,
    clientDir: path.resolve("build/client"),
    devMiddleware: (_req, _res, next) => next(),
  });
  const server = app.listen(0, "127.0.0.1");
  try {
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as { port: number };
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await fetch(`http://127.0.0.1:${port}/faq`));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.headers.get("x-page-cache"))).toEqual([null, null]);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  }
});
