import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { RECURRING_MESSAGES } from "../../app/modules/giving/recurring-messages";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, mailMatching, signedInContexts, staffSession } from "../support/browser-accounts";
import { type PaypalStandIn, paypalSettings, startPaypalStandIn } from "../support/paypal-stand-in";
import { startSmtpServer } from "../support/smtp";

/*
 * Issue 34, recurring offerings in the browser (test provider): a member starts one from /donation
 * with JavaScript (the fee covered), approves it, lands on their profile, and its first gift's
 * receipt arrives; then, without JavaScript on a phone, changes the amount, pauses and cancels it.
 * A visitor who chooses "Every month" is asked to sign in first.
 */

let app: AppProcess;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The scheduled run every 200 ms: the test provider's collections come as soon as they are due.
  app = await startTestingAppProcess({
    SMTP_URL: smtp.url,
    MAIL_WORKER_INTERVAL_MS: "100",
    REMINDER_INTERVAL_MS: "200",
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

describe("recurring offerings", () => {
  it("asks a visitor to sign in before giving every month, without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/donation`);
    await page.getByLabel("Your name").fill("Ana Ruiz");
    await page.getByLabel("Email for your receipt").fill("ana@example.org");
    await page.getByRole("radio", { name: "Every month" }).check();
    await page.getByRole("button", { name: "Continue to payment (test mode)" }).click();
    await expect.poll(() => page.getByText(RECURRING_MESSAGES.signIn).isVisible()).toBe(true);
    // What was chosen is kept.
    expect(await page.getByRole("radio", { name: "Every month" }).isChecked()).toBe(true);
    await context.close();
  });

  it("is started with JavaScript, then changed, paused and cancelled without it on a phone", async () => {
    const { withJs, withoutJs } = await signedInContexts(browser, app.url, member);
    const page = await hydratedPage(withJs, `${app.url}/donation`);
    await page.locator("label", { hasText: "$44" }).click();
    await page.getByRole("radio", { name: "Every month" }).check();
    await page.getByLabel("Your name").fill("Maya Rivers");
    await page.getByLabel("Email for your receipt").fill("maya.giving@example.org");
    await page.getByLabel("Add $2.10 to cover the processing fee").check();
    await page.screenshot({ path: "test-results/screenshots/donation-monthly-1280.png", fullPage: true });
    await page.getByRole("button", { name: "Give $46.10 every month (test mode)" }).click();
    await page.waitForURL(/\/payments\/test\/TEST-SUB-/);
    await expect.poll(() => page.getByText("$46.10 every month").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Approve test subscription" }).click();
    await page.waitForURL(/\/profile\?done=recurring-started#recurring$/);
    await expect.poll(() => page.getByText("Your recurring offering is set up.").first().isVisible()).toBe(true);
    const card = page.locator("#recurring");
    await expect.poll(() => card.getByText("Monthly offering: $44.00 and $2.10 for the fee").isVisible()).toBe(true);
    await expect.poll(() => card.getByText("Active", { exact: true }).isVisible()).toBe(true);
    // The first gift is collected at once; its receipt says what it is part of.
    const receipt = await mailMatching(smtp, "maya.giving@example.org", /one of your monthly offerings/);
    expect(receipt).toContain("$46.10");
    await mailMatching(smtp, "maya.giving@example.org", /Your monthly offering is set up/);
    await page.close();

    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${app.url}/profile#recurring`);
    const row = phone.locator("#recurring li").first();
    await row.getByLabel("Amount each time (whole dollars)").fill("60");
    await row.getByLabel(/Add the processing fee/).uncheck();
    await row.getByRole("button", { name: "Change Amount" }).click();
    await phone.waitForURL(/done=recurring-amount/);
    await expect
      .poll(() => phone.getByText("The amount of your recurring offering is changed.").isVisible())
      .toBe(true);
    await expect.poll(() => phone.getByText("Monthly offering: $60.00").isVisible()).toBe(true);
    await mailMatching(smtp, "maya.giving@example.org", /Your monthly offering is now \$60\.00, every month/);

    await phone.locator("#recurring").getByRole("button", { name: "Pause" }).click();
    await phone.waitForURL(/done=recurring-paused/);
    await expect.poll(() => phone.locator("#recurring").getByText("Paused", { exact: true }).isVisible()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.locator("#recurring").screenshot({ path: "test-results/screenshots/profile-recurring-390.png" });

    await phone.locator("#recurring summary", { hasText: "Cancel…" }).click();
    await phone.getByRole("button", { name: "Yes, Cancel It" }).click();
    await phone.waitForURL(/done=recurring-cancelled/);
    await expect.poll(() => phone.locator("#recurring").getByText("Cancelled", { exact: true }).isVisible()).toBe(true);
    expect(await phone.locator("#recurring").getByRole("button", { name: "Resume" }).count()).toBe(0);
    await mailMatching(smtp, "maya.giving@example.org", /Your monthly offering is cancelled/);
    await withJs.close();
    await withoutJs.close();
  });

  it("tells the donor kindly when a collection fails, and shows the keepers", async () => {
    const { withJs } = await signedInContexts(browser, app.url, member);
    const page = await hydratedPage(withJs, `${app.url}/donation`);
    await page.getByRole("radio", { name: "Every year" }).check();
    await page.getByLabel("Your name").fill("Maya Rivers");
    await page.getByLabel("Email for your receipt").fill("maya.yearly@example.org");
    await page.getByRole("button", { name: "Give $108 every year (test mode)" }).click();
    await page.waitForURL(/\/payments\/test\/TEST-SUB-/);
    await page.getByRole("button", { name: "Approve, with collections that fail" }).click();
    await page.waitForURL(/\/profile\?done=recurring-started#recurring$/);
    await mailMatching(smtp, "maya.yearly@example.org", /did not go through this time/);
    await page.reload();
    await expect
      .poll(() => page.getByText(/The last collection did not go through; PayPal tries again on/).isVisible())
      .toBe(true);
    await withJs.close();

    const state = await staffSession(browser, app.url, admin);
    const keeper = await browser.newContext({ storageState: state });
    const phone = await keeper.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(`${app.url}/console/giving#recurring`);
    const section = phone.locator("#recurring");
    await expect.poll(() => section.getByText("maya.yearly@example.org").isVisible()).toBe(true);
    await expect.poll(() => section.getByText("$108.00 a year").isVisible()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await section.screenshot({ path: "test-results/screenshots/console-recurring-375.png" });
    await keeper.close();
  });
});

describe("a recurring offering through PayPal without JavaScript", () => {
  let paypal: PaypalStandIn;
  let paid: AppProcess;
  beforeAll(async () => {
    paypal = await startPaypalStandIn();
    paid = await startTestingAppProcess(paypalSettings(paypal.url));
  });
  afterAll(async () => {
    await paid?.stop();
    await paypal?.close();
  });

  it("goes to PayPal's approval page and back by plain posts and redirects", async () => {
    const { withJs, withoutJs } = await signedInContexts(browser, paid.url, member);
    await withJs.close();
    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${paid.url}/donation`);
    await phone.getByRole("radio", { name: "Every month" }).check();
    await phone.getByLabel("Your name").fill("Maya Rivers");
    await phone.getByLabel("Email for your receipt").fill("maya.paypal@example.org");
    // The form's 303 sends the browser on to PayPal's approval page: here the stand-in's, which the page's
    // form-action (naming PayPal's own checkout origin) keeps the browser from following; the
    // subscription it was sent to approve is the stand-in's only one.
    await phone.getByRole("button", { name: "Continue to PayPal" }).click();
    await expect.poll(() => paypal.subscriptions.size).toBe(1);
    const [subscriptionId = ""] = [...paypal.subscriptions.keys()];
    const made = paypal.subscriptions.get(subscriptionId);
    expect(made?.price.value).toBe("108.00");
    // The donor approves there; PayPal sends them back to the return address it was given.
    paypal.approveSubscription(subscriptionId);
    const context = made?.request.application_context as { return_url?: string } | undefined;
    const back = context?.return_url ?? "";
    expect(back).toMatch(/\/profile\/recurring\/[0-9a-f-]{36}\/return$/);
    await phone.goto(`${back}?subscription_id=${subscriptionId}&ba_token=BA-${subscriptionId}`);
    await phone.getByRole("button", { name: "Finish setting it up" }).click();
    await phone.waitForURL(/\/profile\?done=recurring-started#recurring$/);
    await expect.poll(() => phone.getByText("Your recurring offering is set up.").first().isVisible()).toBe(true);
    await expect.poll(() => phone.locator("#recurring").getByText("Active", { exact: true }).isVisible()).toBe(true);
    await withoutJs.close();
  });
});
