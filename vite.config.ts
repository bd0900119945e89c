import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

/**
 * Build warnings that say nothing about our code, silenced by their code so that any other
 * warning still shows (a clean `npm start` prints only our lines):
 * - a `@__PURE__` comment Rollup cannot place, inside a dependency (zod) — harmless, and not ours to edit;
 * - an empty client chunk for a resource route (robots, sitemap, CSV, slots): it has no UI to ship;
 * - "dynamically imported … but also statically imported": forms load their schema lazily in the
 *   browser while the route's action imports it on the server, so the server bundle holds both.
 */
function quiet(warning: Rollup.RollupLog) {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return true;
  if (warning.code === "EMPTY_BUNDLE") return true;
  return warning.plugin === "vite:reporter" && warning.message.includes("dynamic import will not move module");
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        if (!quiet(warning)) warn(warning);
      },
    },
  },
});
