// npm run doctor, as an operator runs it: the built script (build/scripts/doctor.js) as a real
// process against a good configuration, then one broken configuration per check, each with the real
// thing it checks (PostgreSQL or PGlite, an SMTP server, PayPal's stand-in, the app behind a proxy).
// The configuration is never changed by the check: no table is made, no file left behind.
import fs from "node:fs";
import { createServer, request, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationNames, openPglite } from "../../db/client";
import { DOCTOR_PROBE_PATH } from "../../server/doctor-probe";
import {
  makeCertificate,
  missingPrograms,
  type ProxySetup,
  type RunningProxy,
  startNginx,
} from "../reliability/support/proxies";
import { type AppProcess, freePort, productionSettings, startAppProcess } from "../support/app-process";
import { scratchPostgres } from "../support/create-admin";
import { type PaypalStandIn, paypalSettings, startPaypalStandIn } from "../support/paypal-stand-in";
import { runCommand } from "../support/run-command";
import { startSmtpServer } from "../support/smtp";

const SITE = "https://sacredpath.example";
const CHECKS = ["settings", "database", "smtp", "paypal", "proxy", "backups", "clock"];
const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

interface Line {
  level: "ok" | "warn" | "FAIL";
  check: string;
  message: string;
}

/** Runs the built doctor with exactly these settings (and PATH), as `node --env-file=… build/scripts/doctor.js` does. */
async function doctor(env: Record<string, string>, args: string[] = []) {
  // The embedded database serves one process at a time: runs side by side each read their own copy.
  const copy = env.DATA_DIR && env.DATA_DIR === migratedDir ? tempDir("doctor-copy-") : undefined;
  if (copy) fs.cpSync(migratedDir as string, copy, { recursive: true });
  const result = await runCommand(process.execPath, ["build/scripts/doctor.js", ...args], {
    PATH: process.env.PATH ?? "",
    ...env,
    ...(copy ? { DATA_DIR: copy } : {}),
  });
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
  const lines: Line[] = result.stdout
    .split("\n")
    .map((line) => line.match(/^(ok|warn|FAIL)\s+(\w+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => ({ level: m[1] as Line["level"], check: m[2] as string, message: m[3] as string }));
  const of = (check: string) => lines.filter((line) => line.check === check);
  return { ...result, lines, of, all: result.stdout + result.stderr };
}

/** Without TEST_DATABASE_URL, the good configuration's embedded database (copied for each run). */
let migratedDir: string | undefined;

/** A PGlite data directory with every migration applied, as after a first start. */
async function migratedDataDir(): Promise<string> {
  const dir = tempDir("doctor-data-");
  const database = await openPglite(path.join(dir, "pglite"));
  await database.migrate();
  await database.close();
  return dir;
}

/** Tables anywhere in a database but the system's: none on a database nothing was applied to. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

/** An HTTP server answering PayPal's token request with a clock `offsetMs` away from ours. */
async function paypalWithClock(offsetMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("date", new Date(Date.now() + offsetMs).toUTCString());
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ access_token: "A21AAstand-in", token_type: "Bearer", expires_in: 32400 }));
    });
  });
  return listening(server);
}

async function listening(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A reverse proxy in front of the app: `addForwardedFor` as nginx's $proxy_add_x_forwarded_for (the
 * client's header, then the address it saw) and X-Forwarded-Proto; without it the client's headers
 * pass through untouched. It listens first, so that the app's SITE_URL can be its address.
 */
async function startProxy(options: { addForwardedFor: boolean }) {
  let upstream: URL | undefined;
  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    if (options.addForwardedFor) {
      const seen = req.socket.remoteAddress ?? "";
      headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${seen}` : seen;
      headers["x-forwarded-proto"] = "http";
    }
    if (!upstream) return res.writeHead(502).end();
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return {
    ...(await listening(server)),
    sendTo(target: string) {
      upstream = new URL(target);
    },
  };
}

describe("npm run doctor", () => {
  let paypal: PaypalStandIn;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let good: Record<string, string>;
  let backupDir: string;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    [paypal, smtp] = await Promise.all([startPaypalStandIn(), startSmtpServer()]);
    backupDir = tempDir("doctor-backups-");
    const database: Record<string, string> = {};
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await scratchPostgres();
      cleanups.push(scratch.drop);
      const migrating = (await import("../../db/client")).openPostgres({ url: scratch.url, max: 1 });
      await migrating.migrate();
      await migrating.close();
      database.DATABASE_URL = scratch.url;
    } else {
      migratedDir = await migratedDataDir();
      database.DATA_DIR = migratedDir;
    }
    good = {
      ...productionSettings(SITE),
      ...paypalSettings(paypal.url),
      SMTP_URL: smtp.url,
      TRUST_PROXY: "1",
      ...database,
    };
  });
  afterAll(async () => {
    await Promise.all([paypal?.close(), smtp?.close(), ...cleanups.map((drop) => drop())]);
  });

  it("passes a good configuration: every check ok, exit 0, and nothing left in the backup directory", async () => {
    const tokensBefore = paypal.requests.filter((r) => r.path === "/v1/oauth2/token").length;
    const result = await doctor(good, ["--backup-dir", backupDir]);
    expect(result.status, result.all).toBe(0);
    expect(result.lines.map((line) => line.check)).toEqual(CHECKS);
    expect(
      result.lines.filter((line) => line.level !== "ok"),
      result.all,
    ).toEqual([]);
    expect(result.of("database")[0]?.message).toMatch(
      new RegExp(`all ${migrationNames().length} migrations applied \\(last ${migrationNames().at(-1)}\\)`),
    );
    expect(result.of("smtp")[0]?.message).toContain(`${new URL(smtp.url).host} answered and greeted`);
    expect(result.of("paypal")[0]?.message).toContain("accepted PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET");
    expect(result.of("clock")[0]?.message).toContain("PayPal");
    // One token request, no mail sent, the probe file removed.
    expect(paypal.requests.filter((r) => r.path === "/v1/oauth2/token").length - tokensBefore).toBe(1);
    expect(smtp.received).toEqual([]);
    expect(fs.readdirSync(backupDir)).toEqual([]);
    expect(result.stdout).toContain("Everything checked is ready.");
  });

  it("fails each broken configuration on its own line, saying what is wrong and what to do", async () => {
    const closedPort = await freePort();
    const missingDir = path.join(backupDir, "no-such-directory");
    const fileNotDir = path.join(tempDir("doctor-file-"), "backups");
    fs.writeFileSync(fileNotDir, "");
    const [secret, role, smtpClosed, paypalRefused, noBackups, notADirectory] = await Promise.all([
      doctor({ ...good, AUTH_SECRET: "too-short" }, ["--backup-dir", backupDir]),
      doctor({ ...good, DATABASE_URL: "postgres://nosuchrole@127.0.0.1:5432/x" }, ["--backup-dir", backupDir]),
      doctor({ ...good, SMTP_URL: `smtp://127.0.0.1:${closedPort}` }, ["--backup-dir", backupDir]),
      doctor({ ...good, PAYPAL_CLIENT_SECRET: "a-wrong-secret-42" }, ["--backup-dir", backupDir]),
      doctor(good, ["--backup-dir", missingDir]),
      doctor(good, ["--backup-dir", fileNotDir]),
    ]);

    expect(secret.status).toBe(1);
    expect(secret.of("settings")).toEqual([
      {
        level: "FAIL",
        check: "settings",
        message: "AUTH_SECRET: AUTH_SECRET must be at least 32 characters (make one with: openssl rand -base64 48)",
      },
    ]);
    // The other checks still ran on what did parse.
    expect(secret.of("database")[0]?.level).toBe("ok");

    expect(role.status).toBe(1);
    expect(role.of("database")[0]).toMatchObject({ level: "FAIL" });
    expect(role.of("database")[0]?.message).toContain('the role "nosuchrole" does not exist on that server');
    expect(role.of("database")[0]?.message).toContain("sudo -u postgres createuser --pwprompt nosuchrole");
    expect(role.of("database")[0]?.message).not.toContain("pg_hba.conf");

    expect(smtpClosed.status).toBe(1);
    expect(smtpClosed.of("smtp")[0]).toMatchObject({ level: "FAIL" });
    expect(smtpClosed.of("smtp")[0]?.message).toContain(`nothing is listening at 127.0.0.1:${closedPort}`);
    expect(smtpClosed.of("smtp")[0]?.message).toContain("Fix SMTP_URL");

    expect(paypalRefused.status).toBe(1);
    expect(paypalRefused.of("paypal")[0]).toMatchObject({ level: "FAIL" });
    expect(paypalRefused.of("paypal")[0]?.message).toContain(
      "PayPal refused PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET",
    );
    expect(paypalRefused.of("paypal")[0]?.message).toContain("HTTP 401 invalid_client");
    expect(paypalRefused.of("paypal")[0]?.message).toContain("PAYMENT_PROVIDER=none");
    expect(paypalRefused.all).not.toContain("a-wrong-secret-42");

    expect(noBackups.status).toBe(1);
    expect(noBackups.of("backups")[0]).toEqual({
      level: "FAIL",
      check: "backups",
      message: `${missingDir} does not exist: make it as the app's user (mkdir -p ${missingDir}), or name another with --backup-dir <directory>`,
    });
    expect(fs.existsSync(missingDir)).toBe(false);
    expect(notADirectory.status).toBe(1);
    expect(notADirectory.of("backups")[0]?.message).toContain(`${fileNotDir} is not a directory`);

    // Each broken configuration failed on its own check only.
    for (const [result, check] of [
      [secret, "settings"],
      [role, "database"],
      [smtpClosed, "smtp"],
      [paypalRefused, "paypal"],
      [noBackups, "backups"],
    ] as const) {
      expect(
        result.lines.filter((line) => line.level === "FAIL").map((line) => line.check),
        result.all,
      ).toEqual([check]);
      expect(result.stdout).toContain("check(s) failed");
    }
  });

  it("lists a new database's pending migrations by name and applies none of them", async () => {
    const names = migrationNames();
    const dataDir = tempDir("doctor-fresh-");
    const runs = [doctor({ ...good, DATABASE_URL: "", DATA_DIR: dataDir }, ["--backup-dir", backupDir])];
    let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
    if (process.env.TEST_DATABASE_URL) {
      scratch = await scratchPostgres();
      runs.push(doctor({ ...good, DATABASE_URL: scratch.url }, ["--backup-dir", backupDir]));
    }
    try {
      for (const result of await Promise.all(runs)) {
        expect(result.status, result.all).toBe(1);
        const line = result.of("database")[0];
        expect(line?.level).toBe("FAIL");
        for (const name of names) expect(line?.message).toContain(name);
        expect(line?.message).toMatch(/first start \(or npm run create-admin\)/);
      }
      // Nothing was made: no data directory for PGlite, no table on PostgreSQL.
      expect(fs.readdirSync(dataDir)).toEqual([]);
      if (scratch) expect(await tablesIn(scratch.url)).toBe(0);
    } finally {
      await scratch?.drop();
    }
  });

  it("warns below the free-space threshold, and fails a clock far from PayPal's", async () => {
    const [slow, fast] = await Promise.all([paypalWithClock(-10 * 60_000), paypalWithClock(45_000)]);
    try {
      const [space, farClock, nearClock] = await Promise.all([
        doctor(good, ["--backup-dir", backupDir, "--min-free-mib", String(2 ** 30)]),
        doctor({ ...good, PAYPAL_API_URL: slow.url }, ["--backup-dir", backupDir]),
        doctor({ ...good, PAYPAL_API_URL: fast.url }, ["--backup-dir", backupDir]),
      ]);
      expect(space.status, space.all).toBe(0);
      expect(space.of("backups")[0]).toMatchObject({ level: "warn" });
      expect(space.of("backups")[0]?.message).toMatch(/is writable but has .* free, under 1048576\.0 GiB/);
      expect(space.stdout).toContain("(1 warning(s) above)");

      expect(farClock.status, farClock.all).toBe(1);
      expect(farClock.of("clock")[0]).toMatchObject({ level: "FAIL" });
      expect(farClock.of("clock")[0]?.message).toMatch(/this machine's clock is 6\d\d s off PayPal's/);
      expect(farClock.of("clock")[0]?.message).toContain("timedatectl set-ntp true");

      expect(nearClock.status, nearClock.all).toBe(0);
      expect(nearClock.of("clock")[0]).toMatchObject({ level: "warn" });
      expect(nearClock.of("clock")[0]?.message).toMatch(/clock is 4\d s off PayPal's/);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });

  describe("through the proxy", () => {
    let proxies: Record<"oneHop" | "passThrough" | "twoHops", Awaited<ReturnType<typeof startProxy>>>;
    let apps: AppProcess[] = [];
    const noNginx = missingPrograms().some((program) => program === "nginx" || program === "openssl");
    let nginxSite: ProxySetup | undefined;
    let nginx: RunningProxy | undefined;

    beforeAll(async () => {
      const [oneHop, passThrough, twoHops] = await Promise.all([
        startProxy({ addForwardedFor: true }),
        startProxy({ addForwardedFor: false }),
        startProxy({ addForwardedFor: true }),
      ]);
      proxies = { oneHop, passThrough, twoHops };
      if (!noNginx) {
        const dir = tempDir("doctor-nginx-");
        const [httpPort, httpsPort] = [await freePort(), await freePort()];
        nginxSite = { dir, httpPort, httpsPort, upstreams: [], certificate: makeCertificate(dir) };
      }
      // Each app's SITE_URL is its proxy's address, as a site's is the address its visitors use.
      apps = await Promise.all([
        startAppProcess({ ...paypalSettings(paypal.url), SITE_URL: oneHop.url, TRUST_PROXY: "1" }),
        startAppProcess({ ...paypalSettings(paypal.url), SITE_URL: twoHops.url, TRUST_PROXY: "2" }),
        ...(nginxSite
          ? [
              startAppProcess({
                ...paypalSettings(paypal.url),
                SITE_URL: `https://127.0.0.1:${nginxSite.httpsPort}`,
                TRUST_PROXY: "1",
              }),
            ]
          : []),
      ]);
      oneHop.sendTo((apps[0] as AppProcess).url);
      passThrough.sendTo((apps[0] as AppProcess).url);
      twoHops.sendTo((apps[1] as AppProcess).url);
      if (nginxSite) {
        nginxSite.upstreams = [new URL((apps[2] as AppProcess).url).host];
        nginx = await startNginx(nginxSite);
      }
    });
    afterAll(async () => {
      await Promise.all([
        nginx?.stop(),
        ...Object.values(proxies ?? {}).map((proxy) => proxy.close()),
        ...apps.map((app) => app.stop()),
      ]);
    });

    it("compares what the app sees through the proxy with SITE_URL and TRUST_PROXY", async () => {
      const closed = await freePort();
      const [right, passThrough, twoHops, otherSecret, nobody] = await Promise.all([
        doctor({ ...good, SITE_URL: proxies.oneHop.url }, ["--backup-dir", backupDir, "--through", proxies.oneHop.url]),
        doctor({ ...good, SITE_URL: proxies.oneHop.url }, [
          "--backup-dir",
          backupDir,
          "--through",
          proxies.passThrough.url,
        ]),
        doctor({ ...good, SITE_URL: proxies.twoHops.url }, [
          "--backup-dir",
          backupDir,
          "--through",
          proxies.twoHops.url,
        ]),
        doctor({ ...good, SITE_URL: proxies.oneHop.url, AUTH_SECRET: "another-secret-of-at-least-32-characters" }, [
          "--backup-dir",
          backupDir,
          "--through",
          proxies.oneHop.url,
        ]),
        doctor({ ...good, SITE_URL: proxies.oneHop.url }, [
          "--backup-dir",
          backupDir,
          "--through",
          `http://127.0.0.1:${closed}`,
        ]),
      ]);

      expect(right.status, right.all).toBe(0);
      expect(
        right.lines.filter((line) => line.level !== "ok"),
        right.all,
      ).toEqual([]);
      expect(right.of("proxy")).toHaveLength(1);
      expect(right.of("proxy")[0]?.message).toContain(
        `the app answered for ${new URL(proxies.oneHop.url).host}: Host ${new URL(proxies.oneHop.url).host}, http, client 127.0.0.1 (X-Forwarded-For: 192.0.2.254, 127.0.0.1, TRUST_PROXY=1)`,
      );
      expect(right.of("clock")[0]?.message).toContain("the app through the proxy");

      // A proxy that passes the client's X-Forwarded-For on untouched: the app would take the forged address.
      expect(passThrough.status).toBe(1);
      expect(passThrough.of("proxy")[0]).toMatchObject({ level: "FAIL" });
      expect(passThrough.of("proxy")[0]?.message).toContain(
        "TRUST_PROXY=1 trusts more hops than there are proxies: the app took the X-Forwarded-For the client wrote (192.0.2.254)",
      );
      expect(passThrough.of("proxy")[0]?.message).toContain(
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for",
      );

      expect(twoHops.status).toBe(1);
      expect(twoHops.of("proxy")[0]?.message).toMatch(/^TRUST_PROXY=2 trusts more hops than there are proxies/);
      expect(twoHops.of("proxy")[0]?.message).toContain("Set TRUST_PROXY to the number of proxies in front");

      expect(otherSecret.status).toBe(1);
      expect(otherSecret.of("proxy")[0]?.message).toMatch(/answered HTTP 404 .*another AUTH_SECRET/);

      expect(nobody.status).toBe(1);
      expect(nobody.of("proxy")[0]?.message).toContain(`nothing answered at http://127.0.0.1:${closed}`);
    });

    it.skipIf(noNginx)("passes the shipped nginx configuration in front of the app, over https", async () => {
      const site = nginxSite as ProxySetup;
      const siteUrl = `https://127.0.0.1:${site.httpsPort}`;
      const result = await doctor({ ...good, SITE_URL: siteUrl, NODE_EXTRA_CA_CERTS: site.certificate.cert }, [
        "--backup-dir",
        backupDir,
        "--through",
        siteUrl,
      ]);
      expect(result.status, result.all).toBe(0);
      expect(
        result.lines.filter((line) => line.level !== "ok"),
        result.all,
      ).toEqual([]);
      // nginx's Host $host leaves the port out; X-Forwarded-Proto says https; the client is the address nginx saw.
      expect(result.of("proxy")[0]?.message).toContain(
        `the app answered for 127.0.0.1:${site.httpsPort}: Host 127.0.0.1, https, client 127.0.0.1 (X-Forwarded-For: 192.0.2.254, 127.0.0.1, TRUST_PROXY=1)`,
      );
    });

    it.skipIf(missingPrograms().includes("openssl"))(
      "fails a proxy whose TLS certificate is not valid for SITE_URL's host, as a browser would",
      async () => {
        const certificate = makeCertificate(tempDir("doctor-tls-"));
        const tls = createHttpsServer({ cert: certificate.pem, key: fs.readFileSync(certificate.key) }, (_req, res) =>
          res.end("not reached"),
        );
        await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
        const through = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
        try {
          const result = await doctor(good, ["--backup-dir", backupDir, "--through", through]);
          expect(result.status).toBe(1);
          expect(result.of("proxy")[0]).toMatchObject({ level: "FAIL" });
          expect(result.of("proxy")[0]?.message).toMatch(
            new RegExp(`^${through} answered with a TLS certificate that is not valid for sacredpath\\.example \\(`),
          );
          expect(result.of("proxy")[0]?.message).toContain("NODE_EXTRA_CA_CERTS");
        } finally {
          await new Promise<void>((resolve) => tls.close(() => resolve()));
        }
      },
    );

    it("leaves an embedded database a running server holds alone, and says so", async () => {
      const app = apps[0] as AppProcess;
      const result = await doctor({ ...good, DATABASE_URL: "", DATA_DIR: app.dataDir }, ["--backup-dir", backupDir]);
      expect(result.status, result.all).toBe(0);
      expect(result.of("database")).toEqual([
        {
          level: "warn",
          check: "database",
          message: `the embedded database in ${app.dataDir} is in use by another process (pid ${app.child.pid}), most likely the server, which applied the migrations it knows at its start; stop it to have them listed`,
        },
      ]);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    });

    it("answers the probe only to a caller with the server's AUTH_SECRET: anyone else gets the site's 404", async () => {
      const attempts: Record<string, string>[] = [{}, { "x-doctor-token": `${Date.now()}.forged` }];
      for (const headers of attempts) {
        const res = await fetch(`${proxies.oneHop.url}${DOCTOR_PROBE_PATH}`, { headers });
        expect(res.status).toBe(404);
        const body = await res.text();
        expect(body).not.toContain("trustProxy");
        expect(body).not.toContain("forwardedFor");
      }
    });
  });
});
