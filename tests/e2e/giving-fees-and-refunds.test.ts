import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { bookableRange } from "../../app/modules/bookings/time";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, mailMatching, staffSession } from "../support/browser-accounts";
import { type PaypalStandIn, paypalSettings, signedWebhook, startPaypalStandIn } from "../support/paypal-stand-in";
import { startSmtpServer } from "../support/smtp";

/*
 * Issue 34 in the browser: "cover the fee" with JavaScript (the box names the fee and the button the
 * total) and without it on a phone (the box is sent with the form); and refunds made at PayPal,
 * arriving by webhook while a keeper has the console open, shown on the gift and on the booking.
 */

let browser: Browser;
const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("covering the fee", () => {
  let app: AppProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestingAppProcess({ SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: "100" });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("adds the fee the box names, with JavaScript and without it", async () => {
    const context = await browser.newContext();
    const page = await hydratedPage(context, `${app.url}/donation`);
    await page.getByLabel("Your name").fill("Zofia Wiśniewska");
    await page.getByLabel("Email for your receipt").fill("zofia@example.org");
    await page.getByLabel("Add $4.42 to cover the processing fee").check();
    await expect.poll(() => page.getByTestId("donation-total").textContent()).toBe("$112.42");
    await page.getByRole("button", { name: "Give $112.42 (test mode)" }).click();
    await page.waitForURL(/\/payments\/test\//);
    await expect.poll(() => page.getByText("$112.42").first().isVisible()).toBe(true);
    await page.getByRole("button", { name: "Approve test payment" }).click();
    await page.waitForURL(`${app.url}/thank-you-sacred-offering`);
    const receipt = await mailMatching(smtp, "zofia@example.org", /to cover the processing fee/);
    expect(receipt).toContain("your gift of $108.00 and $4.42 to cover the processing fee");
    await context.close();

    // Without JavaScript the box cannot name dollars before the amount is sent: it names the rate.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const phone = await plain.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(`${app.url}/donation`);
    await phone.locator("label", { hasText: "$44" }).click();
    await phone.getByLabel("Your name").fill("王芳");
    await phone.getByLabel("Email for your receipt").fill("wang@example.org");
    await phone.getByRole("checkbox", { name: /^Cover the processing fee/ }).check();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: "test-results/screenshots/donation-cover-fee-375.png", fullPage: true });
    await phone.getByRole("button", { name: "Continue to payment (test mode)" }).click();
    await phone.waitForURL(/\/payments\/test\//);
    // $44 and its fee: (4400 + 49) / (1 - 0.0349), rounded up, is $46.10.
    await expect.poll(() => phone.getByText("$46.10").first().isVisible()).toBe(true);
    await plain.close();
  });
});

describe("a refund made at PayPal", () => {
  let paypal: PaypalStandIn;
  let app: AppProcess;
  beforeAll(async () => {
    paypal = await startPaypalStandIn();
    app = await startTestingAppProcess(paypalSettings(paypal.url));
  });
  afterAll(async () => {
    await app?.stop();
    await paypal?.close();
  });

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const deliver = async (event: object) =>
    (await fetch(`${app.url}/payments/webhook`, { method: "POST", ...signedWebhook(event) })).status;

  /** A form that leads to PayPal, approved there, its capture told by webhook; the capture's id. */
  async function paidAtPaypal(path: string, fields: Record<string, string>) {
    const started = await post(path, fields);
    expect(started.status).toBe(303);
    const orderId = new URL(started.headers.get("location") ?? "").searchParams.get("token") ?? "";
    paypal.approve(orderId);
    expect(
      await deliver({ id: `WH-${orderId}`, event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } }),
    ).toBe(204);
    const captureId = paypal.orders.get(orderId)?.captures[0]?.id ?? "";
    expect(captureId).not.toBe("");
    return captureId;
  }
  const refunded = (id: string, captureId: string) => ({
    id,
    event_type: "PAYMENT.CAPTURE.REFUNDED",
    resource_type: "refund",
    resource: { id: `R-${id}`, links: [{ rel: "up", href: `${paypal.url}/v2/payments/captures/${captureId}` }] },
  });

  it("shows on the gift and on the booking in the console once PayPal tells us", async () => {
    const gift = await paidAtPaypal("/donation", {
      intent: "give",
      tier: "108",
      amount: "",
      donorName: "Ana Ruiz",
      email: "ana@example.org",
    });
    const day = bookableRange().first;
    const booking = await paidAtPaypal("/bookings", {
      offerId: "preparation",
      day,
      time: "10:00",
      fullName: "Zofia Łukasiewicz",
      email: "zofia@example.org",
      phone: "",
      cardLast4: "",
      timeZone: "",
    });
    const state = await staffSession(browser, app.url, admin);
    const context = await browser.newContext({ storageState: state });
    const giving = await hydratedPage(context, `${app.url}/console/giving`);
    const giftRow = giving.getByRole("row", { name: /Ana Ruiz/ });
    await expect.poll(() => giftRow.getByRole("button", { name: "Refund" }).isVisible()).toBe(true);
    const bookingsPage = await hydratedPage(context, `${app.url}/console/bookings?from=${day}`);
    await expect.poll(() => bookingsPage.getByText("payment paid").first().isVisible()).toBe(true);

    expect(await deliver(refunded("WH-GIFT-REFUND", gift))).toBe(204);
    expect(await deliver(refunded("WH-BOOKING-REFUND", booking))).toBe(204);
    await giving.reload();
    await expect.poll(() => giftRow.getByText("refunded", { exact: true }).isVisible()).toBe(true);
    expect(await giftRow.getByRole("button", { name: "Refund" }).count()).toBe(0);
    await bookingsPage.reload();
    await expect.poll(() => bookingsPage.getByText("payment refunded").first().isVisible()).toBe(true);
    await expect.poll(() => bookingsPage.getByText("cancelled", { exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });
});
