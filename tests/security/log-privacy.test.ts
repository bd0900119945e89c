import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TOKEN_ROUTES } from "../../app/lib/token-routes";
import { createAccount, get, post, signIn } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import {
  expectNoSecretsInLogs,
  type LoggedServer,
  rememberCookie,
  rememberSecret,
  startLoggedServer,
} from "../support/logged-server";
import { postForm } from "../support/server";
import { appRoutes } from "./route-list";

/**
 * DESIGN.md "Data and privacy": personal data never in URLs or logs; sensitive data never logged.
 * Every file of this suite scans its own logs at the end; this one looks at the ways a value
 * could slip in: query strings, tokens in paths, form fields, and errors.
 */
describeEachBackend("what the logs keep", (backend) => {
  let server: LoggedServer;
  beforeAll(async () => {
    server = await startLoggedServer(backend);
  });
  afterAll(() => server?.close());

  it("logs each request by its path only: no query string, no token, no form field", async () => {
    const member = await createAccount(server, "member", "Lior Member");
    rememberSecret(member.password);
    const { cookie } = await signIn(server, member.username, member.password);
    rememberCookie(cookie);
    const query = "whispered-query-words-8812";
    const token = "Zq8xN2vYbT4kLp0sWd7eRf3gHj6mCa1u9QiEoPy5";
    rememberSecret(query, token);
    await get(server, `/journals?q=${query}`, cookie);
    await get(server, `/reset-password/${token}`);
    await get(server, `/newsletter/unsubscribe/${token}`);
    const wrongPassword = "hunter2-never-logged-4471";
    rememberSecret(wrongPassword);
    expect(
      (await postForm(server, "/sacred-access", { emailOrUsername: member.email, password: wrongPassword })).status,
    ).toBe(401);
    const journal = "The diary line no log may hold, 5531.";
    rememberSecret(journal);
    await post(server, "/journals", cookie, { title: "Private title 5531", content: journal, intensity: "4" });
    const logs = server.logs();
    expect(logs).toContain('"path":"/journals"');
    expect(logs).toContain('"path":"/reset-password/[token]"');
    expectNoSecretsInLogs(logs);
  });

  it("knows every page reached by a token link (each `:token` route of app/routes.ts)", async () => {
    const tokenPages = (await appRoutes()).filter((r) => r.pattern.endsWith("/:token")).map((r) => r.pattern);
    expect(tokenPages.length).toBeGreaterThan(0);
    expect(tokenPages.map((p) => p.replace(/:token$/, "")).sort()).toEqual(TOKEN_ROUTES.map((r) => r.prefix).sort());
  });

  it("logs no token of a token link, however it is asked for: page, data, query, failing posts, any case", async () => {
    let n = 0;
    for (const { prefix } of TOKEN_ROUTES) {
      // A token as ours look (43 base64url characters), one per use so a leak names its way in.
      const token = () => `Tk${String(++n).padStart(2, "0")}x${"N2vYbT4kLp0sWd7eRf3gHj6mCa1u9QiEoPy5z".slice(0, 38)}`;
      const ways = [
        (t: string) => fetch(`${server.url}${prefix}${t}`),
        (t: string) => fetch(`${server.url}${prefix}${t}.data`),
        (t: string) => fetch(`${server.url}${prefix}${t}.data?_routes=root`),
        (t: string) => fetch(`${server.url}${prefix}${t}?from=mail`),
        (t: string) => fetch(`${server.url}${prefix.toUpperCase()}${t}`),
        (t: string) => fetch(`${server.url}${prefix}${t}/`),
        (t: string) => postForm(server, `${prefix}${t}`, { intent: "nothing-we-know" }),
        (t: string) => postForm(server, `${prefix}${t}.data`, { password: "", confirmPassword: "x" }),
        (t: string) => postForm(server, `${prefix}${t}.data?index`, {}),
      ];
      for (const way of ways) {
        const t = token();
        rememberSecret(t);
        await way(t);
      }
    }
    expect(server.logs()).toContain('"path":"/welcome/[token]"');
    expectNoSecretsInLogs();
  });

  // drizzle-orm's error message quotes the failed statement's parameters ("params: ..."): logged
  // whole, a failed insert would write the person's name, email and message into the log.
  it("logs a failed insert by its reason, without the person's email or message", async () => {
    const email = "nadia.private.6620@example.org";
    // A constraint no row meets makes the insert fail inside PostgreSQL, as a full disk would.
    const db = server.database.db;
    await db.execute(sql`alter table contact_messages add constraint refuse_all check (false) not valid`);
    try {
      const res = await postForm(server, "/contact", {
        name: "Nadia",
        email,
        message: "A private story that cannot be stored.",
      });
      expect(res.status).toBe(503);
    } finally {
      await db.execute(sql`alter table contact_messages drop constraint refuse_all`);
    }
    // handleForm (app/forms/action.server.ts) logs the reason for any form's failed write.
    expect(server.logs()).toContain("form not stored");
    expect(server.logs()).not.toContain(email);
    expect(server.logs()).not.toContain("A private story");
  });

  it("logs no password, token, cookie or sensitive text over the whole file", () => expectNoSecretsInLogs());
});
