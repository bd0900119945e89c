import type { HeadersFunction } from "react-router";

/** Public pages: shared caches (and our page cache) may keep them briefly and serve stale while refreshing. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/**
 * Route `headers` export for public reading pages. After an action (a form post) the page
 * carries the action's headers (e.g. Retry-After) and is never public. A signed-in visitor's copy
 * differs (the navigation names their area), so a shared cache must key it by the cookie.
 */
export const publicPageHeaders: HeadersFunction = ({ actionHeaders }) => {
  if ([...actionHeaders.keys()].length > 0) return actionHeaders;
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, Vary: "Cookie" };
};

/** Private pages with forms: the action's headers (e.g. Retry-After on a 429) reach the response. */
export const actionHeaders: HeadersFunction = ({ actionHeaders: headers }) => headers;

/** A private page under a layout: the layout's headers (no-store), plus the action's (e.g. Retry-After on a 429). */
export const privateActionHeaders: HeadersFunction = ({ parentHeaders, actionHeaders: headers }) => {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of headers) merged.set(name, value);
  return merged;
};

/** A private page outside the layouts: never stored by anyone, plus the action's headers (e.g. Retry-After on a 429). */
export const privatePageHeaders: HeadersFunction = ({ actionHeaders: headers }) => {
  const merged = new Headers({ "Cache-Control": "private, no-store" });
  for (const [name, value] of headers) merged.set(name, value);
  return merged;
};
