import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

/**
 * A stranger cannot lock you out (issue 32, decision 007): a browser that signed in to an account
 * before keeps its own guessing budget for it, so 100 failures from 20 addresses stop unknown
 * browsers only. The clients' addresses come from X-Forwarded-For behind one trusted proxy.
 */
describeEachBackend("a known device keeps its own budget", (backend) => {
  let server: TestServer;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: "true" });
    owner = await createAccount(server, "member", "Olga Żółć");
    other = await createAccount(server, "member", "王小明");
  });
  afterAll(() => server.close());

  const attempt = (from: string, account: TestAccount, password: string, cookie = "") =>
    postForm(
      server,
      "/sacred-access",
      { emailOrUsername: account.username, password },
      { "X-Forwarded-For": from, ...(cookie ? { cookie } : {}) },
    );
  /** The known-device cookie a sign-in set, as a Cookie header. */
  const deviceOf = (res: Response) => {
    const line = res.headers.getSetCookie().find((c) => c.startsWith("sacred.known_device="));
    expect(line, "a sign-in remembers its browser").toBeDefined();
    expect(line).toMatch(/; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    return (line ?? "").split(";")[0] ?? "";
  };

  it("lets the owner in from their browser after 100 failures from 20 addresses, and nobody else", async () => {
    const first = await attempt("198.51.100.10", owner, owner.password);
    expect(first.status).toBe(303);
    const device = deviceOf(first);
    const otherDevice = deviceOf(await attempt("198.51.100.20", other, other.password));

    for (let i = 0; i < 100; i++) {
      expect((await attempt(`192.0.2.${Math.floor(i / 5)}`, owner, `spread-${i}`)).status).toBe(401);
    }
    // An unknown browser, even with the right password from a fresh address, is held back.
    expect((await attempt("198.51.100.11", owner, owner.password)).status).toBe(429);
    // Another account's device, or this device's cookie changed by hand, is an unknown browser.
    expect((await attempt("198.51.100.11", owner, owner.password, otherDevice)).status).toBe(429);
    const [name, value = ""] = device.split("=");
    const forged = `${name}=${value.split(".")[0]}.${"A".repeat(43)}`;
    expect((await attempt("198.51.100.11", owner, owner.password, forged)).status).toBe(429);
    // The owner's own browser, from another network (a phone on the move): signed in.
    const back = await attempt("198.51.100.12", owner, owner.password, device);
    expect(back.status).toBe(303);
    // The same browser keeps its device id.
    expect(deviceOf(back).split(".")[0]).toBe(device.split(".")[0]);
  });

  it("still bounds guessing from the known browser itself", async () => {
    const signedIn = await attempt("198.51.100.30", other, other.password);
    const device = deviceOf(signedIn);
    // Ten failures a quarter hour per device, over addresses that each stay under their own limit.
    for (let i = 0; i < 10; i++) {
      expect((await attempt(`203.0.113.${Math.floor(i / 4)}`, other, `wrong-${i}`, device)).status).toBe(401);
    }
    expect((await attempt("203.0.113.50", other, other.password, device)).status).toBe(429);
  });
});
