import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts, staffSession } from "../support/browser-accounts";

/*
 * Issue 48, "Giving": a signed-in member is known where they act. /donation and the booking dialog
 * fill in their name and email (from /me: the pages themselves are one cached copy for all) and
 * /donation offers them a monthly gift without asking them to sign in; a visitor's page is unchanged.
 */
let app: AppProcess;
let browser: Browser;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];
const SIGN_IN_FIRST = "They need an account: sign in first.";

beforeAll(async () => {
  app = await startTestingAppProcess();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("a signed-in member on the shared pages", () => {
  it.each([390, 1280])("/donation fills in their name and email and offers a monthly gift at %i px", async (width) => {
    // A visitor first, so the page cache holds /donation: the member's page comes from the same HTML.
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const anonymous = await hydratedPage(visitor, `${app.url}/donation`);
    await expect.poll(() => anonymous.getByText(SIGN_IN_FIRST).isVisible()).toBe(true);
    expect(await anonymous.getByLabel("Your name").inputValue()).toBe("");

    const { withJs } = await signedInContexts(browser, app.url, member);
    const page = await hydratedPage(withJs, `${app.url}/donation`);
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.getByLabel("Your name").inputValue()).toBe(member.name);
    expect(await page.getByLabel("Email for your receipt").inputValue()).toBe(member.email);
    await expect.poll(() => page.getByText(SIGN_IN_FIRST).count()).toBe(0);
    await page.screenshot({ path: `test-results/screenshots/donation-member-${width}.png`, fullPage: true });

    // A member may give every month: the choice goes on to the provider's approval page.
    await page.getByRole("radio", { name: "Every month" }).check();
    await page.getByLabel("Or your own amount (whole dollars)").fill("30");
    await page.getByRole("button", { name: "Give $30 every month (test mode)" }).click();
    await page.waitForURL(/\/payments\/test\/TEST-SUB-/);
    // Approved, its first collection not yet landed: the card says it is pending, not "next gift today".
    await page.getByRole("button", { name: "Approve test subscription" }).click();
    await page.waitForURL(/\/profile\?done=recurring-started#recurring$/);
    const card = page.locator("#recurring");
    await expect
      .poll(() =>
        card
          .getByText(/Your first gift is pending/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await card.getByText(/Next gift on/).count()).toBe(0);
    await card.screenshot({ path: `test-results/screenshots/recurring-first-pending-${width}.png` });

    // The visitor, after the member: still asked to sign in, nothing filled in.
    const again = await hydratedPage(visitor, `${app.url}/donation`);
    await expect.poll(() => again.getByText(SIGN_IN_FIRST).isVisible()).toBe(true);
    expect(await again.getByLabel("Your name").inputValue()).toBe("");
    expect(await again.content()).not.toContain(member.email);
    await visitor.close();
    await withJs.close();
  });

  it("the booking dialog fills in their name and email at 390 px", async () => {
    const { withJs } = await signedInContexts(browser, app.url, member);
    const page = await hydratedPage(withJs, `${app.url}/start-your-journey`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    await page.getByText("Preparation Session", { exact: true }).click();
    await page.getByRole("button", { name: "Book Preparation Session" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("[data-day]:not([disabled])").first().click();
    await dialog.getByRole("button", { name: /[AP]M/ }).first().click();
    await expect.poll(() => dialog.getByLabel("Full name").inputValue()).toBe(member.name);
    expect(await dialog.getByLabel("Email", { exact: true }).inputValue()).toBe(member.email);
    await page.screenshot({ path: "test-results/screenshots/booking-dialog-member-390.png" });
    await withJs.close();
  });

  it("a cheque an admin records for their confirmed address is on their profile at once, with its number, at 390 px", async () => {
    const staff = await browser.newContext({ storageState: await staffSession(browser, app.url, admin) });
    const console = await hydratedPage(staff, `${app.url}/console/giving`);
    await console.getByLabel("Donor's name").fill(member.name);
    await console.getByLabel("Donor's email").fill(member.email);
    await console.getByLabel("Amount in dollars").fill("75");
    await console.getByLabel("Given on").fill(new Date().toISOString().slice(0, 10));
    await console.getByLabel("Cheque", { exact: true }).check();
    await console.getByLabel("Cheque number").fill("2077");
    await console.getByRole("button", { name: "Record Gift" }).click();
    await expect.poll(() => console.getByText("Gift recorded").first().isVisible()).toBe(true);
    await staff.close();

    const { withJs } = await signedInContexts(browser, app.url, member);
    const page = await withJs.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/profile#giving`);
    const giving = page.locator("#giving");
    await expect.poll(() => giving.getByText(/Cheque no\. 2077/).isVisible()).toBe(true);
    expect(await page.getByText("without signing in").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await giving.screenshot({ path: "test-results/screenshots/profile-giving-cheque-390.png" });
    await withJs.close();
  });
});
