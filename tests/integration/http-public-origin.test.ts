import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema";
import { type LoggedServer, startLoggedServer } from "../support/logged-server";
import { sendRaw, startTestServer, type TestServer } from "../support/server";

const contact = new URLSearchParams({ name: "Ana Ruiz", email: "ana@example.org", message: "A question." });

/** A contact post as a proxy hands it on: its own Host and forwarded headers, the browser's Origin. */
async function postThrough(server: TestServer, headers: Record<string, string>): Promise<Response> {
  await server.database.db.delete(rateLimits);
  return sendRaw(`${server.url}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: contact.toString(),
  });
}

/**
 * DESIGN.md "Deployment": with SITE_URL set, the origin every form post must come from is SITE_URL's,
 * whatever Host or forwarded headers a proxy sends (issue 29: nginx's `Host $host` on a port other
 * than 443, or no X-Forwarded-Proto, refused every form with a 400).
 */
describe("the site's origin behind a proxy", () => {
  const site = "https://sacred.example:8443";
  const servers: Record<string, LoggedServer> = {};
  beforeAll(async () => {
    for (const trust of ["false", "true"]) {
      servers[trust] = await startLoggedServer("pglite", { SITE_URL: site, TRUST_PROXY: trust });
    }
  });
  afterAll(async () => {
    for (const server of Object.values(servers)) await server.close();
  });

  it("takes a post from SITE_URL's origin whatever Host and X-Forwarded-Proto arrive, with any TRUST_PROXY", async () => {
    for (const [trust, server] of Object.entries(servers)) {
      const hosts = ["sacred.example", "sacred.example:8443", new URL(server.url).host, "app:3000"];
      for (const host of hosts) {
        for (const proto of ["https", "http", undefined]) {
          const forwarded: Record<string, string> = proto
            ? { "X-Forwarded-Proto": proto, "X-Forwarded-For": "203.0.113.9" }
            : {};
          const res = await postThrough(server, { Origin: site, Host: host, ...forwarded });
          expect(res.status, JSON.stringify({ trust, host, proto })).toBe(303);
        }
      }
    }
  });

  it("refuses a forged cross-site post, even with a Host and scheme that match its Origin", async () => {
    const server = servers.true as LoggedServer;
    const forgeries: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { Origin: "https://evil.example", Host: "evil.example", "X-Forwarded-Proto": "https" },
      { Origin: "https://sacred.example:8443.evil.example", Host: "sacred.example" },
      { Origin: "http://sacred.example:8443", Host: "sacred.example:8443" },
    ];
    for (const forged of forgeries) {
      expect((await postThrough(server, forged)).status, JSON.stringify(forged)).toBe(403);
    }
  });

  it("says what to set when the site is reached at an address that is not SITE_URL", async () => {
    const server = servers.false as LoggedServer;
    const direct = await postThrough(server, { Origin: server.url, Host: new URL(server.url).host });
    expect(direct.status).toBe(403);
    expect(await direct.text()).toBe(
      `This form was sent from ${server.url}, but this site's address is ${site}. Open ${site} and try again.`,
    );
    const www = await postThrough(server, { Origin: "https://www.sacred.example", Host: "www.sacred.example" });
    expect(www.status).toBe(403);
    const told = server
      .logs()
      .split("\n")
      .filter((line) => line.includes("form post refused"));
    expect(told.join("\n")).toContain(`set SITE_URL=${server.url}`);
    expect(told.join("\n")).toContain("set SITE_URL=https://www.sacred.example");
    await postThrough(server, { Origin: server.url, Host: new URL(server.url).host });
    expect(server.logs().split(`set SITE_URL=${server.url}`)).toHaveLength(2);
  });

  it("says once when X-Forwarded-For and TRUST_PROXY disagree", async () => {
    await postThrough(servers.false as LoggedServer, { Origin: site, "X-Forwarded-For": "203.0.113.9" });
    await sendRaw(`${(servers.true as LoggedServer).url}/contact`, { method: "GET" });
    const logs = (servers.true as LoggedServer).logs();
    expect(logs.split("carries X-Forwarded-For but TRUST_PROXY is false")).toHaveLength(2);
    expect(logs.split("came without X-Forwarded-For")).toHaveLength(2);
    expect(logs).toContain("set TRUST_PROXY=1");
  });
});

describe("a development start (no SITE_URL)", () => {
  let server: TestServer;
  let loopback: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
    loopback = await startTestServer("pglite", { SITE_URL: "http://localhost:3000" });
  });
  afterAll(async () => {
    await server?.close();
    await loopback?.close();
  });

  it("takes posts from the address the browser used, and no other", async () => {
    const { port } = new URL(server.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await postThrough(server, { Origin: `http://${host}`, Host: host })).status, host).toBe(303);
    }
    expect((await postThrough(server, { Origin: `http://localhost:${port}`, Host: `127.0.0.1:${port}` })).status).toBe(
      403,
    );
  });

  it("answers a loopback SITE_URL under localhost, 127.0.0.1 and [::1] at its scheme and port", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect((await postThrough(loopback, { Origin: `http://${host}`, Host: host })).status, host).toBe(303);
    }
    expect((await postThrough(loopback, { Origin: "http://127.0.0.1:3001", Host: "127.0.0.1:3001" })).status).toBe(403);
  });
});
