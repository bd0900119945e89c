import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, staffSession } from "../support/browser-accounts";

/*
 * Issue 34, gifts given in person: an admin records a cheque with JavaScript (its number asked for
 * first) and cash without JavaScript on a phone; each shows in the list with how it was given, and
 * the totals count them.
 */

let app: AppProcess;
let browser: Browser;
const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  app = await startTestingAppProcess();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible());

async function fill(page: Page, fields: { name: string; email: string; amount: string; method: "Cash" | "Cheque" }) {
  await page.getByLabel("Donor's name").fill(fields.name);
  await page.getByLabel("Donor's email").fill(fields.email);
  await page.getByLabel("Amount in dollars").fill(fields.amount);
  await page.getByLabel("Given on").fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel(fields.method, { exact: true }).check();
}

describe("gifts given in person", () => {
  it("are recorded by an admin with and without JavaScript, and counted", async () => {
    const state = await staffSession(browser, app.url, admin);
    const withJs = await browser.newContext({ storageState: state });
    const page = await hydratedPage(withJs, `${app.url}/console/giving`);
    await fill(page, { name: "Józef Kowalski", email: "jozef@example.org", amount: "40", method: "Cheque" });
    await page.getByRole("button", { name: "Record Gift" }).click();
    await visible(page, "Please give the cheque number.").toBe(true);
    await page.getByLabel("Cheque number").fill("1042");
    await page.getByRole("button", { name: "Record Gift" }).click();
    await visible(page, "Gift recorded").toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole("row", { name: /Józef Kowalski/ })
          .getByText("Cheque no. 1042")
          .isVisible(),
      )
      .toBe(true);
    // The form is empty again for the next gift.
    await expect.poll(() => page.getByLabel("Donor's name").inputValue()).toBe("");
    await withJs.close();

    const withoutJs = await browser.newContext({ storageState: state, javaScriptEnabled: false });
    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(`${app.url}/console/giving`);
    await fill(phone, { name: "王芳", email: "wang@example.org", amount: "15", method: "Cash" });
    await phone.getByRole("button", { name: "Record Gift" }).click();
    await phone.waitForURL(/\?done=recorded$/);
    await visible(phone, "Gift recorded").toBe(true);
    await visible(phone, "$55.00").toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: "test-results/screenshots/gift-in-person-375.png", fullPage: true });
    await withoutJs.close();
  });
});
