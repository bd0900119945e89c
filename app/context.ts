import { createContext, type RouterContext } from "react-router";
import type { AppContext } from "./handles";
import type { Viewer } from "./modules/accounts/session.server";

/*
 * What a request carries into loaders, actions and middleware: React Router's typed context
 * (`future.v8_middleware`; docs/decisions/010-router-context-and-guards.md). A route reads it as
 *
 *   export async function loader({ request, context }: Route.LoaderArgs) {
 *     const handles = context.get(appContext);   // db, env, logger, requestId, clientIp
 *     const viewer = context.get(viewerContext);  // under the member and console layouts only
 *
 * and hands modules plain objects (`handles`, `handles.db`, `viewer`): no module depends on
 * React Router's context.
 */

const APP_CONTEXT = Symbol.for("sacred-congregation.app-context");

function sharedAppContext(): RouterContext<AppContext> {
  const registry = globalThis as { [APP_CONTEXT]?: RouterContext<AppContext> };
  registry[APP_CONTEXT] ??= createContext<AppContext>();
  return registry[APP_CONTEXT];
}

/**
 * Set for every request before any middleware runs. The server and the app are bundled apart
 * (scripts/build.mjs; Vite's module graph in development), so each has its own copy of
 * this file, and React Router finds a context by identity: both copies take the one registered
 * under a global symbol. Marked pure, as `viewerContext` is, so the browser's bundles (where
 * only loaders, gone from them, read these) leave both out.
 */
export const appContext: RouterContext<AppContext> = /* @__PURE__ */ sharedAppContext();

/**
 * The signed-in person, set by the member area's and the console's layout middleware before any
 * loader or action under them runs (the console's only for staff past the second factor). Read it
 * only under those layouts: elsewhere it is never set, and reading it throws. Outside them,
 * `getViewer` (modules/accounts/session.server.ts) answers who is asking, or null.
 */
export const viewerContext = /* @__PURE__ */ createContext<Viewer>();
