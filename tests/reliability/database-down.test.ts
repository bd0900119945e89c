import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyringFor, openJson } from "../../app/lib/encryption.server";
import type { Database } from "../../db/client";
import { contactMessages, journalEntries } from "../../db/schema";
import { type AppProcess, freePort, startAppProcess } from "../support/app-process";
import { TEST_SECRETS } from "../support/secrets";
import {
  createMembers,
  createScratchDatabase,
  type Member,
  openScratch,
  POSTGRES_URL,
  postgresNote,
  type ScratchDatabase,
  sleep,
  waitFor,
} from "./support/env";
import { journalForm, read, send, signInAt } from "./support/http";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";

/** What a person sees must say what to do, and nothing of our internals. */
const INTERNALS = /ECONNREFUSED|ECONNRESET|Connection terminated|connect\b.*\d+\.\d+|\bat [\w.]+ \(|node_modules/;

/**
 * PostgreSQL becomes unreachable (the app's connections go through a proxy the test cuts) and
 * comes back. Only PostgreSQL: the embedded database lives inside the app process.
 */
describe.skipIf(!POSTGRES_URL)(`database down, then back${postgresNote}`, () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let member: Member;

  /** An app process whose database connections all pass through a proxy of the test's. */
  async function appBehindProxy() {
    const target = new URL(scratch.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(scratch.url);
    viaProxy.port = String(proxy.port);
    const app = await startAppProcess({
      DATABASE_URL: viaProxy.href,
      // The background jobs run through the outage too: they must not take the process down.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_WORKER_INTERVAL_MS: "200",
      REMINDER_INTERVAL_MS: "200",
    });
    return { proxy, app, cookie: await signInAt(app, member.username, member.password) };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    database = await openScratch(scratch.url);
    [member] = (await createMembers(database, 1)) as [Member];
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  describe("refused: connections dropped and refused", () => {
    let proxy: TcpProxy;
    let app: AppProcess;
    let cookie = "";
    let pid: number | undefined;
    const titles = { acked: [] as string[], refused: [] as string[] };
    let stopWriter = false;
    let writer: Promise<void> = Promise.resolve();

    beforeAll(async () => {
      ({ proxy, app, cookie } = await appBehindProxy());
      pid = app.child.pid;
      // One client keeps saving through the outage; what it is told is what we hold the app to.
      writer = (async () => {
        for (let i = 0; !stopWriter; i++) {
          const title = `Steady [${i}]`;
          try {
            const res = await send(app, "/journals", journalForm(title, `Written through the storm, number ${i}.`), {
              cookie,
            });
            await res.arrayBuffer();
            // Saved: 303 to the journal (redirect after post, decision 008).
            (res.status === 303 ? titles.acked : titles.refused).push(title);
          } catch {
            titles.refused.push(title);
          }
          await sleep(50);
        }
      })();
      await waitFor("a first saved entry", async () => titles.acked.length >= 3);
    });
    afterAll(async () => {
      stopWriter = true;
      await writer;
      await app?.stop("SIGKILL");
      await proxy?.close();
    });

    // server/react-router-handler.ts: a server error while the database does not answer becomes a 503.
    it("answers 503 with a kind page and fails /readyz while PostgreSQL is unreachable", async () => {
      await proxy.cut();
      const ready = await read(app, "/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", database: "postgres" });
      // Liveness stays up: restarting the process would not bring the database back.
      expect((await read(app, "/healthz")).status).toBe(200);

      const answers = {
        "GET /journals (signed in)": await read(app, "/journals", cookie),
        "POST /journals": await send(app, "/journals", journalForm("Lost in the storm", "This must not be stored."), {
          cookie,
        }),
        "POST /contact": await send(app, "/contact", { name: "Ana", email: "ana@example.org", message: "Storm test" }),
        "GET /dashboard (signed in)": await read(app, "/dashboard", cookie),
      };
      for (const [what, res] of Object.entries(answers)) {
        const body = await res.text();
        expect.soft(res.status, what).toBe(503);
        expect.soft(res.headers.get("content-type") ?? "", what).toContain("text/html");
        expect.soft(body, what).toMatch(/try again/i);
        expect.soft(body, what).not.toMatch(INTERNALS);
        expect.soft(res.headers.get("cache-control") ?? "", what).toContain("no-store");
      }
      expect(app.child.exitCode, "the process survives the outage").toBeNull();
    });

    // The running app's own requests (React Router's `.data`) keep their format: the form's notice
    // and what was typed come back for the page to show, never the HTML outage page.
    it("answers the app's form posts in their own format, with the form's notice and the text kept", async () => {
      const res = await send(app, "/contact.data", { name: "Ana", email: "ana@example.org", message: "Storm kept" });
      const body = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(res.headers.get("content-type") ?? "").not.toContain("text/html");
      expect(body).toContain("Message Not Sent");
      expect(body).toContain("Storm kept");
      expect(body).not.toMatch(INTERNALS);

      // A page's data during the outage: a bare 503 (not React Router's format), which the app shows
      // as "We could not load this page." with a retry instead of its error screen.
      const page = await read(app, "/journals.data", cookie);
      expect(page.status).toBe(503);
      expect(page.headers.get("x-remix-response")).toBeNull();
      expect(await page.text()).toMatch(/try again/i);
    });

    it("logs the failed queries without the session token they were looking up", () => {
      // The session lookup's parameter is the token itself: a log line with it is a usable credential.
      const token = decodeURIComponent(cookie.match(/session_token=([^;]+)/)?.[1] ?? "").split(".")[0] ?? "";
      expect(token.length).toBeGreaterThan(10);
      const leaks = app
        .output()
        .split("\n")
        .filter((line) => line.includes(token));
      expect(leaks.length, `log lines holding the session token, e.g. ${leaks[0]?.slice(0, 160)}`).toBe(0);
    });

    it("recovers without a restart and keeps everything it accepted", async () => {
      await proxy.restore();
      await waitFor("/readyz to pass again", async () => (await read(app, "/readyz")).status === 200, 20_000);
      expect(app.child.pid).toBe(pid);
      expect(app.child.exitCode).toBeNull();
      const page = await read(app, "/journals", cookie);
      expect(page.status).toBe(200);
      const ackedBefore = titles.acked.length;
      await waitFor("the writer to be accepted again", async () => titles.acked.length >= ackedBefore + 3);
      stopWriter = true;
      await writer;
      expect(titles.refused.length, "the outage was seen by the writer").toBeGreaterThan(0);

      const rows = await database.db.select().from(journalEntries);
      const ring = keyringFor(TEST_SECRETS.DATA_ENCRYPTION_KEY);
      const stored = new Set(
        rows.map((r) => openJson<{ title: string }>(ring, r.sealed, `journal:${r.userId}:${r.id}`).title),
      );
      expect(
        titles.acked.filter((t) => !stored.has(t)),
        "accepted but lost",
      ).toEqual([]);
      expect(stored.has("Lost in the storm"), "refused during the outage, yet stored").toBe(false);
      expect(
        await database.db
          .select()
          .from(contactMessages)
          .where(inArray(contactMessages.message, ["Storm test"])),
      ).toHaveLength(0);
      process.stdout.write(
        `database down: ${titles.acked.length} writes accepted, ${titles.refused.length} refused during the outage\n`,
      );
    });
  });

  describe("stalled: no answers at all, as in a network partition", () => {
    let proxy: TcpProxy;
    let app: AppProcess;
    let cookie = "";
    beforeAll(async () => {
      ({ proxy, app, cookie } = await appBehindProxy());
      // Enough traffic that the pool holds open connections, as in production.
      await Promise.all(Array.from({ length: 12 }, () => read(app, "/journals", cookie).then((r) => r.text())));
    });
    afterAll(async () => {
      await app?.stop("SIGKILL");
      await proxy?.close();
    });

    // db/client.ts bounds every query (statement and read timeouts) and close(); server/main.ts bounds shutdown.
    it("answers within seconds while stalled, recovers when the network returns, and stops on SIGTERM", async () => {
      proxy.stall();
      const answers = await Promise.all(
        Array.from({ length: 12 }, async () => {
          try {
            const res = await fetch(`${app.url}/journals`, {
              headers: { cookie },
              signal: AbortSignal.timeout(12_000),
            });
            await res.arrayBuffer();
            return String(res.status);
          } catch {
            return "no answer in 12 s";
          }
        }),
      );
      expect((await read(app, "/readyz")).status).toBe(503);
      expect.soft(answers, "every request answered 503 in bounded time").toEqual(answers.map(() => "503"));

      // The database is reachable again; the connections that were mid-query stay silent.
      await proxy.restore({ keepStalled: true });
      const recovered = await waitFor(
        "/readyz to pass",
        async () => (await read(app, "/readyz")).status === 200,
        20_000,
      )
        .then(() => true)
        .catch(() => false);
      expect.soft(recovered, "ready again within 20 s of the network's return, without a restart").toBe(true);

      const started = Date.now();
      const stopped = await Promise.race([app.stop(), sleep(10_000).then(() => null)]);
      expect.soft(stopped, `SIGTERM ends the process (waited ${Date.now() - started} ms)`).not.toBeNull();
    });
  });
});
