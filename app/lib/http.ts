import type { HeadersFunction } from "react-router";

/** Public pages: shared caches (and our page cache) may keep them briefly and serve stale while refreshing. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/** Route `headers` export for public reading pages. */
export const publicPageHeaders: HeadersFunction = () => ({ "Cache-Control": PUBLIC_CACHE_CONTROL });
