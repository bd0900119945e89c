import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import routeConfig from "../../app/routes";

interface ConfigRoute {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigRoute[];
}
export interface AppRoute {
  /** The full path pattern, e.g. "/journals/:id". */
  pattern: string;
  /** React Router's route id (explicit, else the file without its extension). */
  id: string;
  hasAction: boolean;
  hasLoader: boolean;
}

/** Every addressable route of app/routes.ts with its full path (layouts add none of their own). */
function flatten(routes: ConfigRoute[], base = ""): Array<Pick<AppRoute, "pattern" | "id">> {
  return routes.flatMap((r) => {
    const full = r.path ? `${base}/${r.path}`.replace(/\/+/g, "/") : base || "/";
    const own = r.path || r.index ? [{ pattern: full, id: r.id ?? r.file.replace(/\.[jt]sx?$/, "") }] : [];
    return [...own, ...flatten(r.children ?? [], r.path ? full : base)];
  });
}

/**
 * The route list, generated from app/routes.ts, with what each route's module exports in the
 * production build (the code the tests run against), so new routes and actions are found.
 */
export async function appRoutes(): Promise<AppRoute[]> {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  return flatten(routeConfig as ConfigRoute[]).map((r) => {
    const module = build.routes[r.id]?.module;
    if (!module) throw new Error(`route ${r.id} (${r.pattern}) is not in the build: is build/ current?`);
    return { ...r, hasAction: Boolean(module.action), hasLoader: Boolean(module.loader) };
  });
}
