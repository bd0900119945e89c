import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser, openDay } from "../support/browser";
import { decodeMail, mailMatching } from "../support/browser-accounts";
import { startSmtpServer } from "../support/smtp";

/*
 * Issue 14's giving and booking forms in a browser, with JavaScript off, on, and with the
 * connection dropped: whole-dollar amounts, the tier and the typed amount agreeing, the booking
 * page without JavaScript, and the manage link's done page. Its own app in test mode with SMTP.
 */
let app: AppProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let browser: Browser;
const SHOTS = "test-results/screenshots";

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestingAppProcess({
    SMTP_URL: smtp.url,
    MAIL_WORKER_INTERVAL_MS: "100",
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

async function open(options: { js: boolean; width?: number }) {
  const context: BrowserContext = await browser.newContext({
    javaScriptEnabled: options.js,
    viewport: { width: options.width ?? 1280, height: 900 },
    timezoneId: "America/New_York",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on(
    "console",
    (msg) => msg.type() === "error" && !/status of \d\d\d/.test(msg.text()) && errors.push(msg.text()),
  );
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, errors, close: () => context.close() };
}

const hydrated = async (page: Page) => {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
  );
  await page.waitForTimeout(300);
};
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const amountField = (page: Page) => page.getByLabel("Or your own amount (whole dollars)");

async function donor(page: Page) {
  await page.getByLabel("Your name").fill("Ana Ruiz");
  await page.getByLabel("Email for your receipt").fill("ana@example.org");
}

describe("/donation without JavaScript", () => {
  it("charges the typed amount ($50, not the $108 tier), a chosen tier, and refuses 12.5 keeping it", async () => {
    const { page, close } = await open({ js: false });
    await page.goto(`${app.url}/donation`);
    await page.screenshot({ path: `${SHOTS}/donation-nojs-1280.png`, fullPage: true });
    await donor(page);
    await amountField(page).fill("12.5");
    await page.getByRole("button", { name: /Continue to payment/ }).click();
    await expect.poll(() => page.getByText("Please enter a whole-dollar amount, like 25.").isVisible()).toBe(true);
    expect(await amountField(page).inputValue()).toBe("12.5");
    expect(await page.getByLabel("Your name").inputValue()).toBe("Ana Ruiz");

    await amountField(page).fill("50");
    await page.getByRole("button", { name: /Continue to payment/ }).click();
    await page.waitForURL(/\/payments\/test\//);
    expect(await page.locator("main").textContent()).toContain("$50.00");

    await page.goto(`${app.url}/donation`);
    await donor(page);
    await page.locator("label", { hasText: "$333" }).click();
    await page.getByRole("button", { name: /Continue to payment/ }).click();
    await page.waitForURL(/\/payments\/test\//);
    expect(await page.locator("main").textContent()).toContain("$333.00");
    await close();
  });
});

describe("/donation with JavaScript", () => {
  it("keeps what is highlighted, the total and the button in agreement; 25.00 gives $25", async () => {
    const { page, errors, close } = await open({ js: true, width: 375 });
    await page.goto(`${app.url}/donation`, { waitUntil: "networkidle" });
    await hydrated(page);
    const total = page.getByTestId("donation-total");
    const checked = () => page.locator("input[name=tier]:checked").count();
    await page.locator("label", { hasText: "$333" }).click();
    await expect.poll(() => total.textContent()).toBe("$333");
    await expect.poll(() => page.getByRole("button", { name: "Give $333 (test mode)" }).isVisible()).toBe(true);

    // "5" typed: no tier chosen, the total is $5, no button, the minimum said.
    await amountField(page).fill("5");
    await expect.poll(checked).toBe(0);
    await expect.poll(() => total.textContent()).toBe("$5");
    expect(await page.getByRole("button", { name: /^Give / }).count()).toBe(0);
    expect(await page.getByText("Minimum donation is $20", { exact: true }).isVisible()).toBe(true);

    await amountField(page).fill("12.5");
    await expect.poll(() => page.getByText("Please enter a whole-dollar amount, like 25.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Give / }).count()).toBe(0);

    // Choosing a tier clears the typed amount.
    await page.locator("label", { hasText: "$44" }).click();
    await expect.poll(() => amountField(page).inputValue()).toBe("");
    await expect.poll(() => total.textContent()).toBe("$44");

    await amountField(page).fill("25.00");
    await expect.poll(checked).toBe(0);
    await expect.poll(() => total.textContent()).toBe("$25");
    await page.screenshot({ path: `${SHOTS}/donation-js-375.png`, fullPage: true });
    await donor(page);
    await page.getByRole("button", { name: "Give $25 (test mode)" }).click();
    await page.waitForURL(/\/payments\/test\//);
    await expect.poll(() => page.locator("main").textContent()).toContain("$25.00");
    expect(errors).toEqual([]);
    await close();
  });

  it("shows Payment Error and keeps what was typed when the connection drops", async () => {
    const { page, close } = await open({ js: true });
    await page.goto(`${app.url}/donation`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.route("**/donation.data**", (r) =>
      r.request().method() === "POST" ? r.abort("connectionreset") : r.continue(),
    );
    await donor(page);
    await amountField(page).fill("60");
    await page.getByRole("button", { name: "Give $60 (test mode)" }).click();
    await expect.poll(() => toast(page, "Payment Error").isVisible()).toBe(true);
    expect(
      await page.getByRole("alert").filter({ hasText: "There was an issue processing your donation" }).count(),
    ).toBe(1);
    expect(await amountField(page).inputValue()).toBe("60");
    expect(await page.getByLabel("Your name").inputValue()).toBe("Ana Ruiz");
    expect(await page.getByRole("heading", { name: "Support the Sacred Work" }).isVisible()).toBe(true);
    await close();
  });
});

describe("/donation-checkout", () => {
  it("without JavaScript a fraction is refused with the message and the text kept", async () => {
    const { page, close } = await open({ js: false });
    await page.goto(`${app.url}/donation-checkout`);
    await page.getByLabel("Email").fill("ana@example.org");
    await page.getByLabel("Amount in dollars").fill("5500.5");
    await page.getByRole("button", { name: /^Give/ }).click();
    await expect.poll(() => page.getByText("Please enter a whole-dollar amount, like 25.").isVisible()).toBe(true);
    expect(await page.getByLabel("Amount in dollars").inputValue()).toBe("5500.5");
    expect(await page.getByLabel("Email").inputValue()).toBe("ana@example.org");
    await close();
  });
  it("in test mode without JavaScript takes the name, then the provider's page approves the payment", async () => {
    const { page, close } = await open({ js: false });
    await page.goto(`${app.url}/donation-checkout`);
    expect(await page.getByLabel("Card number").count()).toBe(0);
    await page.getByLabel("Email").fill("zofia@example.org");
    await page.getByLabel("Name for your receipt").fill("Zofia Łukasiewicz");
    await page.getByRole("button", { name: /^Give/ }).click();
    await page.waitForURL(/\/payments\/test\//);
    expect(await page.locator("main").textContent()).toContain("$6,800.00");
    await page.getByRole("button", { name: "Approve test payment" }).click();
    await page.waitForURL(/\/payments\/return/);
    await page.getByRole("button", { name: "Complete my payment" }).click();
    await page.waitForURL(/\/donation-success/);
    await close();
  });

  it("shows the suggested amounts with or without JavaScript; only the app's fill the field", async () => {
    const plain = await open({ js: false });
    await plain.page.goto(`${app.url}/donation-checkout`);
    // Without the app they are suggestions to type, not buttons that would do nothing.
    expect(await plain.page.getByText("Support a Seeker").isVisible()).toBe(true);
    expect(await plain.page.getByRole("button", { name: /Support a Seeker/ }).count()).toBe(0);
    await plain.close();

    const { page, errors, close } = await open({ js: true });
    await page.goto(`${app.url}/donation-checkout`);
    await hydrated(page);
    const seeker = page.getByRole("button", { name: /Support a Seeker/ });
    await seeker.click();
    expect(await page.getByLabel("Amount in dollars").inputValue()).toBe("8500");
    expect(await seeker.getAttribute("aria-pressed")).toBe("true");
    expect(errors).toEqual([]);
    await close();
  });

  it("with JavaScript in test mode shows the card fields instead of the name", async () => {
    const { page, errors, close } = await open({ js: true });
    await page.goto(`${app.url}/donation-checkout`);
    await hydrated(page);
    expect(await page.getByLabel("Card number").isVisible()).toBe(true);
    expect(await page.getByLabel("Name for your receipt").count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the booking dialog with the connection dropped", () => {
  it("says Booking Failed and keeps the details typed", async () => {
    const { page, close } = await open({ js: true });
    await page.goto(`${app.url}/start-your-journey#offer-microdose`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.route("**/bookings.data**", (r) =>
      r.request().method() === "POST" ? r.abort("connectionreset") : r.continue(),
    );
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    await page.getByRole("button", { name: "Request Mentorship" }).click();
    const dialog = page.getByRole("dialog");
    await (await openDay(dialog, 2)).click();
    await dialog.getByRole("button", { name: "9:00 AM" }).click();
    await dialog.getByLabel("Full name").fill("Lee Dropped");
    await dialog.getByLabel("Email").fill("dropped@example.org");
    await dialog.getByRole("button", { name: "Request Mentorship" }).click();
    await expect.poll(() => toast(page, "Booking Failed").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Full name").inputValue()).toBe("Lee Dropped");
    expect(await dialog.getByLabel("Email").inputValue()).toBe("dropped@example.org");
    await close();
  });
});

describe("booking without JavaScript, then the manage link", () => {
  it("with JavaScript the booking page's mentorship request lands on the page that says it was received", async () => {
    const { page, errors, close } = await open({ js: true });
    await page.goto(`${app.url}/bookings?offer=microdose`, { waitUntil: "networkidle" });
    await page.locator('main a[href*="day="]').first().click();
    await page.waitForURL(/day=/);
    await hydrated(page);
    await page
      .locator("main label")
      .filter({ hasText: /\d:\d\d [AP]M/ })
      .first()
      .click();
    await page.getByLabel("Full name").fill("Ana Ruiz");
    await page.getByLabel("Email").fill("mentorship.page@example.org");
    await page.getByRole("button", { name: "Request Mentorship" }).click();
    await page.waitForURL(/\/booking-confirmed\?kind=requested$/);
    await expect.poll(() => page.getByRole("heading", { name: "Request received" }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("Apply leads to a booking page that books; cancelling by the link lands on a done page", async () => {
    const { page, close } = await open({ js: false });
    await page.goto(`${app.url}/start-your-journey`);
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    await page.getByText("Preparation Session", { exact: true }).click();
    await page.getByRole("button", { name: "Book Preparation Session" }).click();
    await page.waitForURL(/\/bookings\?offer=preparation/);
    expect(await page.locator("main").textContent()).not.toContain("Online booking is not open yet");
    await page.locator('main a[href*="day="]').first().click();
    await page.waitForURL(/day=/);
    await page.screenshot({ path: `${SHOTS}/booking-page-nojs-1280.png`, fullPage: true });
    // A bad email: the message, and what was typed kept.
    await page.getByLabel("Full name").fill("Nora Noscript");
    await page.getByLabel("Email").fill("nora@");
    await page.getByRole("button", { name: "Confirm and Pay $600" }).click();
    await expect
      .poll(() => page.getByRole("alert").getByText("Please fill in all required fields correctly.").isVisible())
      .toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Nora Noscript");
    await page.getByLabel("Email").fill("nora@example.org");
    await page.locator("label", { hasText: "2:00 PM" }).click();
    await page.getByRole("button", { name: "Confirm and Pay $600" }).click();
    await page.waitForURL(/\/payments\/test\//);
    expect(await page.locator("main").textContent()).toContain("$600.00");
    await page.getByRole("button", { name: "Approve test payment" }).click();
    await page.waitForURL(/\/payments\/return/);
    // Without JavaScript the return page asks for a click, then leads on to the page that says it worked.
    await page.getByRole("button", { name: "Complete my payment" }).click();
    await page.waitForURL(/\/booking-confirmed/);
    await expect.poll(() => page.getByText("Your session is booked").isVisible()).toBe(true);
    await close();

    const mail = decodeMail(await mailMatching(smtp, "nora@example.org", /is confirmed/));
    const link = mail.match(/\/bookings\/manage\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const js = await open({ js: true, width: 375 });
    js.page.on("dialog", (d) => d.accept());
    await js.page.goto(`${app.url}${link}`, { waitUntil: "networkidle" });
    await hydrated(js.page);
    await js.page.getByRole("button", { name: "Cancel this session" }).click();
    await js.page.waitForURL(/\/bookings\/manage\/done\?outcome=refunded/);
    await expect
      .poll(() => js.page.getByText("Your session is cancelled and your payment refunded.").isVisible())
      .toBe(true);
    expect(await js.page.locator("body").textContent()).not.toContain("Page not found");
    await js.page.screenshot({ path: `${SHOTS}/manage-done-375.png`, fullPage: true });
    expect(js.errors).toEqual([]);
    await js.close();
  });
});

describe("the manage link moves a session", () => {
  it("without JavaScript by day links and a time; with JavaScript the same, each landing on the done page", async () => {
    const { page, close } = await open({ js: false });
    await page.goto(`${app.url}/bookings?offer=preparation`);
    await page.locator('main a[href*="day="]').nth(1).click();
    await page.waitForURL(/day=/);
    await page.getByLabel("Full name").fill("Wiktor Mover");
    await page.getByLabel("Email").fill("wiktor@example.org");
    await page.locator("label", { hasText: "10:00 AM" }).click();
    await page.getByRole("button", { name: "Confirm and Pay $600" }).click();
    await page.getByRole("button", { name: "Approve test payment" }).click();
    await page.getByRole("button", { name: "Complete my payment" }).click();
    await page.waitForURL(/\/booking-confirmed/);

    // The manage links mailed to Wiktor, newest last.
    const links = () =>
      smtp.received
        .filter((m) => m.to.includes("wiktor@example.org"))
        .map((m) => decodeMail(m.raw).match(/\/bookings\/manage\/[A-Za-z0-9_-]+/)?.[0])
        .filter((l): l is string => l !== undefined);
    await expect.poll(() => links().length, { timeout: 10_000 }).toBeGreaterThan(0);
    const first = links()[0] as string;
    await page.goto(`${app.url}${first}`);
    await page.locator('main a[href*="day="]').nth(3).click();
    await page.waitForURL(/day=/);
    await page.locator("label", { hasText: "6:00 PM" }).click();
    await page.getByRole("button", { name: "Move my session" }).click();
    await page.waitForURL(/\/bookings\/manage\/done\?outcome=moved/);
    await expect.poll(() => page.getByText("Your session has moved.").isVisible()).toBe(true);
    // The old link is spent.
    await page.goto(`${app.url}${first}`);
    expect(await page.locator("main").textContent()).toContain("This link is no longer valid");
    await close();

    await expect.poll(() => links().filter((l) => l !== first).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const moved = links().find((l) => l !== first) as string;
    const js = await open({ js: true, width: 375 });
    await js.page.goto(`${app.url}${moved}`, { waitUntil: "networkidle" });
    await hydrated(js.page);
    expect(await js.page.locator("main").textContent()).toContain("6:00");
    await js.page.locator('main a[href*="day="]').nth(5).click();
    await js.page.waitForURL(/day=/);
    await js.page.locator("label", { hasText: "8:00 PM" }).click();
    await js.page.screenshot({ path: `${SHOTS}/manage-move-375.png`, fullPage: true });
    await js.page.getByRole("button", { name: "Move my session" }).click();
    await js.page.waitForURL(/\/bookings\/manage\/done\?outcome=moved/);
    await expect.poll(() => js.page.getByText("Your session has moved.").isVisible()).toBe(true);
    expect(js.errors).toEqual([]);
    await js.close();
  });
});
