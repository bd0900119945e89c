// `/metrics` as Prometheus reads it: `promtool check metrics` lints the exposition (counters end in
// _total and nothing else does, every metric has help, units in the name) and exits non-zero on any
// problem. The metrics' contents are tested in tests/security/operator-signals.test.ts.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get } from "../support/accounts";
import { startTestServer, type TestServer } from "../support/server";

const TOKEN = "metrics-token-for-promtool-0123456789abcdef";

describe("/metrics (promtool check metrics)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("pglite", { METRICS_TOKEN: TOKEN });
    // Some traffic, so the request counters and histograms have series to lint.
    for (const path of ["/", "/faq", "/no-such-page"]) await (await get(server, path)).text();
  });
  afterAll(() => server.close());

  it("passes Prometheus's linter with no problem", async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("# TYPE http_requests_total counter");
    expect(text).toContain("nodejs_active_handles{");
    const lint = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${lint.stdout}${lint.stderr}`.trim()).toBe("");
    expect(lint.status).toBe(0);
  });
});
