import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, freePort, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { enrolTwoFactor, signInPage, staffSession } from "../support/browser-accounts";
import { unusedTotp } from "../support/totp";

/*
 * Issue 48, sign-in: recovery codes to read aloud and type (lower case, no look-alikes, taken in
 * any case and without the dash) with copy, download and print; the member's two-factor page in
 * the member area, naming the authenticator app; the turn-off words only about what the account
 * has; the console saying which second step an account answers with, and what a reset takes and
 * leaves for members and staff. And the shared focus rule: after an in-place success, focus is on
 * what changed, never dropped to <body>. All at 390 px, with and without JavaScript.
 */

let app: AppProcess;
let browser: Browser;
let base: string;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];
const PHONE = { viewport: { width: 390, height: 844 } };
const CODE = /^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/;
/** Set to a folder to keep screenshots of what is checked here (at 390 and 1280 px). */
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`; // a passkey's site is a domain: localhost
  app = await startTestingAppProcess({ PORT: String(port), SITE_URL: base });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The page (or one card of it, `selector`) at 390 px, then at 1280. */
async function shot(page: Page, name: string, selector?: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const file = path.join(SHOTS, `${name}-${width}.png`);
    if (selector) await page.locator(selector).screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** What has focus: its tag and text (what a screen reader would start from). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const text = active?.textContent?.replace(/\s+/g, " ").trim() ?? "";
    return { tag: active?.tagName ?? "", text: text.slice(0, 120) };
  });

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);

/** Chromium's virtual authenticator (DevTools' WebAuthn domain) as the phone's fingerprint reader. */
async function withAuthenticator(context: BrowserContext, page: Page) {
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
}

async function signedIn(context: BrowserContext) {
  const page = await context.newPage();
  await signInPage(page, base, member.username, member.password);
  await page.waitForURL(/\/(dashboard|sacred-access\/two-factor)/);
  return page;
}

describe("issue 48: focus moves to what changed", () => {
  it("after adding a passkey, saving a profile card, saving a journal entry and sending a message", async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await withAuthenticator(context, page);
    await signInPage(page, base, member.username, member.password);
    await page.waitForURL(`${base}/dashboard`);

    // A passkey: the new one in the list.
    await page.goto(`${base}/profile#passkeys`);
    const card = page.locator("#passkeys");
    await card.getByLabel("Name for the new passkey").fill("This laptop");
    await card.getByRole("button", { name: "Add a Passkey" }).click();
    await page.waitForURL(/done=passkey-added/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: "LI", text: expect.stringContaining("This laptop") });

    // A profile card: the card, by its heading, read-only again.
    await page.getByRole("link", { name: "Edit Clothing Preferences" }).click();
    await page.getByLabel("Shirt size").fill("M");
    await page.getByRole("button", { name: "Save Clothing Preferences" }).click();
    await expect.poll(() => page.getByLabel("Shirt size").count()).toBe(0);
    await expect.poll(() => focused(page)).toEqual({ tag: "H2", text: "Clothing Preferences" });

    // A journal entry: the new entry in the archive.
    await page.goto(`${base}/journals`);
    await page.getByLabel("Title").fill("Dawn by the river");
    await page.getByLabel("Your reflection").fill("The water was loud and I was quiet.");
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await visible(page, "Sacred Entry Saved");
    await expect.poll(() => focused(page)).toEqual({ tag: "A", text: "Dawn by the river" });

    // A message in a conversation (/integration/shares/:id): the message just sent.
    await page.goto(`${base}/integration?mode=facilitated`);
    await page.getByLabel("What would you like to share?").fill("Since the ceremony I dream of water.");
    await page.getByRole("button", { name: "Private Message" }).click();
    const link = page.getByRole("link", { name: /^Private message, / }).first();
    await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
    await link.click();
    await page.waitForURL(/\/integration\/shares\/\d+$/);
    await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
    await page.getByLabel("Write to the keepers").fill("Mostly rivers, sometimes rain.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: "LI", text: expect.stringContaining("Mostly rivers, sometimes rain.") });

    // Passkeys as the second step: turning it off speaks of passkeys, not of codes there are none of.
    await page.goto(`${base}/profile/two-factor`);
    await page.getByLabel("Confirm your password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Use My Passkeys for Two-Factor" }).click();
    await page.waitForURL(/done=two-factor-on/);
    const twoFactor = page.locator("#two-factor");
    await expect.poll(() => twoFactor.getByText(/On, with your passkeys/).isVisible()).toBe(true);
    expect(await twoFactor.textContent()).not.toContain("recovery codes stop working");
    await visible(page, "Your password alone will open your account again; your passkeys stay, to sign in with.");
    await shot(page, "profile-two-factor-passkeys", "#two-factor");
    await twoFactor.getByLabel("Your password").fill(member.password);
    await twoFactor.getByRole("button", { name: "Turn Off Two-Factor" }).click();
    await expect.poll(() => twoFactor.getByRole("link", { name: "Turn On Two-Factor" }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("issue 48: recovery codes and the two-factor page", () => {
  let codes: string[] = [];

  it("sits in the member area, names the authenticator app, and gives codes to read, copy, download and print", async () => {
    const context = await browser.newContext(PHONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    const page = await signedIn(context);
    await page.goto(`${base}/profile#two-factor`);
    await page.getByRole("link", { name: "Turn On Two-Factor" }).click();
    await page.waitForURL(`${base}/profile/two-factor`);
    await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
    // The member area's bar: the way back to the profile, who is signed in.
    const back = page.getByRole("link", { name: "Back to your profile" });
    expect(await back.getAttribute("href")).toBe("/profile#two-factor");
    await visible(page, `Signed in as ${member.name}`);
    await visible(page, "With an authenticator app");
    await shot(page, "two-factor-begin");

    await page.getByLabel("Confirm your password to set up an authenticator app").fill(member.password);
    await page.getByRole("button", { name: "Begin" }).click();
    const list = page.getByRole("list", { name: "Recovery codes" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(10);
    // The next step replaced the form: focus goes on from its first words, not from the top.
    await expect.poll(() => focused(page)).toMatchObject({ tag: "LI", text: expect.stringMatching(/^Scan this code/) });
    codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    for (const code of codes) expect(code).toMatch(CODE);
    const secret = (await page.locator("code").first().textContent())?.trim() ?? "";
    await shot(page, "two-factor-codes");

    // Copy: the codes, one a line, on the clipboard; the page says so.
    await page.getByRole("button", { name: "Copy Codes" }).click();
    await visible(page, "Copied: paste them where you keep them safe.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split("\n").filter((line) => CODE.test(line))).toEqual(codes);

    // Download: a .txt file of the same.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download (.txt)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("sacred-path-recovery-codes.txt");
    const file = await readFile((await download.path()) ?? "", "utf8");
    expect(file.split("\n").filter((line) => CODE.test(line))).toEqual(codes);

    // Print: the browser's print, and on paper the codes alone (never the app's secret beside them).
    await page.evaluate(() => {
      window.print = () => {
        (window as { printed?: number }).printed = ((window as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await page.getByRole("button", { name: "Print Codes" }).click();
    expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);
    await page.emulateMedia({ media: "print" });
    expect(await list.isVisible()).toBe(true);
    expect(await page.getByText(secret, { exact: true }).isVisible()).toBe(false);
    expect(await page.getByLabel("Enter the six-digit code your app shows now.").isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });

    await page.getByLabel("Enter the six-digit code your app shows now.").fill(await unusedTotp(secret));
    await page.getByRole("button", { name: "Turn On Two-Factor" }).click();
    await page.waitForURL(/done=two-factor-on/);

    // A code typed as read aloud: capitals, no dash, a space in the middle.
    await context.clearCookies();
    await signInPage(page, base, member.username, member.password);
    await page.waitForURL(/\/sacred-access\/two-factor/);
    const typed = (codes[0] as string).replace("-", " ").toUpperCase();
    await page.getByLabel("Code", { exact: true }).fill(typed);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${base}/dashboard`);
    await context.close();
  });

  it("without JavaScript: renewed codes on the page as text, a download, and the browser's own print", async () => {
    const signed = await browser.newContext(PHONE);
    const first = await signed.newPage();
    await signInPage(first, base, member.username, member.password);
    await first.waitForURL(/\/sacred-access\/two-factor/);
    await first.getByLabel("Code", { exact: true }).fill(codes[1] as string);
    await first.getByRole("button", { name: "Verify" }).click();
    await first.waitForURL(`${base}/dashboard`);
    const context = await browser.newContext({
      ...PHONE,
      javaScriptEnabled: false,
      storageState: await signed.storageState(),
    });
    await signed.close();
    const page = await context.newPage();
    await page.goto(`${base}/profile#two-factor`);
    const twoFactor = page.locator("#two-factor");
    await twoFactor.getByLabel("Your password").first().fill(member.password);
    await twoFactor.getByRole("button", { name: "Renew Recovery Codes" }).click();
    const list = page.getByRole("list", { name: "Recovery codes" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(10);
    for (const code of await list.getByRole("listitem").allTextContents()) expect(code.trim()).toMatch(CODE);
    expect(await page.getByRole("button", { name: "Copy Codes" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Print Codes" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Download (.txt)" }).isVisible()).toBe(true);
    await visible(page, "To keep them on paper, use your browser's own Print: only the codes are printed.");
    await shot(page, "profile-renewed-codes-no-js", "#two-factor");
    await context.close();
  });
});

describe("issue 48: the console's two-factor", () => {
  it("says which second step an account answers with, and what a reset takes for a member and for staff", async () => {
    const adminContext = await browser.newContext({ ...PHONE, storageState: await staffSession(browser, base, admin) });
    // The keeper enrols (an app) on the way into the console.
    const keeperContext = await browser.newContext(PHONE);
    const keeperPage = await keeperContext.newPage();
    await signInPage(keeperPage, base, keeper.username, keeper.password);
    await keeperPage.waitForURL(/\/dashboard$/);
    await keeperPage.goto(`${base}/console/two-factor`);
    await enrolTwoFactor(keeperPage, base, keeper.password);
    await keeperContext.close();

    const page = await adminContext.newPage();
    await page.goto(`${base}/console/members`);
    await page.getByRole("link", { name: member.name }).first().click();
    await page.waitForURL(/\/console\/members\/[^/]+$/);
    // The member has an app (from above) and the passkey added first.
    await visible(page, /two-factor on: authenticator app and passkeys/);
    await visible(page, /Resetting removes their authenticator app, their recovery codes and every passkey they added/);
    await visible(page, /Their password alone opens their account after this/);
    expect(await page.locator("body").textContent()).not.toContain("set two-factor up again at their next sign-in");
    await shot(page, "console-member-two-factor");

    await page.goto(`${base}/console/members`);
    await page.getByRole("link", { name: keeper.name }).first().click();
    await page.waitForURL(/\/console\/members\/[^/]+$/);
    await visible(page, /two-factor on: authenticator app$/);
    await visible(page, /They set up an authenticator app again at their next sign-in, before the console opens/);
    await adminContext.close();
  });
});
