import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, freePort, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { enrolTwoFactor, signInPage } from "../support/browser-accounts";

/*
 * Issue 32: passkeys in a real browser, with Chromium's virtual authenticator (the DevTools
 * WebAuthn domain) standing in for a phone's fingerprint reader: added on /profile, used to sign
 * in from the sign-in page's button, removed, and then refused; renamed; chosen as the step after
 * the password, where another account's passkey and another site's are refused. A passkey's site is a domain, not
 * an address, so this server's SITE_URL is http://localhost:<port>.
 */

let app: AppProcess;
let browser: Browser;
let base: string;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const REFUSED = "That passkey could not sign you in. Please try again, or use your password.";
const NOT_USED = "The passkey was not used: the prompt was closed or timed out. Please try again.";

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
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Adds a passkey of this name on /profile, as a person would, and waits for the page to say so. */
async function addPasskey(page: Page, name: string) {
  await page.goto(`${base}/profile#passkeys`);
  const card = page.locator("#passkeys");
  await card.getByLabel("Name for the new passkey").fill(name);
  await card.getByRole("button", { name: "Add a Passkey" }).click();
  await page.waitForURL(/done=passkey-added/);
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
    await expect.poll(() => page.getByText(REFUSED).isVisible()).toBe(true);
    expect(page.url()).toBe(`${base}/sacred-access`);
    await context.close();
  });

  it("takes the member's passkey as the step after the password, and refuses another account's and another site's", async () => {
    const context = await browser.newContext();
    // Autofill would sign in with a passkey before any password is typed: this test types them.
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await withAuthenticator(context, page);

    // A keeper's passkey in the same authenticator: the account the member's sign-in must not take.
    await signInPage(page, base, keeper.username, keeper.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${base}/console/two-factor`);
    await enrolTwoFactor(page, base, keeper.password);
    await addPasskey(page, "Keeper key");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    const keeperKey = Buffer.from(credentials[0]?.credentialId ?? "", "base64").toString("base64url");
    await context.clearCookies();

    await signInPage(page, base, member.username, member.password);
    await page.waitForURL(`${base}/dashboard`);
    await addPasskey(page, "Phone");
    const card = page.locator("#passkeys");
    await card.getByLabel("Passkey", { exact: true }).selectOption({ label: "Phone" });
    await card.getByLabel("New name").fill("Telefon Mai");
    await card.getByRole("button", { name: "Rename Passkey" }).click();
    await page.waitForURL(/done=passkey-renamed/);
    await expect.poll(() => card.getByText("Telefon Mai").first().isVisible()).toBe(true);
    await page.goto(`${base}/profile/two-factor`);
    await page.getByLabel("Confirm your password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Use My Passkeys for Two-Factor" }).click();
    await page.waitForURL(/done=two-factor-on/);
    await expect.poll(() => page.getByText(/On, with your passkeys/).isVisible()).toBe(true);

    // The password now waits for a passkey; the page asks for no code.
    await context.clearCookies();
    await signInPage(page, base, member.username, member.password);
    await page.waitForURL(/\/sacred-access\/two-factor/);
    expect(await page.locator('input[name="code"]').count()).toBe(0);
    await page.getByRole("button", { name: "Use a Passkey" }).click();
    await page.waitForURL(`${base}/dashboard`);

    // A copied page that asks for the keeper's passkey instead: the site refuses it for this sign-in.
    await context.clearCookies();
    await signInPage(page, base, member.username, member.password);
    await page.waitForURL(/\/sacred-access\/two-factor/);
    await page.route("**/passkeys/options", async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.options.allowCredentials = [{ id: keeperKey, type: "public-key" }];
      await route.fulfill({ response: res, json: body });
    });
    await page.getByRole("button", { name: "Use a Passkey" }).click();
    await expect.poll(() => page.getByText(REFUSED).isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/sacred-access\/two-factor/);
    await page.unroute("**/passkeys/options");
    await context.close();

    // Another browser whose authenticator holds only a passkey of another site: nothing to offer here.
    const other = await browser.newContext();
    await other.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const otherPage = await other.newPage();
    const elsewhere = await withAuthenticator(other, otherPage);
    await elsewhere.cdp.send("WebAuthn.addCredential", {
      authenticatorId: elsewhere.authenticatorId,
      credential: {
        credentialId: randomBytes(16).toString("base64"),
        isResidentCredential: true,
        rpId: "sacred-path.example.net",
        privateKey: generateKeyPairSync("ec", { namedCurve: "P-256" })
          .privateKey.export({ format: "der", type: "pkcs8" })
          .toString("base64"),
        userHandle: randomBytes(16).toString("base64"),
        signCount: 0,
      },
    });
    await signInPage(otherPage, base, member.username, member.password);
    await otherPage.waitForURL(/\/sacred-access\/two-factor/);
    await otherPage.getByRole("button", { name: "Use a Passkey" }).click();
    await expect.poll(() => otherPage.getByText(NOT_USED).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(otherPage.url()).toMatch(/\/sacred-access\/two-factor/);
    await other.close();
  });
});
