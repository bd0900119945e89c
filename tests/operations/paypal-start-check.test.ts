import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionSettings, startAppProcess } from "../support/app-process";
import { LEVEL, logLines, refusal } from "../support/log-lines";
import { type PaypalStandIn, paypalSettings, startPaypalStandIn } from "../support/paypal-stand-in";
import { runCommand } from "../support/run-command";

/** Runs the built production server to its exit, with only these settings. */
function runProduction(env: Record<string, string>) {
  return runCommand(process.execPath, ["build/server-main.js"], {
    PATH: process.env.PATH ?? "",
    ...productionSettings("http://127.0.0.1:3999"),
    PORT: "0",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "paypal-check-")),
    ...env,
  });
}

// Real processes on a machine that may be busy: generous limits.
describe("the start-up check of PayPal's credentials", () => {
  let standIn: PaypalStandIn;
  beforeAll(async () => {
    standIn = await startPaypalStandIn();
  });
  afterAll(() => standIn.close());

  const tokenRequests = () => standIn.requests.filter((r) => r.path === "/v1/oauth2/token").length;

  it("refuses to start when PayPal answers 401 invalid_client, saying what to fix and never the secret", async () => {
    const before = tokenRequests();
    const result = await runProduction({ ...paypalSettings(standIn.url), PAYPAL_CLIENT_SECRET: "a-wrong-secret-42" });
    expect(result.status).toBe(1);
    const message = refusal(result.stderr);
    expect(message).toContain("PayPal refused PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET");
    expect(message).toContain("(PAYPAL_ENV=live): HTTP 401 invalid_client");
    expect(message).toContain("sandbox credentials need PAYPAL_ENV=sandbox");
    expect(result.stderr + result.stdout).not.toContain("a-wrong-secret-42");
    expect(result.stdout).not.toContain("is serving on");
    // One token request, the check's.
    expect(tokenRequests() - before).toBe(1);
  });

  it("starts quietly when PayPal accepts the credentials", async () => {
    const before = tokenRequests();
    const app = await startAppProcess(paypalSettings(standIn.url));
    try {
      expect(tokenRequests() - before).toBe(1);
      const lines = logLines(app.output());
      expect(lines.some((line) => line.msg.includes("is serving on"))).toBe(true);
      expect(lines.filter((line) => line.level >= LEVEL.warn)).toEqual([]);
    } finally {
      await app.stop();
    }
  });

  it("warns and starts when PayPal cannot be reached", async () => {
    // productionSettings points PayPal at a closed port.
    const app = await startAppProcess();
    try {
      const warning = logLines(app.output()).find((line) => line.msg.includes("PayPal's credentials"));
      expect(warning).toMatchObject({
        level: LEVEL.warn,
        msg: expect.stringMatching(/^PayPal's credentials could not be checked at 127\.0\.0\.1:9 .*Starting anyway/),
        paypalEnv: "live",
      });
      expect((await fetch(`${app.url}/donation`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it("says loudly with its serving line that a production server on PayPal's sandbox takes no real money", async () => {
    const app = await startAppProcess({ ...paypalSettings(standIn.url), PAYPAL_ENV: "sandbox" });
    try {
      const lines = logLines(app.output());
      const serving = lines.findIndex((line) => line.msg.includes("is serving on"));
      expect(serving).toBeGreaterThanOrEqual(0);
      expect(lines[serving + 1]).toMatchObject({
        level: LEVEL.warn,
        msg: expect.stringMatching(/^PAYPAL_ENV=sandbox on a production server: .*no real money/),
        paypalEnv: "sandbox",
      });
    } finally {
      await app.stop();
    }
  });

  it("starts in production without PayPal's settings when online payment is off, and says so", async () => {
    const before = tokenRequests();
    const app = await startAppProcess({
      PAYMENT_PROVIDER: "none",
      PAYPAL_CLIENT_ID: "",
      PAYPAL_CLIENT_SECRET: "",
      PAYPAL_WEBHOOK_ID: "",
      PAYPAL_API_URL: standIn.url,
    });
    try {
      expect(app.output()).toContain("Online payment is off (PAYMENT_PROVIDER=none)");
      expect(tokenRequests() - before).toBe(0);
    } finally {
      await app.stop();
    }
  });
});
