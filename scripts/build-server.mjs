// Bundles the Node server (server/main.ts and what it imports) into build/server-main.js.
// Packages stay external; the React Router app is built separately by `react-router build`.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server-main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
