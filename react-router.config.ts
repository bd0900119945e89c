import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Adopted: React Router v8's behaviour, which the app already works with.
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // Not yet: middleware replaces the load context our loaders read (`context.db`, `context.env`),
    // a move of its own (a typed router context and guarding layouts); and pass-through requests
    // hand loaders the raw `.data` URL, which the redirects that read `request.url` must first handle.
    v8_middleware: false,
    v8_passThroughRequests: false,
    // Not yet: splitting route modules changes which chunks load first; measured with the page
    // speed work, not here.
    v8_splitRouteModules: false,
  },
} satisfies Config;
