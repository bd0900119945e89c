import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_OFF_MESSAGES } from "../../app/modules/bookings/messages";
import { PAYMENTS_OFF_MESSAGES } from "../../app/modules/payments/messages";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";

/*
 * A production server with online payment off (PAYMENT_PROVIDER=none): the donation page says how
 * to give otherwise, with and without JavaScript, and the booking dialog how to book otherwise.
 */
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  app = await startAppProcess({
    PAYMENT_PROVIDER: "none",
    PAYPAL_CLIENT_ID: "",
    PAYPAL_CLIENT_SECRET: "",
    PAYPAL_WEBHOOK_ID: "",
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("online payment off in a browser", () => {
  for (const js of [false, true]) {
    it(`shows the donation page's way to give otherwise ${js ? "with" : "without"} JavaScript`, async () => {
      const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
      try {
        await page.goto(`${app.url}/donation`);
        if (js) {
          await page.waitForFunction(
            () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
          );
        }
        const notice = page.getByTestId("payments-off");
        expect(await notice.getByRole("heading", { name: PAYMENTS_OFF_MESSAGES.giving.title }).count()).toBe(1);
        expect(await notice.textContent()).toContain(PAYMENTS_OFF_MESSAGES.giving.description);
        expect(await notice.isVisible()).toBe(true);
        // No amount, no card, no button that pretends to charge.
        expect(await page.locator('input[name="amount"], input[name="tier"], [data-card]').count()).toBe(0);
        expect(await page.getByRole("button", { name: /give|pay|paypal/i }).count()).toBe(0);
        await notice.getByRole("link", { name: "Write to us" }).click();
        await page.waitForURL(`${app.url}/contact`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("shows how to book otherwise in the booking dialog", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${app.url}/start-your-journey`);
      await page.waitForFunction(
        () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
      );
      await page.locator("#offer-preparation summary").click();
      await page.getByRole("checkbox").check();
      await page.locator('#offer-preparation button[type="submit"]').click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(BOOKING_OFF_MESSAGES.booking.description).waitFor();
      expect(await dialog.locator("[data-card], input[name=fullName]").count()).toBe(0);
      expect(await dialog.getByRole("button", { name: /confirm and pay/i }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
