import http from "node:http";
import { describe, expect, it } from "vitest";
import { startAppProcess } from "../support/app-process";

/** One GET on the given agent's connection; resolves with the status, the Connection header and the body. */
function get(url: string, agent: http.Agent): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on("error", reject);
  });
}

/**
 * Issue 46, "Restarts that drop nothing": what a proxy sees of an instance that is told to stop
 * (docs/deployment.md, "Several instances behind a proxy"). tests/reliability/rolling-restart.test.ts
 * checks the whole restart behind the real nginx and Caddy.
 */
describe("an instance told to stop (SIGTERM) while a health checker watches /readyz", () => {
  it("answers /readyz 503 with Connection: close before it stops taking connections, then exits cleanly", async () => {
    const app = await startAppProcess();
    // A health checker on a kept-alive connection: it asks again and again.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await get(`${app.url}/readyz`, agent);
    expect(before.status).toBe(200);
    expect(before.connection).toBe("keep-alive");
    expect((await get(`${app.url}/readyz`, agent)).status).toBe(200);

    const stopped = app.stop("SIGTERM");
    let answer = before;
    // Ready until the signal is handled; from then on the instance says it is going, and keeps
    // serving until the checker has heard it.
    for (let i = 0; i < 100 && answer.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      answer = await get(`${app.url}/readyz`, agent);
    }
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "draining" });
    expect(answer.connection, "the checker's connection is closed after the answer").toBe("close");
    const { code, ms } = await stopped;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);
    await expect(get(`${app.url}/readyz`, agent)).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });
});
