import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { rateLimits, sessions } from "../../db/schema";
import { cookiesOf } from "../support/accounts";
import { type AppProcess, freePort, startAppProcess } from "../support/app-process";
import {
  createMembers,
  createScratchDatabase,
  type Member,
  openScratch,
  POSTGRES_URL,
  type ScratchDatabase,
} from "./support/env";
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
if (skipped) process.stdout.write(`The nginx and Caddy test in front of two instances is skipped: ${skipped}.\n`);

/**
 * Issue 29, "Deployed as operators deploy it": the shipped deploy/ configurations, run by the real
 * nginx and Caddy with TLS on ports other than 443, in front of two production instances on one
 * PostgreSQL. Each client leaves from a loopback address of its own (127.0.0.x), so the app can
 * tell a visitor from the proxy (127.0.0.1).
 */
describe.skipIf(skipped)(
  `the shipped nginx and Caddy in front of two instances${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let dir: string;
    let certificate: Certificate;
    let scratch: ScratchDatabase;
    let database: Database;
    let members: Member[];
    let apps: AppProcess[] = [];
    let ports: { http: number; https: number };
    let site: string;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-proxies-"));
      certificate = makeCertificate(dir);
      ports = { http: await freePort(), https: await freePort() };
      site = `https://127.0.0.1:${ports.https}`;
      scratch = await createScratchDatabase();
      database = await openScratch(scratch.url);
      members = await createMembers(database, 2);
      const env = { DATABASE_URL: scratch.url, SITE_URL: site, TRUST_PROXY: "1" };
      apps = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.stop()));
      await database?.close();
      await scratch?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const proxies: Array<[string, (setup: ProxySetup) => Promise<RunningProxy>, number]> = [
      ["nginx", startNginx, 2],
      ["Caddy", startCaddy, 5],
    ];
    describe.each(proxies)("behind %s", (name, start, firstAddress) => {
      let proxy: RunningProxy;
      const visitor = `127.0.0.${firstAddress}`;
      const chatter = `127.0.0.${firstAddress + 1}`;
      const other = `127.0.0.${firstAddress + 2}`;
      const seen: number[] = [];
      const get = (url: string, from = visitor, headers: Record<string, string> = {}) =>
        request(url, { ca: certificate.pem, from, headers });
      const post = (pathname: string, fields: Record<string, string>, from = visitor, headers = {}) =>
        request(`${site}${pathname}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site, ...headers },
          body: new URLSearchParams(fields).toString(),
          ca: certificate.pem,
          from,
        });

      beforeAll(async () => {
        const own = path.join(dir, name);
        fs.mkdirSync(own);
        const upstreams = apps.map((app) => new URL(app.url).host);
        proxy = await start({ dir: own, httpPort: ports.http, httpsPort: ports.https, upstreams, certificate });
        seen.push(...apps.map((app) => app.output().length));
      });
      afterAll(() => proxy?.stop());

      it("redirects http to https at SITE_URL's origin, and the app sends HSTS there", async () => {
        const plain = await get(`http://127.0.0.1:${ports.http}/faq?from=mail`);
        expect([301, 308], proxy.logs()).toContain(plain.status);
        const location = plain.headers.get("location") ?? "";
        expect(location).toBe(`${site}/faq?from=mail`);
        const page = await get(location);
        expect(page.status, proxy.logs()).toBe(200);
        expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d{8,}/);
      });

      it("signs in with a __Host- Secure cookie, on the visitor's address, whatever X-Forwarded-For they wrote", async () => {
        const member = (name === "nginx" ? members[0] : members[1]) as Member;
        const signIn = await post(
          "/sacred-access",
          { emailOrUsername: member.username, password: member.password, redirectTo: "" },
          visitor,
          { "X-Forwarded-For": "6.6.6.6" },
        );
        expect(signIn.status, await signIn.clone().text()).toBe(303);
        const session = signIn.headers.getSetCookie().find((c) => c.includes("session_token="));
        expect(session).toMatch(/^__Host-sacred\.session_token=/);
        expect(session).toMatch(/; Secure/i);
        expect(session).not.toMatch(/Domain=/i);
        const dashboard = await get(`${site}/dashboard`, visitor, { cookie: cookiesOf(signIn) });
        expect(dashboard.status).toBe(200);
        const rows = await database.db.select().from(sessions).where(eq(sessions.userId, member.id));
        expect(rows.map((row) => row.ipAddress)).toEqual([visitor]);
      });

      it("takes the public forms (contact, newsletter, request access) and refuses a cross-site post", async () => {
        const email = `${name.toLowerCase()}-visitor@example.org`;
        const forms: Array<[string, Record<string, string>]> = [
          ["/contact", { name: "Noor Visitor", email, message: `Written through ${name}.` }],
          ["/newsletter", { email }],
          ["/request-access", { name: "Noor Visitor", email, reason: `Asked through ${name}.` }],
        ];
        for (const [pathname, fields] of forms) {
          const res = await post(pathname, fields);
          expect(res.status, `${pathname}: ${await res.clone().text()}`).toBe(303);
        }
        const forged = await post("/contact", forms[0]?.[1] ?? {}, visitor, { Origin: "https://evil.example" });
        expect(forged.status).toBe(403);
      });

      it("holds the rate limits to the visitor's address: a written X-Forwarded-For picks no other", async () => {
        const chat = (from: string, forwardedFor: string) =>
          post("/guide-chat", { message: "Where do I begin?" }, from, { "X-Forwarded-For": forwardedFor });
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) statuses.push((await chat(chatter, `198.51.100.${i}`)).status);
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
        expect((await chat(other, "198.51.100.1")).status, "another visitor keeps their own budget").toBe(200);
        const keys = (await database.db.select().from(rateLimits)).map((row) => row.key);
        expect(keys).toContain(`guide-chat:${chatter}`);
        expect(keys.filter((key) => key.includes("198.51.100.") || key.endsWith(":127.0.0.1"))).toEqual([]);
      });

      it("spread the visitors over both instances", () => {
        apps.forEach((app, i) => {
          expect(app.output().slice(seen[i]), `instance ${i + 1}`).toContain('"msg":"request"');
        });
      });
    });
  },
);
