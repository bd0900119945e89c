import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, freePort, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { signInPage } from "../support/browser-accounts";

/*
 * Issue 32: passkeys in a real browser, with Chromium's virtual authenticator (the DevTools
 * WebAuthn domain) standing in for a phone's fingerprint reader: added on /profile, used to sign
 * in from the sign-in page's button, removed, and then refused. A passkey's site is a domain, not
 * an address, so this server's SITE_URL is http://localhost:<port>.
 */

let app: AppProcess;
let browser: Browser;
let base: string;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  app = await startTestingAppProcess({ PORT: String(port), SITE_URL: base });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A virtual platform authenticator with user verification (a fingerprint that always matches). */
async function withAuthenticator(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

describe("passkeys in Chromium", () => {
  it("adds a passkey on /profile, signs in with it by autofill and by the button, removes it, and then it signs no one in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await withAuthenticator(context, page);
    await signInPage(page, base, member.username, member.password);
    await page.waitForURL(`${base}/dashboard`);

    await page.goto(`${base}/profile#passkeys`);
    const card = page.locator("#passkeys");
    await card.getByLabel("Name for the new passkey").fill("This laptop");
    await card.getByRole("button", { name: "Add a Passkey" }).click();
    await page.waitForURL(/done=passkey-added/);
    await expect.poll(() => card.getByText("This laptop").first().isVisible()).toBe(true);
    expect(await card.getByText("not used yet").isVisible()).toBe(true);

    // Signed out, the sign-in page offers the passkey as the username field's autofill; this
    // authenticator picks it at once, as a person would from the list. No password is typed.
    await context.clearCookies();
    await page.goto(`${base}/sacred-access`);
    await page.waitForURL(`${base}/dashboard`);

    // Where the browser has no such autofill, the button asks for the passkey.
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await context.clearCookies();
    await page.goto(`${base}/sacred-access`);
    await page.getByRole("button", { name: "Sign In with a Passkey" }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.goto(`${base}/profile#passkeys`);
    await expect.poll(() => card.getByText(/last used/).isVisible()).toBe(true);

    await card.getByRole("button", { name: "Remove This laptop" }).click();
    await page.waitForURL(/done=passkey-removed/);
    await expect.poll(() => card.getByText("This laptop").count()).toBe(0);

    // The authenticator still holds the passkey, but the site no longer knows it.
    await context.clearCookies();
    await page.goto(`${base}/sacred-access`);
    await page.getByRole("button", { name: "Sign In with a Passkey" }).click();
    await expect
      .poll(() =>
        page.getByText("That passkey could not sign you in. Please try again, or use your password.").isVisible(),
      )
      .toBe(true);
    expect(page.url()).toBe(`${base}/sacred-access`);
    await context.close();
  });
});
