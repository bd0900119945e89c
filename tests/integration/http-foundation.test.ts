import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("foundation over HTTP", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", version: null, commit: null }); // the test server is given no release
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: backend });
  });

  it("gzips pages and built files for browsers that ask, and nothing for those that do not", async () => {
    const page = await fetch(`${server.url}/faq`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    expect(html).toContain("</html>");
    const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const file = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(file.headers.get("content-encoding")).toBe("gzip");
    expect((await file.text()).length).toBeGreaterThan(1000);
    const plain = await fetch(`${server.url}/faq`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it("sets the security headers on pages, files and errors", async () => {
    for (const path of ["/", "/favicon.svg", "/no-such-page", "/healthz"]) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy"), path).toContain("microphone=(self)");
      expect(res.headers.get("x-powered-by"), path).toBeNull();
    }
  });

  it("allows exactly the page's own inline scripts by hash", async () => {
    const res = await fetch(`${server.url}/magic`);
    const html = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/application\/ld\+json/.test(m[1] ?? ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) {
      const hash = createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
  });

  it("gives anonymous visitors no cookies and caches public pages", async () => {
    server.clearPageCache();
    const first = await fetch(`${server.url}/faq`);
    expect(first.headers.get("set-cookie")).toBeNull();
    expect(first.headers.get("cache-control")).toContain("public");
    // A signed-in visitor's copy differs: a shared cache keys it by the cookie.
    expect(first.headers.get("vary")).toContain("Cookie");
    expect(first.headers.get("x-page-cache")).toBeNull();
    const second = await fetch(`${server.url}/faq`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(await second.text()).toBe(await first.text());
    const withCookie = await fetch(`${server.url}/faq`, { headers: { Cookie: "x=1" } });
    expect(withCookie.headers.get("x-page-cache")).toBeNull();
  });

  it("answers a cached page in the encoding asked for: brotli, gzip or none, the same page each way", async () => {
    server.clearPageCache();
    const stored = await (await fetch(`${server.url}/faq`, { headers: { "accept-encoding": "identity" } })).text();
    for (const [asked, encoding] of [
      ["gzip, deflate, br, zstd", "br"], // what browsers send: brotli first, as the compression middleware picks
      ["gzip", "gzip"],
      ["identity", null],
      ["br;q=0, gzip;q=0.5", "gzip"],
    ] as const) {
      const hit = await fetch(`${server.url}/faq`, { headers: { "accept-encoding": asked } });
      expect(hit.headers.get("x-page-cache"), asked).toBe("hit");
      expect(hit.headers.get("content-encoding"), asked).toBe(encoding);
      expect(hit.headers.get("vary"), asked).toMatch(/Cookie.*Accept-Encoding/);
      expect(await hit.text(), asked).toBe(stored); // fetch decodes it
    }
    const head = await fetch(`${server.url}/faq`, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(head.headers.get("content-encoding")).toBeNull();
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(stored));
  });

  it("gives each visitor of a cached page with forms their own one-time keys, compressed or not", async () => {
    server.clearPageCache();
    const keyOf = (html: string) =>
      /name="_key"[^>]*value="([0-9a-f-]{36})"|value="([0-9a-f-]{36})"[^>]*name="_key"/.exec(html);
    const keys = new Set<string>();
    for (const [i, asked] of ["identity", "gzip", "gzip", "br", "br"].entries()) {
      const res = await fetch(`${server.url}/contact`, { headers: { "accept-encoding": asked } });
      expect(res.headers.get("x-page-cache"), asked).toBe(i === 0 ? null : "hit");
      const match = keyOf(await res.text());
      expect(match, asked).toBeTruthy();
      keys.add(match?.[1] ?? match?.[2] ?? "");
    }
    expect(keys.size).toBe(5);
  });

  it("answers unknown paths with 404 and the not-found page", async () => {
    const res = await fetch(`${server.url}/this/does/not/exist`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/href="\/"/);
    expect(res.headers.get("cache-control")).toContain("no-store");
  });

  it("redirects the spec's orphan paths permanently", async () => {
    const expected: Record<string, string> = {
      "/session-calendar": "/calendar",
      "/integration-sessions": "/integration",
      "/guided-meditations": "/meditations",
      "/sacred-resources": "/resources",
    };
    for (const [from, to] of Object.entries(expected)) {
      const res = await fetch(`${server.url}${from}`, { redirect: "manual" });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });

  it("refuses cross-site form posts", async () => {
    const res = await postForm(
      server,
      "/contact",
      { name: "A", email: "a@example.org", message: "Hello" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    const fetchSite = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: "name=A&email=a%40example.org&message=Hello",
    });
    expect(fetchSite.status).toBe(403);
  });
});

describe("request logs", () => {
  it("log one JSON line per request with id, method, path, status and duration, and no query or token", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const { createApp } = await import("../../server/app");
    const { openTestDatabase } = await import("../support/database");
    const { parseEnv } = await import("../../app/env.server");
    const path = await import("node:path");
    const { pathToFileURL } = await import("node:url");
    const build = await import(pathToFileURL(path.resolve("build/server/index.js")).href);
    const database = await openTestDatabase("pglite");
    const { app } = createApp({
      env: parseEnv({ NODE_ENV: "test" }),
      database,
      logger: pino({ level: "info" }, sink),
      build,
    });
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((r) => listener.once("listening", r));
    const port = (listener.address() as { port: number }).port;
    try {
      await (
        await fetch(`http://127.0.0.1:${port}/magic?q=secret-personal-query`, { headers: { Cookie: "session=abc" } })
      ).text();
      await (await fetch(`http://127.0.0.1:${port}/newsletter/confirm/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789`)).text();
    } finally {
      listener.closeAllConnections();
      await new Promise((r) => listener.close(r));
      await database.close();
    }
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(requests[0]).toMatchObject({ method: "GET", path: "/magic", status: 200 });
    expect(typeof requests[0].reqId).toBe("string");
    expect(typeof requests[0].durationMs).toBe("number");
    expect(requests[1].path).toBe("/newsletter/confirm/[token]");
    const all = lines.join("\n");
    expect(all).not.toContain("secret-personal-query");
    expect(all).not.toContain("session=abc");
    expect(all).not.toContain("AbCdEfGhIjKlMnOpQrStUvWxYz0123456789");
  });
});

describe("readiness", () => {
  it("answers 503 from /readyz when the database does not answer, while /healthz stays up", async () => {
    const server = await startTestServer("pglite");
    try {
      await server.database.close();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "unavailable" });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      server.database.close = async () => {};
      await server.close();
    }
  });
});
