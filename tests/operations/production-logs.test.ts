// In production every line the server process writes, on stdout and on stderr, is one JSON object
// (pino's), so that a log collector parses the whole output: the serving line, warnings and
// refusals included (server/operator-output.ts). A real process of the production build.
import { describe, expect, it } from "vitest";
import { startAppProcess } from "../support/app-process";
import { LEVEL, logLines } from "../support/log-lines";

describe("a production server's output", () => {
  it("is JSON lines only, from the serving line to the shutdown", async () => {
    // productionSettings points PayPal and here SMTP at closed ports: two start-up warnings.
    const app = await startAppProcess({ SMTP_URL: "smtp://127.0.0.1:9", LOG_LEVEL: "info" });
    try {
      expect((await fetch(`${app.url}/`)).status).toBe(200);
      expect((await fetch(`${app.url}/no-such-page-here`)).status).toBe(404);
      // A form post from another site: refused.
      const refused = await fetch(`${app.url}/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example" },
        body: "email=someone%40example.org",
      });
      expect(refused.status).toBe(403);
    } finally {
      expect((await app.stop("SIGTERM")).code).toBe(0);
    }

    // logLines fails on the first line that is not a JSON object with a level and a msg.
    const stdout = logLines(app.stdout());
    const stderr = logLines(app.stderr());
    const all = [...stdout, ...stderr];
    const serving = all.find((line) => line.msg.startsWith("Sacred Path Congregation is serving on"));
    expect(serving, "the serving line, as a log line").toMatchObject({
      level: LEVEL.info,
      msg: expect.stringMatching(
        /^Sacred Path Congregation is serving on http:\/\/localhost:\d+ \(listening on 127\.0\.0\.1: this machine only\)$/,
      ),
      url: `http://localhost:${new URL(app.url).port}`,
      listening: "127.0.0.1",
      reach: "this machine only",
    });
    expect(all.find((line) => line.msg.startsWith("PayPal's credentials could not be checked"))).toMatchObject({
      level: LEVEL.warn,
    });
    expect(all.some((line) => line.msg.startsWith("WARNING"))).toBe(false);
    expect(all.find((line) => line.msg === "request" && line.status === 404)).toBeDefined();
    expect(all.find((line) => line.msg === "request" && line.status === 403)).toMatchObject({ method: "POST" });
    expect(all.find((line) => line.msg === "shutting down")).toMatchObject({ signal: "SIGTERM" });
  });

  it("says that online payment is off in an info line of its own, after the serving line", async () => {
    const app = await startAppProcess({
      PAYMENT_PROVIDER: "none",
      PAYPAL_CLIENT_ID: "",
      PAYPAL_CLIENT_SECRET: "",
      PAYPAL_WEBHOOK_ID: "",
    });
    await app.stop();
    const lines = logLines(app.output());
    const serving = lines.findIndex((line) => line.msg.includes("is serving on"));
    expect(serving).toBeGreaterThanOrEqual(0);
    expect(lines[serving + 1]).toMatchObject({
      level: LEVEL.info,
      msg: "Online payment is off (PAYMENT_PROVIDER=none): giving and booking point to the Contact page.",
    });
  });
});
