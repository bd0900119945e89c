import { afterAll, beforeAll, expect, it } from "vitest";
import { rateLimits } from "../../db/schema";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

const contact = { name: "Ana Ruiz", email: "ana@example.org", message: "A question about preparation." };

/**
 * server/app.ts's TRUST_PROXY: the client IP, seen through contact's per-IP rate limit (its key in
 * rate_limits, and its 429), is X-Forwarded-For's entry the hop count points at, counted from the
 * right: a proxy appends the address it saw, everything left of it is the client's own writing.
 */
describeEachBackend("the client IP behind a proxy", (backend) => {
  const servers: Record<string, TestServer> = {};
  beforeAll(async () => {
    for (const trust of ["true", "2", "false"]) {
      servers[trust] = await startTestServer(backend, { TRUST_PROXY: trust });
    }
  });
  afterAll(async () => {
    for (const server of Object.values(servers)) await server.close();
  });

  async function clientIpOf(trust: string, forwardedFor: string): Promise<string> {
    const server = servers[trust] as TestServer;
    await server.database.db.delete(rateLimits);
    expect((await postForm(server, "/contact", contact, { "X-Forwarded-For": forwardedFor })).status).toBe(303);
    const keys = (await server.database.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toHaveLength(1);
    return (keys[0] ?? "").replace(/^contact:/, "");
  }

  it("takes the right-most entry with TRUST_PROXY=true (one proxy), whatever the client put before it", async () => {
    expect(await clientIpOf("true", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await clientIpOf("true", "203.0.113.7")).toBe("203.0.113.7");
    // A client that writes a new left-most address each time still meets its own limit.
    const server = servers.true as TestServer;
    await server.database.db.delete(rateLimits);
    const from = (i: number) => ({ "X-Forwarded-For": `6.6.6.${i}, 203.0.113.7` });
    for (let i = 0; i < 5; i++) expect((await postForm(server, "/contact", contact, from(i))).status).toBe(303);
    expect((await postForm(server, "/contact", contact, from(9))).status).toBe(429);
    expect((await postForm(server, "/contact", contact, { "X-Forwarded-For": "198.51.100.1" })).status).toBe(303);
  });

  it("takes the second entry from the right with two hops", async () => {
    expect(await clientIpOf("2", "6.6.6.6, 203.0.113.7, 198.51.100.20")).toBe("203.0.113.7");
  });

  it("takes the socket address with TRUST_PROXY=false", async () => {
    expect(await clientIpOf("false", "6.6.6.6, 203.0.113.7")).toBe("127.0.0.1");
  });
});
