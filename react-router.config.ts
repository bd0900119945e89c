import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // npm run build (scripts/build.mjs) builds into a staging directory and then puts the files in
  // place, so that a running server keeps the files of its own build.
  buildDirectory: process.env.BUILD_DIRECTORY ?? "build",
  future: {
    // Adopted: React Router v8's behaviour, which the app already works with.
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // Adopted: route middleware (stable since React Router 7.9). Loaders read the server's handles
    // through a typed context (app/context.ts), and the member and console layouts guard every page,
    // data request and form post under them (docs/decisions/010-router-context-and-guards.md).
    v8_middleware: true,
    // Not yet: pass-through requests hand loaders the raw `.data` URL, which the redirects that read
    // `request.url` must first handle.
    v8_passThroughRequests: false,
    // Not yet: splitting route modules changes which chunks load first; measured with the page
    // speed work, not here.
    v8_splitRouteModules: false,
  },
} satisfies Config;
