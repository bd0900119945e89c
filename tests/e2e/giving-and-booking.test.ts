import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../app/lib/dates";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser, openDay } from "../support/browser";
import { mailMatching } from "../support/browser-accounts";
import { readCalendar } from "../support/calendar";
import { mimeParts, startSmtpServer } from "../support/smtp";

// Its own app in test mode (the local test provider) sending real mail to a local SMTP server.
let app: AppProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let browser: Browser;
const CARD = "4242424242424242";

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

/** A page in `timezoneId` that records console errors and every request body it sends. */
async function openPage(options: { width?: number; timezoneId?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    timezoneId: options.timezoneId ?? "America/New_York",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const bodies: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && !/status of 4\d\d/.test(msg.text()) && errors.push(msg.text()));
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("request", (req) => {
    const body = req.postData();
    if (body) bodies.push(body);
  });
  return { page, errors, bodies, close: () => context.close() };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function fillCard(page: Page, number = CARD) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Cardholder name").fill("ana ruiz");
  await page.getByLabel("Expiry (MM/YY)").fill("1230");
  await page.getByLabel("CVV").fill("123");
  await page.getByLabel("Billing ZIP").fill("87501");
}

describe("giving", () => {
  it("/donation: tiers, the $20 minimum, approval in test mode, the receipt; and a cancelled payment", async () => {
    const { page, errors, close } = await openPage({ width: 375 });
    await page.goto(`${app.url}/donation`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByText("Test mode:").isVisible()).toBe(true);
    await page.locator("label", { hasText: "$333" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Give $333 (test mode)" }).isVisible()).toBe(true);
    const amount = page.getByLabel("Or your own amount (whole dollars)");
    await amount.fill("150");
    await amount.fill("15");
    await expect.poll(() => page.getByText("Minimum donation is $20", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Give / }).count()).toBe(0);
    await amount.fill("50");
    await page.getByLabel("Your name").fill("Ana Ruiz");
    await page.getByLabel("Email for your receipt").fill("giver@example.org");
    await page.getByRole("button", { name: "Give $50 (test mode)" }).click();
    await page.waitForURL(/\/payments\/test\//);
    await page.getByRole("button", { name: "Approve test payment" }).click();
    await page.waitForURL(`${app.url}/thank-you-sacred-offering`);
    await expect.poll(() => toast(page, "Sacred Offering Received").isVisible()).toBe(true);
    const receipt = await mailMatching(smtp, "giver@example.org", /No goods or services were provided/);
    expect(receipt).toContain("$50.00");

    await page.goto(`${app.url}/donation`, { waitUntil: "networkidle" });
    await page.getByLabel("Your name").fill("Ana Ruiz");
    await page.getByLabel("Email for your receipt").fill("giver@example.org");
    await page.getByRole("button", { name: "Give $108 (test mode)" }).click();
    await page.waitForURL(/\/payments\/test\//);
    await page.getByRole("button", { name: "Cancel and return" }).click();
    await page.waitForURL(/\/donation\?payment=cancelled/);
    await expect.poll(() => toast(page, "Payment Cancelled").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("/donation-checkout: card checks in the browser, only the last four sent, a decline, then success", async () => {
    const { page, errors, bodies, close } = await openPage();
    await page.goto(`${app.url}/donation-checkout`, { waitUntil: "networkidle" });
    expect(await page.getByLabel("Amount in dollars").inputValue()).toBe("6800");
    await page.getByRole("button", { name: /\$5,500/ }).click();
    expect(await page.getByLabel("Amount in dollars").inputValue()).toBe("5500");
    await page.getByLabel("Email").fill("ceremony@example.org");
    await page.getByRole("button", { name: "Give $5,500" }).click();
    await expect.poll(() => page.getByText("Please enter a valid card number").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please enter a 5-digit ZIP code").isVisible()).toBe(true);
    await fillCard(page, "4242424242420002");
    await page.getByRole("button", { name: "Give $5,500" }).click();
    await expect.poll(() => toast(page, "Payment Error").isVisible(), { timeout: 5000 }).toBe(true);
    await page.getByLabel("Card number").fill(CARD);
    await page.getByRole("button", { name: "Give $5,500" }).click();
    await page.waitForURL(`${app.url}/donation-success`);
    await expect.poll(() => page.getByRole("main").locator("ol > li").count()).toBe(4);
    expect(bodies.join("\n")).not.toMatch(/4242\s?4242|\b\d{13,16}\b|cvv|87501/i);
    expect(bodies.some((b) => b.includes("cardLast4=4242"))).toBe(true);
    expect(app.output()).not.toMatch(/4242424242424242|4242424242420002/);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("booking", () => {
  it("books a preparation session from Berlin: calendar, form, confirmation, with its email", async () => {
    const { page, errors, bodies, close } = await openPage({ timezoneId: "Europe/Berlin" });
    await page.goto(`${app.url}/start-your-journey`, { waitUntil: "networkidle" });
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    await page.getByText("Preparation Session", { exact: true }).click();
    await page.getByRole("button", { name: "Book Preparation Session" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.locator("[data-day]:not([disabled])").count()).toBeGreaterThan(0);
    // Today and the next three days are closed; the first open day is the fourth.
    const first = await dialog.locator("[data-day]:not([disabled])").first().getAttribute("data-day");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    const fourth = new Date(`${today}T12:00:00Z`);
    fourth.setUTCDate(fourth.getUTCDate() + 4);
    expect(first).toBe(fourth.toISOString().slice(0, 10));
    await dialog.locator(`[data-day="${first}"]`).click();
    await expect.poll(() => dialog.getByText("Times, shown in your time zone (Europe/Berlin)").isVisible()).toBe(true);
    // 10:00 in New York is 16:00 in Berlin.
    await dialog.getByRole("button", { name: "4:00 PM" }).click();
    await dialog.getByRole("button", { name: "Back to Calendar" }).click();
    await dialog.getByRole("button", { name: "4:00 PM" }).click();
    await dialog.getByRole("button", { name: "Confirm and Pay $600" }).click();
    await expect.poll(() => toast(page, "Missing Information").isVisible()).toBe(true);
    await dialog.getByLabel("Full name").fill("Ana Ruiz");
    await dialog.getByLabel("Email").fill("booker@example.org");
    await dialog.getByLabel("Phone (optional)").pressSequentially("+1 (505) 555-0101 ext");
    expect(await dialog.getByLabel("Phone (optional)").inputValue()).toBe("+1 (505) 555-0101 ");
    await fillCard(page);
    await dialog.getByRole("button", { name: "Confirm and Pay $600" }).click();
    await expect.poll(() => dialog.getByText("Your session is booked").isVisible(), { timeout: 5000 }).toBe(true);
    expect(await dialog.textContent()).toContain("4:00 PM GMT+1");
    const mail = await mailMatching(smtp, "booker@example.org", /is confirmed/);
    expect(mail).toContain("filename=session.ics");
    // The invitation a calendar program adds: its method in the part's content type and in the file.
    const raw = smtp.received.find((m) => m.to.includes("booker@example.org") && m.raw.includes("text/calendar"));
    const invitation = mimeParts(raw?.raw ?? "").find((p) => p.headers["content-type"]?.startsWith("text/calendar"));
    expect(invitation?.headers["content-type"]).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(readCalendar(invitation?.body ?? "")).toMatchObject({
      method: "REQUEST",
      sequence: 0,
      status: "CONFIRMED",
      start: zonedInstant(first ?? "", "10:00", "America/New_York").toISOString(),
      organizer: "mailto:no-reply@example.org",
      attendee: "mailto:booker@example.org",
      attendeeName: "Ana Ruiz",
    });
    // The booker's own time (the browser's zone, sent with the form), New York time beside it.
    expect(mail.replace(/\s+/g, " ")).toMatch(/4:00 PM GMT\+\d \(your time; .* 10:00 AM E[SD]T \(New York time\)\)/);
    expect(mail).toMatch(/\/bookings\/manage\/[A-Za-z0-9_-]+/);
    expect(bodies.join("\n")).not.toContain("4242424242424242");

    // Closing resets everything; the taken slot is gone for the next visitor.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Book Preparation Session" }).click();
    await dialog.locator(`[data-day="${first}"]`).click();
    await expect.poll(() => dialog.getByRole("button", { name: "8:00 PM" }).isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "4:00 PM" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it("requests the Subtle Path at 375 px, with nothing charged", async () => {
    const { page, errors, close } = await openPage({ width: 375, timezoneId: "America/Los_Angeles" });
    await page.goto(`${app.url}/start-your-journey#offer-microdose`, { waitUntil: "networkidle" });
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    await page.getByRole("button", { name: "Request Mentorship" }).click();
    const dialog = page.getByRole("dialog");
    await (await openDay(dialog, 1)).click();
    await dialog.getByRole("button", { name: "6:00 AM" }).click(); // 9:00 in New York
    expect(await dialog.getByLabel("Card number").count()).toBe(0);
    await dialog.getByLabel("Full name").fill("Lee Park");
    await dialog.getByLabel("Email").fill("mentee@example.org");
    await dialog.getByRole("button", { name: "Request Mentorship" }).click();
    await expect.poll(() => dialog.getByText("Request received").isVisible(), { timeout: 5000 }).toBe(true);
    await page.screenshot({ path: "test-results/screenshots/booking-request-375.png" });
    await mailMatching(smtp, "mentee@example.org", /Nothing is charged unless your request is approved/);
    expect(errors).toEqual([]);
    await close();
  });
});
