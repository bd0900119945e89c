// docs/deployment.md, "On a plain host", walked as written: its commands (tests/reliability/support/walk.ts
// reads them from the document), its settings file and the systemd unit's own ExecStart. The code comes the
// way an operator gets it: `git clone` from a real git remote (a repository made of this checkout's tracked
// files), into an empty directory, then `npm ci` and the rest with a home and npm cache outside the checkout,
// on a scratch PostgreSQL database. Upgrades are newer commits pushed to that remote, pulled by the
// documented upgrade block itself.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../../app/modules/mail/outbox.server";
import { freePort } from "../support/app-process";
import { type CommandResult, runCommand } from "../support/run-command";
import { TEST_SECRETS } from "../support/secrets";
import { startSmtpServer } from "../support/smtp";
import { copyCheckout } from "./support/checkout";
import { createScratchDatabase, openScratch, POSTGRES_URL, type ScratchDatabase, sleep, waitFor } from "./support/env";
import { type Service, startServer } from "./support/service";
import { byRoot, type Host, onHost, SERVICE_UNIT, serviceCommand, settingsFile, walkBlock } from "./support/walk";

const skipped = POSTGRES_URL ? "" : "set TEST_DATABASE_URL to run on PostgreSQL";
if (skipped) process.stdout.write(`The plain-host walk is skipped: ${skipped}.\n`);

/** The server as systemd starts it: the unit's command, its directory, PORT and nothing else from the environment. */
async function startService(host: Host, port?: number): Promise<Service> {
  const listen = port ?? (await freePort());
  const unit = serviceCommand(host, listen);
  return startServer(unit.command, unit.cwd, { PORT: unit.port }, listen);
}

/**
 * The app user's environment: a home of its own outside the checkout (/var/lib/sacred in the document),
 * without this machine's npm settings (the test runner's npm_config_* variables and ~/.npmrc, which may
 * say how to write a lockfile) or its node_modules/.bin on PATH. npm's cache is the one this machine
 * already has (also outside the checkout), so that the walk does not download every package again.
 */
const npmCache = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).stdout.trim();
const operatorHome = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-home-"));
function operatorShell(line: string, cwd: string, env: Record<string, string> = {}): Promise<CommandResult> {
  const inherited = Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !/^npm_/i.test(name));
  const PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  const operator = { HOME: operatorHome, PATH, npm_config_cache: npmCache };
  return runCommand("bash", ["-c", line], { ...Object.fromEntries(inherited), ...operator, ...env }, cwd);
}

/** Runs a documented block line by line on the host, as the app's user; every line must succeed. */
async function run(block: string[], host: Host, env: Record<string, string> = {}): Promise<string> {
  let printed = "";
  for (const line of block) {
    const result = await operatorShell(onHost(line, host), host.dir, env);
    printed += result.stdout;
    expect(result.status, `${line}\n${result.stdout}${result.stderr}`).toBe(0);
  }
  return printed;
}

/** git in `cwd`, with an identity for commits; throws with the output when it fails. */
function git(cwd: string, ...args: string[]): string {
  const result = spawnSync("git", ["-c", "user.name=Release", "-c", "user.email=release@example.org", ...args], {
    cwd,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** What `git status --porcelain` says of the operator's checkout: nothing, after every documented step. */
const gitStatus = (host: Host) => git(host.dir, "status", "--porcelain");

const hashedFiles = (html: string) => [
  ...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0])),
];

/** The `builtAt` of the build an instance runs, from its `settings` log line. */
const builtAt = (service: Service) => service.output().match(/"builtAt":"([^"]+)"/)?.[1];

/** The project's maintainers: a working repository whose commits are pushed to the remote operators clone. */
interface Origin {
  work: string;
  remote: string;
  branch: string;
}

function makeOrigin(): Origin {
  const work = copyCheckout({ nodeModules: "none" });
  git(work, "init", "--quiet", "--initial-branch=main");
  git(work, "add", "--all");
  git(work, "commit", "--quiet", "-m", "The release installed first");
  const remote = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sacred-remote-")), "sacred.git");
  git(work, "clone", "--quiet", "--bare", work, remote);
  return { work, remote, branch: "main" };
}

/**
 * Release `n`, pushed to the remote: a visible change on the home page, a new file in public/, and
 * (release 1) a harmless additive migration, so the rolling restart also applies one.
 */
function release(origin: Origin, n: number): { text: string; file: string; migration?: string } {
  const home = path.join(origin.work, "app/routes/home.tsx");
  const before = n === 1 ? "feel safe and supported" : `feel safe, and upgraded ${n - 1} times`;
  const text = `feel safe, and upgraded ${n} times`;
  const source = fs.readFileSync(home, "utf8");
  if (!source.includes(before)) throw new Error(`home.tsx no longer says ${before}`);
  fs.writeFileSync(home, source.replace(before, text));
  const file = `/upgrade-${n}.txt`;
  fs.writeFileSync(path.join(origin.work, "public", file), `release ${n}\n`);
  let migration: string | undefined;
  if (n === 1) {
    const journalFile = path.join(origin.work, "db/migrations/meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
    const last = journal.entries.at(-1);
    migration = `${String(last.idx + 1).padStart(4, "0")}_upgrade_walk`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: migration });
    fs.writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
    fs.writeFileSync(
      path.join(origin.work, `db/migrations/${migration}.sql`),
      "COMMENT ON TABLE \"mail_outbox\" IS 'Every email, first a row here (the upgrade walk''s migration).';\n",
    );
  }
  git(origin.work, "add", "--all");
  git(origin.work, "commit", "--quiet", "-m", `Release ${n}`);
  git(origin.work, "push", "--quiet", origin.remote, `HEAD:${origin.branch}`);
  return { text, file, migration };
}

/** One systemd instance (`sacredpath@3000`): the port the document names, the one the test gave it. */
interface Instance {
  documented: string;
  port: number;
  service: Service;
  /** In the proxy's rotation: the client sends it requests. */
  serving: boolean;
  inFlight: number;
}

/**
 * A visitor's browser behind a proxy that takes an instance out before it restarts: the home page
 * from each instance in turn, and every file any page it got has named, again and again.
 */
function startClient(instances: Instance[]) {
  const failures: string[] = [];
  const files = new Set<string>();
  let requests = 0;
  let turn = 0;
  let running = true;
  const pick = () => {
    const serving = instances.filter((instance) => instance.serving);
    return serving[turn++ % Math.max(serving.length, 1)];
  };
  const get = async (pathname: string): Promise<string> => {
    const instance = pick();
    if (!instance) {
      failures.push(`${pathname}: no instance in the rotation`);
      return "";
    }
    instance.inFlight++;
    try {
      const response = await fetch(`${instance.service.url}${pathname}`);
      const body = await response.text();
      requests++;
      if (response.status !== 200) failures.push(`${pathname} ${response.status} from :${instance.documented}`);
      return body;
    } catch (error) {
      failures.push(`${pathname} failed at :${instance.documented}: ${(error as Error).message}`);
      return "";
    } finally {
      instance.inFlight--;
    }
  };
  const done = (async () => {
    while (running) {
      for (const file of hashedFiles(await get("/"))) files.add(file);
      for (const file of files) await get(file);
      await sleep(100);
    }
  })();
  return {
    failures,
    files,
    requests: () => requests,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** `sudo systemctl restart sacredpath@N` as the proxy and systemd do it: out of rotation, drained, stopped, started. */
async function restart(host: Host, instance: Instance): Promise<void> {
  instance.serving = false;
  while (instance.inFlight > 0) await sleep(10);
  expect(await instance.service.stop()).toBe(0);
  instance.service = await startService(host, instance.port);
  instance.serving = true;
}

describe.skipIf(Boolean(skipped))("a plain host, following docs/deployment.md", () => {
  let host: Host;
  let origin: Origin;
  let database: ScratchDatabase;
  let target: ScratchDatabase;
  const instances: Instance[] = [];
  const services: Service[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase();
    target = await createScratchDatabase();
    origin = makeOrigin();
    host = {
      // The empty directory `sudo install -d -o sacred -g sacred /srv/sacred` makes.
      dir: fs.mkdtempSync(path.join(os.tmpdir(), "sacred-srv-")),
      envFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sacred-etc-")), "env"),
      databaseUrl: database.url,
      remote: origin.remote,
    };
  });
  afterAll(async () => {
    for (const instance of instances) await instance.service.stop();
    for (const service of services) await service.stop();
    await database?.drop();
    await target?.drop();
    for (const dir of [host?.dir, origin?.work, origin && path.dirname(origin.remote), operatorHome]) {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("clones into an empty directory owned by a user whose home is elsewhere, installs, builds and keeps only the runtime packages, leaving the checkout as cloned", async () => {
    const code = walkBlock("code");
    expect(code.filter(byRoot)).toEqual([
      expect.stringMatching(/^sudo useradd --system --create-home --home-dir \S+ .* sacred$/),
      "sudo install -d -o sacred -g sacred /srv/sacred",
    ]);
    // The user's home (npm's cache, a shell's history) is neither the checkout nor inside it, and the
    // checkout's directory is not filled by useradd before git clone wants it empty.
    const home = code[0]?.match(/--home-dir (\S+)/)?.[1] as string;
    expect(path.relative("/srv/sacred", home).startsWith("..")).toBe(true);
    await run(
      code.filter((line) => !byRoot(line)),
      host,
    );
    expect(git(host.dir, "rev-parse", "HEAD")).toBe(git(origin.remote, "rev-parse", origin.branch));
    const settingsFile = walkBlock("settings-file");
    expect(settingsFile.filter(byRoot)).toEqual([expect.stringMatching(/^sudo mkdir -p \/etc\/sacred && /)]);
    await run(
      settingsFile.filter((line) => !byRoot(line)),
      host,
    );
    expect(fs.statSync(path.join(host.dir, "backups")).isDirectory()).toBe(true);

    await run(walkBlock("install"), host);
    expect(gitStatus(host)).toBe("");
    const kept = fs.readdirSync(path.join(host.dir, "node_modules"));
    expect(kept).toContain("react-router");
    const tools = [
      "vite",
      "vitest",
      "tsx",
      "typescript",
      "esbuild",
      "@biomejs/biome",
      "@react-router/dev",
      "lighthouse",
    ];
    expect(tools.filter((tool) => fs.existsSync(path.join(host.dir, "node_modules", tool, "package.json")))).toEqual(
      [],
    );

    const builtAt = fs.statSync(path.join(host.dir, "build/server-main.js")).mtimeMs;
    const refused = await operatorShell("NODE_ENV=production npm run build", host.dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("npm run build needs the development packages, and");
    expect(refused.stderr).toContain("npm ci --include=dev");
    expect(refused.stderr).toContain("npm prune --omit=dev --legacy-peer-deps --no-save");
    expect(fs.statSync(path.join(host.dir, "build/server-main.js")).mtimeMs).toBe(builtAt);
    expect(gitStatus(host)).toBe("");
  });

  it("starts from the documented settings file and the unit's own command, and makes the first administrator", async () => {
    const port = await freePort();
    fs.writeFileSync(
      host.envFile,
      settingsFile({
        SITE_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: host.databaseUrl,
        SMTP_URL: null,
        AUTH_SECRET: TEST_SECRETS.AUTH_SECRET,
        DATA_ENCRYPTION_KEY: TEST_SECRETS.DATA_ENCRYPTION_KEY,
      }),
      { mode: 0o640 },
    );
    const admin = await run(walkBlock("first-admin"), host);
    expect(admin).toMatch(/\/welcome\/[\w-]+/);

    if (spawnSync("systemd-analyze", ["--version"]).status === 0) {
      const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sacred-unit-")), "sacredpath@3000.service");
      fs.copyFileSync(SERVICE_UNIT, copy);
      const verified = spawnSync("systemd-analyze", ["verify", copy], { encoding: "utf8" });
      expect(verified.status, verified.stderr).toBe(0);
    }

    // Two instances, as the unit runs them (sacredpath@3000 and sacredpath@3001).
    for (const documented of ["3000", "3001"]) {
      const service = await startService(host);
      instances.push({ documented, port: Number(new URL(service.url).port), service, serving: true, inFlight: 0 });
    }
    const version = JSON.parse(fs.readFileSync(path.join(host.dir, "package.json"), "utf8")).version;
    // The build recorded the commit it was made from (git rev-parse HEAD in the clone).
    const commit = git(host.dir, "rev-parse", "HEAD").trim();
    for (const { service } of instances) {
      expect((await fetch(`${service.url}/`)).status).toBe(200);
      expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: "ok", version, commit });
      // Listening where the settings file says (HOST=127.0.0.1), in production, on PostgreSQL.
      expect(service.output()).toContain('"nodeEnv":"production"');
      expect(service.output()).toContain('"host":"127.0.0.1"');
      expect(service.output()).toContain('"database":"postgres"');
    }
  });

  it("upgrades twice in a row with the documented block, git pull included, while both instances answer every request", async () => {
    expect(instances).toHaveLength(2);
    // A mail waiting in the outbox when the backups are taken (no SMTP_URL here). The first
    // administrator's link is waiting too, but a backup never holds a mail that grants access.
    const scratch = await openScratch(host.databaseUrl);
    await enqueue(scratch.db, { kind: "test", to: "waiting@example.org", subject: "Waiting at backup", text: "Body" });
    await scratch.close();
    await run(walkBlock("backup"), host);
    const backups = () => fs.readdirSync(path.join(host.dir, "backups")).filter((f) => f.endsWith(".jsonl.gz"));
    expect(backups()).toHaveLength(1);

    const upgrade = walkBlock("upgrade");
    expect(upgrade.filter(byRoot)).toEqual([
      expect.stringMatching(
        /^sudo systemctl restart sacredpath@3000 && until curl -fsS http:\/\/127\.0\.0\.1:3000\/readyz;/,
      ),
      "sudo systemctl restart sacredpath@3001",
    ]);
    expect(upgrade).toContain("git pull");
    const instance = (documented: string) => instances.find((i) => i.documented === documented) as Instance;

    const client = startClient(instances);
    await waitFor("the client's first page", async () => client.files.size > 0, 120_000);
    const firstFiles = client.files.size;
    try {
      for (const n of [1, 2]) {
        const before = instances.map((i) => builtAt(i.service));
        const pushed = release(origin, n);
        for (const line of upgrade) {
          const restarted = line.match(/^sudo systemctl restart sacredpath@(\d+)(?: && (.*))?$/);
          if (!restarted) {
            await run([line], host);
            continue;
          }
          // systemd's part stands in for the restart; the rest of the line (waiting for /readyz) runs as written.
          const [, documented, rest] = restarted as [string, string, string | undefined];
          await restart(host, instance(documented));
          if (rest) await run([rest.replaceAll(`:${documented}/`, `:${instance(documented).port}/`)], host);
        }

        // The checkout is exactly the pushed commit, with nothing changed or added: the next pull can run.
        expect(gitStatus(host), `after upgrade ${n}`).toBe("");
        expect(git(host.dir, "rev-parse", "HEAD")).toBe(git(origin.remote, "rev-parse", origin.branch));
        // Both instances run the new build and serve its page and its new file.
        for (const [i, { service }] of instances.entries()) {
          expect(builtAt(service)).toBeTruthy();
          expect(builtAt(service)).not.toBe(before[i]);
          // It says the pushed commit: an operator can confirm the upgrade happened.
          expect(await (await fetch(`${service.url}/healthz`)).json()).toMatchObject({
            status: "ok",
            commit: git(host.dir, "rev-parse", "HEAD").trim(),
          });
          expect(await (await fetch(`${service.url}/`)).text()).toContain(pushed.text);
          const added = await fetch(`${service.url}${pushed.file}`);
          expect(added.status).toBe(200);
          expect(await added.text()).toBe(`release ${n}\n`);
        }
        // Release 1's migration was applied by the first instance restarted, under the advisory lock.
        if (pushed.migration) {
          expect(instance("3000").service.output()).toContain(`"migration":"${pushed.migration}"`);
        }
      }
    } finally {
      await client.stop();
    }
    process.stdout.write(
      `Two upgrades: ${client.requests()} requests to both instances, ${client.files.size} files of three builds' pages, ${client.failures.length} failed.\n`,
    );
    expect(client.failures).toEqual([]);
    // Every file of the three builds' home pages (the changed page makes new ones), asked for again and again.
    expect(firstFiles).toBeGreaterThan(10);
    expect(client.files.size).toBeGreaterThan(firstFiles);
    expect(client.requests()).toBeGreaterThan(client.files.size * 4);
    expect(backups()).toHaveLength(3);
  });

  it("checks a backup by restoring it into a scratch database and starting there with mail delivery off", async () => {
    // The newest backup, taken before the second upgrade (at release 1's migration, which this code has).
    const backupDir = path.join(host.dir, "backups");
    const backup = fs
      .readdirSync(backupDir)
      .sort((a, b) => fs.statSync(path.join(backupDir, a)).mtimeMs - fs.statSync(path.join(backupDir, b)).mtimeMs)
      .at(-1);
    const check = await createScratchDatabase();
    const smtp = await startSmtpServer();
    try {
      const [create, restore, start] = walkBlock("restore-check");
      expect(create).toBe("sudo -u postgres createdb --owner=sacred sacred_check"); // made by the test above
      const onCheck = (line: string) =>
        onHost(line.replaceAll("postgres://sacred:<password>@127.0.0.1:5432/sacred_check", check.url), host).replace(
          "backups/<backup file>",
          `backups/${backup}`,
        );
      await run([onCheck(restore as string)], host);
      const pending = async () => {
        const client = new pg.Client({ connectionString: check.url });
        await client.connect();
        try {
          return (await client.query("select count(*)::int as n from mail_outbox where status = 'pending'")).rows[0].n;
        } finally {
          await client.end();
        }
      };
      const waiting = await pending();
      expect(waiting, "the backup holds a mail waiting to be sent").toBe(1);

      const port = await freePort();
      const server = await startServer(
        onCheck(start as string).replace("PORT=3100", `PORT=${port}`),
        host.dir,
        { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: "100", REMINDER_INTERVAL_MS: "100" },
        port,
      );
      await new Promise((r) => setTimeout(r, 2000)); // many worker intervals
      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain('"mailDelivery":"off"');
      expect(smtp.received).toEqual([]);
      expect(await pending()).toBe(waiting);
    } finally {
      await smtp.close();
      await check.drop();
    }
  });

  it("moves a development ./data to PostgreSQL with the keys of its secrets.json", async () => {
    for (const instance of instances.splice(0)) await instance.service.stop();
    // A development start (no NODE_ENV) makes ./data, its secrets.json and the demo accounts.
    const devPort = await freePort();
    const dev = spawn(process.execPath, ["build/server-main.js"], {
      cwd: host.dir,
      env: { PATH: process.env.PATH ?? "", PORT: String(devPort), DATA_DIR: "./data", LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    while (
      !(await fetch(`http://127.0.0.1:${devPort}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (dev.exitCode !== null) throw new Error("the development server exited");
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((resolve) => {
      dev.once("exit", resolve);
      dev.kill("SIGTERM");
    });

    const moved = { ...host, databaseUrl: target.url };
    const printed = await run(walkBlock("data-to-postgres"), moved);
    const keys = printed.match(/^AUTH_SECRET=.+\nDATA_ENCRYPTION_KEY=dev1:.+$/m)?.[0];
    expect(keys, printed).toBeTruthy();
    const settings = fs.readFileSync(host.envFile, "utf8").replace(host.databaseUrl, target.url);
    // Without the printed keys the restored data is refused at start, naming the key it was sealed with.
    fs.writeFileSync(host.envFile, settings);
    await run(walkBlock("data-to-postgres-restore"), moved);
    await expect(startService(moved)).rejects.toThrow(
      /sealed with the key id \W+dev1\W+which DATA_ENCRYPTION_KEY does not hold/,
    );
    // With them, as the document says, it starts.
    fs.writeFileSync(host.envFile, settings.replace(/^AUTH_SECRET=.*\nDATA_ENCRYPTION_KEY=.*$/m, keys as string));
    const service = await startService(moved);
    services.push(service);
    expect((await fetch(`${service.url}/`)).status).toBe(200);
  });
});
