import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { type AppProcess, freePort, startAppProcess } from "../support/app-process";
import { createScratchDatabase, openScratch, POSTGRES_URL, type ScratchDatabase, sleep } from "./support/env";
import {
  type Certificate,
  makeCertificate,
  missingPrograms,
  type ProxySetup,
  type RunningProxy,
  startCaddy,
  startNginx,
} from "./support/proxies";
import { request } from "./support/tls-client";

const missing = missingPrograms();
const skipped = !POSTGRES_URL
  ? "set TEST_DATABASE_URL to run on PostgreSQL"
  : missing.length > 0
    ? `${missing.join(", ")} not installed (apt-get install -y nginx caddy)`
    : "";
if (skipped) process.stdout.write(`The rolling restart test behind nginx and Caddy is skipped: ${skipped}.\n`);

/** What docs/deployment.md has the operator wait after an instance's /readyz before restarting the next. */
const PAUSE_AFTER_READY_MS = 2000;
/** Answers that tell a form's sender nothing was done and to send it again. */
const RETRY_STATUSES = [502, 503, 504];
/** The pages the steady stream of GETs asks for (cached and not, with and without the database). */
const PAGES = ["/", "/faq", "/contact", "/healthz", "/request-access"];

interface Sent {
  at: number;
  status: number;
  error?: string;
}

interface Post extends Sent {
  message: string;
  from: string;
  fields: Record<string, string>;
}

/**
 * Issue 46, "Restarts that drop nothing": the shipped nginx and Caddy configurations (run as
 * tests/reliability/behind-proxies.test.ts runs them) in front of two production instances on one
 * PostgreSQL, each restarted in turn as docs/deployment.md says (SIGTERM, start again, wait for
 * /readyz, pause), while a client keeps asking for pages and posting the contact form. Every page
 * must answer 200; every form must be done exactly once, or refused with an answer that says to
 * try again and then be absent from the database (so the retry is safe), never done twice.
 */
describe.skipIf(skipped)(
  `a rolling restart of two instances behind the shipped nginx and Caddy${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let dir: string;
    let certificate: Certificate;
    let scratch: ScratchDatabase;
    let database: Database;
    let ports: { http: number; https: number; apps: number[] };
    let site: string;
    let env: Record<string, string>;
    let apps: AppProcess[] = [];

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-rolling-"));
      certificate = makeCertificate(dir);
      ports = { http: await freePort(), https: await freePort(), apps: [await freePort(), await freePort()] };
      site = `https://127.0.0.1:${ports.https}`;
      scratch = await createScratchDatabase();
      database = await openScratch(scratch.url);
      env = { DATABASE_URL: scratch.url, SITE_URL: site, TRUST_PROXY: "1" };
      apps = await Promise.all(ports.apps.map((port) => startAppProcess({ ...env, PORT: String(port) })));
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.stop()));
      await database?.close();
      await scratch?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const proxies: Array<[string, (setup: ProxySetup) => Promise<RunningProxy>, number]> = [
      ["nginx", startNginx, 1],
      ["Caddy", startCaddy, 2],
    ];
    it.each(proxies)(
      "loses no request while both instances restart one after the other behind %s",
      async (name, start, net) => {
        const own = path.join(dir, name);
        fs.mkdirSync(own);
        const upstreams = ports.apps.map((port) => `127.0.0.1:${port}`);
        const proxy = await start({ dir: own, httpPort: ports.http, httpsPort: ports.https, upstreams, certificate });
        const tag = `Rolling ${name} ${Date.now()}`;
        const gets: Sent[] = [];
        const posts: Post[] = [];
        let running = true;
        try {
          // Pages from one visitor; each form from an address of its own (127.<net>.x.y), so the
          // contact form's 5 an hour per address never answers 429.
          const getLoop = async (worker: number) => {
            for (let i = worker; running; i++) {
              const at = Date.now();
              const res = await request(`${site}${PAGES[i % PAGES.length]}`, {
                ca: certificate.pem,
                from: "127.0.0.2",
              }).then(
                async (r) => ({ status: r.status, body: await r.text() }),
                (error: unknown) => ({ status: 0, body: String(error) }),
              );
              gets.push({ at, status: res.status, ...(res.status === 200 ? {} : { error: res.body.slice(0, 300) }) });
            }
          };
          const postForm = async (one: Omit<Post, "status" | "at">) => {
            const at = Date.now();
            const res = await request(`${site}/contact`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
              body: new URLSearchParams(one.fields).toString(),
              ca: certificate.pem,
              from: one.from,
            }).then(
              async (r) => ({ status: r.status, retryAfter: r.headers.get("retry-after"), body: await r.text() }),
              (error: unknown) => ({ status: 0, retryAfter: null, body: String(error) }),
            );
            const error =
              res.status === 303 ? undefined : `${res.status} retry-after=${res.retryAfter}: ${res.body.slice(0, 300)}`;
            return { ...one, at, status: res.status, ...(error ? { error } : {}) };
          };
          let sentPosts = 0;
          const postLoop = async (worker: number) => {
            while (running) {
              const n = ++sentPosts;
              const message = `${tag} post ${n} (writer ${worker})`;
              const from = `127.${net}.${Math.floor(n / 250)}.${(n % 250) + 2}`;
              const fields = { name: "Rolling Visitor", email: `rolling-${n}@example.org`, message };
              posts.push(await postForm({ message, from, fields }));
            }
          };
          const load = Promise.all([0, 1, 2].map(getLoop).concat([0, 1].map(postLoop)));

          // The stream runs a moment before the first restart, then each instance restarts in turn.
          await sleep(1000);
          const windows: Array<{ from: number; to: number; stopMs: number }> = [];
          for (const [i, port] of ports.apps.entries()) {
            const old = apps[i] as AppProcess;
            const from = Date.now();
            const stopped = await old.stop("SIGTERM");
            expect(stopped.code, `instance ${i + 1} exits cleanly on SIGTERM:\n${old.output().slice(-2000)}`).toBe(0);
            const again = await startAppProcess({ ...env, PORT: String(port) });
            apps[i] = again;
            expect(again.child.pid, "a new process").not.toBe(old.child.pid);
            windows.push({ from, to: Date.now(), stopMs: stopped.ms });
            await sleep(PAUSE_AFTER_READY_MS);
          }
          running = false;
          await load;

          // Every page answered 200, and plenty of them, during both restarts too.
          const failed = gets.filter((g) => g.status !== 200);
          expect(failed, proxy.logs().slice(-3000)).toEqual([]);
          expect(gets.length).toBeGreaterThan(100);
          for (const [i, w] of windows.entries()) {
            const during = gets.filter((g) => g.at >= w.from && g.at <= w.to).length;
            expect(during, `pages asked while instance ${i + 1} restarted`).toBeGreaterThan(10);
          }
          // Both new processes served the stream (the proxy took each back once it was ready).
          apps.forEach((app, i) => {
            expect(app.output(), `new instance ${i + 1}`).toContain('"msg":"request"');
          });

          // Each form: done (303) and stored exactly once, or refused with a "try again" answer and
          // not stored at all. Nothing else.
          const rows = await database.db
            .select({ message: contactMessages.message })
            .from(contactMessages)
            .where(like(contactMessages.message, `${tag} %`));
          const stored = new Map<string, number>();
          for (const row of rows) stored.set(row.message, (stored.get(row.message) ?? 0) + 1);
          const done = posts.filter((p) => p.status === 303);
          const refused = posts.filter((p) => RETRY_STATUSES.includes(p.status));
          expect(
            posts.filter((p) => p.status !== 303 && !RETRY_STATUSES.includes(p.status)),
            "answers that are neither done nor try again",
          ).toEqual([]);
          expect(
            done.filter((p) => stored.get(p.message) !== 1).map((p) => [p.message, stored.get(p.message)]),
          ).toEqual([]);
          expect(
            refused.filter((p) => stored.has(p.message)).map((p) => p.message),
            "refused yet stored",
          ).toEqual([]);
          expect(rows).toHaveLength(done.length);
          // Nearly every form is simply done: a proxy that turns a restart into refusals (Caddy with a
          // passive fail window answered 503 to a third of them) is a regression even if nothing is lost.
          expect(refused.length, "forms refused").toBeLessThanOrEqual(Math.max(3, posts.length * 0.05));
          expect(posts.length).toBeGreaterThan(20);
          // The refused ones, sent again as their senders would, are then done once.
          for (const p of refused) expect((await postForm(p)).status).toBe(303);
          const after = await database.db
            .select({ message: contactMessages.message })
            .from(contactMessages)
            .where(like(contactMessages.message, `${tag} %`));
          expect(after).toHaveLength(posts.length);
          expect(new Set(after.map((row) => row.message)).size).toBe(posts.length);

          // What the proxy logged about a refused form (nginx names the client, Caddy its remote_ip).
          const proxyLines = (from: string) =>
            proxy
              .logs()
              .split("\n")
              .filter((line) => line.includes(`client: ${from},`) || line.includes(`"remote_ip":"${from}"`))
              .map((line) => `    ${line.slice(0, 400)}\n`)
              .join("");
          const statuses = (list: Sent[]) =>
            Object.entries(
              list.reduce<Record<number, number>>((acc, s) => {
                acc[s.status] = (acc[s.status] ?? 0) + 1;
                return acc;
              }, {}),
            )
              .map(([status, count]) => `${status}×${count}`)
              .join(" ");
          process.stdout.write(
            `${name}: ${gets.length} GETs (${statuses(gets)}), ${posts.length} posts (${statuses(posts)}; ` +
              `${done.length} done, ${refused.length} refused then done on retry); restarts took ` +
              `${windows.map((w) => `${((w.to - w.from) / 1000).toFixed(1)} s (${(w.stopMs / 1000).toFixed(1)} s to stop)`).join(" and ")}\n` +
              refused.map((p) => `  refused: ${p.error?.split("\n")[0]}\n${proxyLines(p.from)}`).join(""),
          );
        } finally {
          running = false;
          await proxy.stop();
        }
      },
    );
  },
);
