// Global setup of `npm run test:validators`: the validators are programs of their own, so a machine
// without one fails here at once, naming the package to install, instead of test by test.
import { spawnSync } from "node:child_process";

const TOOLS = [
  {
    command: "java",
    args: ["-version"],
    what: "Java 11 or later (the W3C Nu Html Checker)",
    install: "default-jre-headless",
  },
  { command: "qpdf", args: ["--version"], what: "qpdf (PDF structure)", install: "qpdf" },
  { command: "promtool", args: ["--version"], what: "promtool (Prometheus's metrics linter)", install: "prometheus" },
];

export default function requireTools() {
  const missing = TOOLS.filter((tool) => spawnSync(tool.command, tool.args).status !== 0);
  if (missing.length === 0) return;
  throw new Error(
    `npm run test:validators needs ${missing.map((t) => t.what).join(" and ")}, not found on PATH. Install with:\n` +
      `  sudo apt-get install -y ${missing.map((t) => t.install).join(" ")}`,
  );
}
