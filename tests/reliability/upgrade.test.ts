// An upgrade as docs/deployment.md describes it: the new version is built in place while the old
// one serves, then started beside it (a rolling restart). No page of either version may lose a file.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { build, copyCheckout } from "./support/checkout";

const CHANGED_TEXT = "report lasting positive life changes";
const UPGRADED_TEXT = "report lasting positive life changes, and upgraded";

/** The built files a page refers to: hashed scripts, styles and fonts (in links and module imports), icons, share images. */
function filesOf(html: string): string[] {
  const hashed = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g)].map((m) => m[0]);
  const linked = [...html.matchAll(/(?:href|src)="(\/[^"?#]+\.(?:svg|png|ico|webmanifest))"/g)].map(
    (m) => m[1] as string,
  );
  return [...new Set([...hashed, ...linked])].sort();
}

async function statusesOf(app: AppProcess, files: string[]): Promise<Record<string, number>> {
  const answers = await Promise.all(files.map(async (f) => [f, (await fetch(`${app.url}${f}`)).status] as const));
  return Object.fromEntries(answers);
}

const missing = (statuses: Record<string, number>) => Object.entries(statuses).filter(([, s]) => s !== 200);

describe("an upgrade built in place while the old version serves", () => {
  let checkout: string;
  let old: AppProcess;
  let upgraded: AppProcess | undefined;

  beforeAll(async () => {
    checkout = copyCheckout({ nodeModules: "shared" });
    await build(checkout);
    old = await startAppProcess({}, checkout);
  });
  afterAll(async () => {
    await old?.stop();
    await upgraded?.stop();
    fs.rmSync(checkout, { recursive: true, force: true });
  });

  it("keeps every file of the old pages answering, before, during and after, on old and new instances", async () => {
    const oldHome = await (await fetch(`${old.url}/`)).text();
    expect(oldHome).toContain(CHANGED_TEXT);
    const oldFiles = filesOf(oldHome);
    expect(oldFiles.filter((f) => f.startsWith("/assets/")).length).toBeGreaterThan(10);
    expect(missing(await statusesOf(old, oldFiles))).toEqual([]);
    const oldLedger = JSON.parse(fs.readFileSync(path.join(checkout, "build/releases.json"), "utf8"));
    const oldVersion = JSON.parse(fs.readFileSync(path.join(checkout, "package.json"), "utf8")).version;
    // A copy without .git: the build says so, as a Docker build given no SOURCE_COMMIT does.
    expect(oldLedger[0]).toMatchObject({ version: oldVersion, commit: "unknown" });

    // The new version: a changed page and a changed stylesheet, so their hashed names change.
    const home = path.join(checkout, "app/routes/home.tsx");
    fs.writeFileSync(home, fs.readFileSync(home, "utf8").replace(CHANGED_TEXT, UPGRADED_TEXT));
    fs.appendFileSync(path.join(checkout, "app/app.css"), "\n.upgrade-marker { outline-offset: 1px; }\n");
    const pkg = path.join(checkout, "package.json");
    fs.writeFileSync(pkg, fs.readFileSync(pkg, "utf8").replace(/"version": "[^"]+"/, '"version": "99.0.0"'));

    // While it builds, the old pages' files are asked for again and again.
    let building = true;
    let rounds = 0;
    const lost = new Set<string>();
    const watch = (async () => {
      while (building) {
        for (const [file, status] of missing(await statusesOf(old, oldFiles))) lost.add(`${file} ${status}`);
        rounds += 1;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      await build(checkout, { SOURCE_COMMIT: "0123456789abcdef0123456789abcdef01234567" });
    } finally {
      building = false;
      await watch;
    }
    expect(rounds).toBeGreaterThan(5); // it really watched through the build
    expect([...lost]).toEqual([]);

    // The old process still serves the old version, the new one the new.
    upgraded = await startAppProcess({}, checkout);
    expect(await (await fetch(`${old.url}/`)).text()).not.toContain(UPGRADED_TEXT);
    expect(await (await fetch(`${old.url}/healthz`)).json()).toEqual({
      status: "ok",
      version: oldVersion,
      commit: "unknown",
    });
    expect(await (await fetch(`${upgraded.url}/healthz`)).json()).toEqual({
      status: "ok",
      version: "99.0.0",
      commit: "0123456789abcdef0123456789abcdef01234567",
    });
    const newHome = await (await fetch(`${upgraded.url}/`)).text();
    expect(newHome).toContain(UPGRADED_TEXT);
    const newFiles = filesOf(newHome);
    const renamed = newFiles.filter((f) => f.startsWith("/assets/") && !oldFiles.includes(f));
    expect(renamed.length).toBeGreaterThanOrEqual(2); // the page's chunk and the stylesheet at least

    // A browser holding either page may reach either instance behind the proxy.
    expect(missing(await statusesOf(upgraded, oldFiles))).toEqual([]);
    expect(missing(await statusesOf(old, newFiles))).toEqual([]);
    // The old server's own lazily loaded chunks are still on disk for it.
    for (const file of oldLedger[0].files as string[]) {
      expect(fs.existsSync(path.join(checkout, "build", file)), file).toBe(true);
    }
    const ledger = JSON.parse(fs.readFileSync(path.join(checkout, "build/releases.json"), "utf8"));
    expect(ledger.map((r: { version: string }) => r.version).slice(0, 2)).toEqual(["99.0.0", oldLedger[0].version]);
    expect(ledger[0].commit).toBe("0123456789abcdef0123456789abcdef01234567");
  });
});
