import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, get, signIn } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { expectNoSecretsInLogs, type LoggedServer, startLoggedServer } from "../support/logged-server";
import { postForm } from "../support/server";

/** The one-time keys a page's forms carry. */
const keysOf = (html: string) => [...html.matchAll(/name="_key" value="([^"]+)"/g)].map((m) => m[1]);

/** A request written byte for byte, so its target reaches the server as typed (fetch would normalise it). */
function rawStatus(url: string, target: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("end", () => resolve(Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)));
  });
}

/**
 * Answers meant for one visitor are never another's (docs/decisions/001 and 008): a cached page's
 * form keys, form answers through the app's data requests, token pages' data, and request targets
 * that would be read as another host.
 */
describeEachBackend("answers that are one visitor's", (backend) => {
  let server: LoggedServer;
  beforeAll(async () => {
    server = await startLoggedServer(backend, { PAYMENT_PROVIDER: "test" });
  });
  afterAll(() => server?.close());

  it("gives every visitor of a cached page their own form keys, and keeps shared caches from reusing it", async () => {
    server.clearPageCache();
    const pages = [];
    for (let i = 0; i < 3; i++) pages.push(await fetch(`${server.url}/donation`));
    expect(pages.map((p) => p.headers.get("x-page-cache"))).toEqual([null, "hit", "hit"]);
    for (const page of pages) expect(page.headers.get("cache-control")).toBe("public, no-cache");
    const keys = await Promise.all(pages.map(async (p) => keysOf(await p.text())));
    expect(keys[0]?.length).toBeGreaterThan(0);
    // Every key of every copy is new; nothing else differs.
    expect(new Set(keys.flat()).size).toBe(keys.flat().length);
    const [first, second] = await Promise.all(
      [`${server.url}/donation`, `${server.url}/donation`].map(async (u) => (await fetch(u)).text()),
    );
    const unkeyed = (html = "") => html.replace(/name="_key" value="[^"]+"/g, 'name="_key" value=""');
    expect(unkeyed(second)).toBe(unkeyed(first));
  });

  it("never answers a second visitor who sends the same fields with the first one's payment", async () => {
    server.clearPageCache();
    const fields = { tier: "custom", amount: "25", donorName: "Same Name", email: "same@example.org" };
    const give = async () => {
      const [key] = keysOf(await (await fetch(`${server.url}/donation`)).text());
      const res = await postForm(server, "/donation", { ...fields, _key: key ?? "" });
      expect(res.status).toBe(303);
      return res.headers.get("location");
    };
    const a = await give();
    const b = await give();
    expect(a).toMatch(/\/payments\/test\//);
    expect(b).toMatch(/\/payments\/test\//);
    expect(b).not.toBe(a);
  });

  it("never puts a member's name or email in what a visitor gets, after the member visited the shared pages", async () => {
    server.clearPageCache();
    const member = await createAccount(server, "member", "Wiktoria Nowak-Sacred");
    const { cookie } = await signIn(server, member.username, member.password);
    const pages = ["/donation", "/start-your-journey", "/donation.data", "/start-your-journey.data"];
    // The member visits first (their own name reaches them only through /me)...
    for (const path of pages) expect((await get(server, path, cookie)).status, path).toBe(200);
    const own = await get(server, "/me", cookie);
    expect(await own.json()).toEqual({ member: { name: member.name, email: member.email } });
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("vary")).toMatch(/cookie/i);
    // ...then a visitor: every page (from the page cache or not) and /me say nothing of the member.
    for (const path of [...pages, ...pages, "/me"]) {
      const text = await (await get(server, path)).text();
      expect(text, path).not.toContain(member.name);
      expect(text, path).not.toContain(member.email);
    }
    expect(await (await get(server, "/me")).json()).toEqual({ member: null });
  });

  it("sends every form answer and every token page's data as private, no-store", async () => {
    const bad = await postForm(server, "/contact.data", { name: "", email: "x", message: "" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("cache-control")).toBe("private, no-store");
    const good = await postForm(server, "/newsletter.data", { email: "reader@example.org" });
    expect(good.status).toBeLessThan(400);
    expect(good.headers.get("cache-control")).toBe("private, no-store");
    const token = "Zq8xN2vYbT4kLp0sWd7eRf3gHj6mCa1u9QiEoPy5abc";
    for (const path of [`/welcome/${token}.data`, `/newsletter/unsubscribe/${token}.data`]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("answers 400 to a request target that is not a path of this site", async () => {
    for (const target of ["//console/newsletter", "/\\console/newsletter", "http://console/newsletter", "*"]) {
      expect(await rawStatus(server.url, target), target).toBe(400);
    }
    expect(await rawStatus(server.url, "/faq")).toBe(200);
  });

  it("logs no password, token, cookie or sensitive text over the whole file", () => expectNoSecretsInLogs());
});
