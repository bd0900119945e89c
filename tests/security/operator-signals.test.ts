import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, get, signIn } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import {
  expectNoSecretsInLogs,
  type LoggedServer,
  rememberCookie,
  rememberSecret,
  startLoggedServer,
} from "../support/logged-server";
import { postForm } from "../support/server";

const TOKEN = "metrics-token-for-the-scraper-0123456789";
/** The JSON log lines written since `from` (the log is the whole process's: both backends' servers write to it). */
const lines = (server: LoggedServer, from: number) =>
  server
    .logs()
    .slice(from)
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/**
 * What an operator reads in an incident (issue 29): request lines with the client's address and the
 * account (never an email), failed sign-ins and refusals as events, 404s below warning, and metrics
 * that only the scraper holding the token can read, counted by route pattern, never by path.
 */
describeEachBackend("logs and metrics for operators", (backend) => {
  let server: LoggedServer;
  beforeAll(async () => {
    server = await startLoggedServer(backend, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.close());

  it("logs who asked from where, failed sign-ins and refusals as events, and 404s below warning", async () => {
    const from = server.logs().length;
    const member = await createAccount(server, "member", "Wiktoria Ząbek");
    rememberSecret(member.password, member.email);
    const { cookie } = await signIn(server, member.username, member.password);
    rememberCookie(cookie);
    expect((await get(server, "/journals", cookie)).status).toBe(200);
    // A request line is written once its answer has gone, which can be just after the client read it.
    const journals = () => lines(server, from).find((l) => l.msg === "request" && l.path === "/journals");
    await expect.poll(journals).toMatchObject({ ip: "127.0.0.1", account: member.id, status: 200 });

    for (let i = 0; i < 6; i++) {
      await postForm(server, "/sacred-access", { emailOrUsername: member.email, password: `wrong-password-${i}` });
      rememberSecret(`wrong-password-${i}`);
    }
    const failed = lines(server, from).filter((l) => l.event === "sign-in-failed");
    expect(failed).toHaveLength(5);
    expect(failed[0]).toMatchObject({ account: member.id, ip: "127.0.0.1" });
    expect(lines(server, from).filter((l) => l.event === "sign-in-limited")).toHaveLength(1);
    await expect
      .poll(() => lines(server, from).find((l) => l.event === "rate-limited"))
      .toMatchObject({
        status: 429,
        path: "/sacred-access",
      });

    expect((await fetch(`${server.url}/wp-login.php`)).status).toBe(404);
    const scanner = () => lines(server, from).filter((l) => String(l.path ?? "").includes("wp-login"));
    await expect.poll(() => scanner().length).toBeGreaterThan(0);
    for (const line of scanner()) expect(line.level).toBeLessThan(40);
  });

  it("serves metrics to the scraper's token only, by route pattern, with the outbox and the event loop", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN.slice(1)}x` } });
    expect(wrong.status).toBe(401);
    const token = "Zq8xN2vYbT4kLp0sWd7eRf3gHj6mCa1u9QiEoPy5abc";
    await fetch(`${server.url}/reset-password/${token}`);
    await fetch(`${server.url}/magic/not-an-article-1234`);
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toContain('http_requests_total{route="/reset-password/:token",method="GET",status="200"}');
    expect(text).toContain('http_requests_total{route="/journals",method="GET",status="200"}');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",route="\/magic\/:slug",method="GET"\}/);
    expect(text).toMatch(/mail_outbox\{status="pending"\} \d+/);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).not.toContain(token);
    expect(text).not.toContain("not-an-article-1234");
  });

  it("serves no metrics without METRICS_TOKEN", async () => {
    const plain = await startLoggedServer(backend);
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("logs no password, token, cookie, email or sensitive text over the whole file", () => expectNoSecretsInLogs());
});
