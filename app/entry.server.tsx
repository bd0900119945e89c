import { PassThrough } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "./context";
import { contentSecurityPolicy, inlineScriptHashes } from "./lib/csp.server";
import { deferScripts } from "./lib/defer-scripts.server";
import { safeErrorMessage } from "./lib/errors";
import { paypalCheckoutOrigin } from "./modules/payments/providers.server";
// Wires the domains to each other (payment purposes) before any request is handled.
import "./modules/registry.server";

export const streamTimeout = 5_000;

/** Renders the whole page before answering (no streaming). */
function renderToString(routerContext: EntryContext, url: string, onError: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const options: RenderToPipeableStreamOptions = {
      // The page is sent whole, so every Suspense boundary is complete when it is written: write
      // each in place. React otherwise moves a large one (over 12.8 KB) to the end of the page,
      // hidden until a script shows it, and a page read without JavaScript would never show it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString("utf8"));
        });
        sink.on("error", reject);
        pipe(sink);
      },
      onShellError: reject,
      onError,
    };
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={url} />, options);
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/**
 * Pages are rendered whole, then given a Content-Security-Policy that allows exactly their
 * inline scripts by hash. Whole pages let anonymous public pages be cached (server/page-cache.ts)
 * with a policy that stays strict and correct.
 */
/**
 * Errors thrown by loaders and actions, logged once, as our own line: React Router's default
 * would print the error with its query parameters (session tokens, form values).
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  context.get(appContext).logger.error({ err: safeErrorMessage(error) }, "request failed");
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  routerLoadContext: RouterContextProvider,
) {
  const loadContext = routerLoadContext.get(appContext);
  let status = responseStatusCode;
  const rendered = await renderToString(routerContext, request.url, (error) => {
    status = 500;
    loadContext.logger.error({ err: safeErrorMessage(error) }, "render error");
  });
  const html = deferScripts(rendered);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      scriptHashes: inlineScriptHashes(html),
      upgradeInsecure: loadContext.env.isProduction && loadContext.env.SITE_URL.startsWith("https:"),
      dev: import.meta.env.DEV,
      formTargets: loadContext.env.PAYMENT_PROVIDER === "paypal" ? [paypalCheckoutOrigin(loadContext.env)] : [],
    }),
  );
  // Pages are private unless their route declares them public (see app/lib/http.ts);
  // an answer to a form post or an error never is.
  const isRead = request.method === "GET" || request.method === "HEAD";
  if (!responseHeaders.has("Cache-Control") || status !== 200 || !isRead) {
    responseHeaders.set("Cache-Control", "private, no-store");
  }
  const body = request.method.toUpperCase() === "HEAD" ? null : html;
  return new Response(body, { status, headers: responseHeaders });
}
