import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startAppProcess } from "../support/app-process";

describe("the server process", () => {
  it("stops cleanly within 5 seconds on SIGTERM and on SIGINT", async () => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const app = await startAppProcess();
      // A slow client holding a keep-alive connection must not hold the shutdown.
      await fetch(`${app.url}/`, { headers: { Connection: "keep-alive" } });
      const { code, ms } = await app.stop(signal);
      expect(code, signal).toBe(0);
      expect(ms, signal).toBeLessThan(5000);
      expect(fs.existsSync(path.join(app.dataDir, "app.lock")), "lock released").toBe(false);
    }
  });

  it("refuses a second process on the same embedded data directory", async () => {
    const app = await startAppProcess();
    try {
      const second = spawnSync(process.execPath, ["build/server-main.js"], {
        env: { ...process.env, NODE_ENV: "test", PORT: "0", DATA_DIR: app.dataDir, LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(second.status).not.toBe(0);
      expect(second.stderr).toContain("is in use by another process");
      expect(second.stderr).toContain("DATABASE_URL");
    } finally {
      await app.stop();
    }
  });

  it("prints the address it serves", async () => {
    const app = await startAppProcess();
    await app.stop();
    expect(app.output()).toMatch(/serving on http:\/\/localhost:\d+/);
  });

  it("refuses to start in production without its required settings", () => {
    const result = spawnSync(process.execPath, ["build/server-main.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "noenv-")),
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "Missing production settings: SITE_URL, MAIL_FROM, STAFF_EMAIL, AUTH_SECRET, DATA_ENCRYPTION_KEY",
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)("runs two processes on one PostgreSQL database", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const name = `sacred_two_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    try {
      // Started together: the migration lock keeps them from racing.
      const [a, b] = await Promise.all([
        startAppProcess({ DATABASE_URL: url.href }),
        startAppProcess({ DATABASE_URL: url.href }),
      ]);
      try {
        for (const app of [a, b]) {
          const ready = await fetch(`${app.url}/readyz`);
          expect(await ready.json()).toMatchObject({ status: "ready", database: "postgres" });
        }
        const post = (app: typeof a) =>
          fetch(`${app.url}/newsletter`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
            body: "email=shared%40example.org",
          });
        // The per-address limit (3 a day) is one counter across both processes.
        const statuses = [];
        for (const app of [a, b, a, b]) statuses.push((await post(app)).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
