import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { mailMatching, staffSession } from "../support/browser-accounts";
import { startSmtpServer } from "../support/smtp";

/*
 * The newsletter loop in a real browser (issue 15): a visitor subscribes and confirms from the
 * mail; a keeper writes an issue in the console, previews it, sends a test to themself and then
 * the issue, without JavaScript on a phone; the subscriber's mail carries their own unsubscribe
 * link, which works. With JavaScript the same form checks itself before it is sent.
 */

let app: AppProcess;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let keeperState: Awaited<ReturnType<BrowserContext["storageState"]>>;
const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const READER = "reader@example.org";
const link = (mail: string, path: string) => mail.match(new RegExp(`https?://[^\\s"<>]*${path}[^\\s"<>]*`))?.[0] ?? "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestingAppProcess({ SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: "200" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

it("a visitor subscribes and confirms from the mail", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.url}/newsletter`);
  await page.getByPlaceholder("Your email address").first().fill(READER);
  await page.getByRole("button", { name: "Join the Circle" }).first().click();
  const confirm = link(await mailMatching(smtp, "reader@example.org", /newsletter\/confirm\//), "/newsletter/confirm/");
  await page.goto(confirm);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await page.getByRole("heading", { name: "Welcome to our sacred circle" }).waitFor();
  await context.close();
});

it("a keeper signs in with two-factor", async () => {
  keeperState = await staffSession(browser, app.url, keeper);
});

it("without JavaScript on a phone: writes, previews, tests and sends an issue; the reader can unsubscribe from it", async () => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: keeperState,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(`${app.url}/console/newsletter`);
  expect(await page.getByText("1 confirmed subscriber ·").isVisible()).toBe(true);
  await page.getByRole("link", { name: "Write an issue" }).click();
  await page.getByLabel("Subject").fill("Winter letter");
  await page.getByLabel("Body").fill("## The circle rests\n\nWe gather again in **spring**.");
  await page.getByRole("button", { name: "Save and preview" }).click();
  await page.waitForURL(/\/console\/newsletter\/\d+\?done=saved$/);
  expect(await page.locator("main").getByRole("status").textContent()).toBe("Draft saved");
  const preview = page.getByRole("region", { name: "Preview" });
  expect(await preview.getByRole("heading", { name: "The circle rests" }).isVisible()).toBe(true);
  expect(await preview.locator("strong").textContent()).toBe("spring");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "test-results/screenshots/console-newsletter-draft-nojs-375.png", fullPage: true });

  await page.getByRole("button", { name: "Send me a test" }).click();
  await page.waitForURL(/\?done=tested$/);
  expect(await page.locator("main").getByRole("status").textContent()).toBe("Test queued to your address");
  await mailMatching(smtp, keeper.email, /\[Test\] Winter letter/);

  // Unticked, nothing goes out and the box says why.
  await page.getByRole("button", { name: "Send to 1 confirmed subscriber" }).click();
  expect(await page.getByText("Tick the box to confirm that this issue goes to every subscriber.").isVisible()).toBe(
    true,
  );
  await page.getByLabel(/Send this issue, as previewed, to 1 confirmed subscriber now/).check();
  await page.getByRole("button", { name: "Send to 1 confirmed subscriber" }).click();
  await page.waitForURL(/\?done=sent$/);
  expect(await page.locator("main").getByRole("status").textContent()).toBe("Issue sent");
  expect(await page.getByText(/^Sent by .*, to 1 subscriber\.$/).isVisible()).toBe(true);
  await page.goto(`${app.url}/console/newsletter`);
  expect(await page.getByText(/Sent by .*, to 1 subscriber$/).isVisible()).toBe(true);
  await page.screenshot({ path: "test-results/screenshots/console-newsletter-nojs-375.png", fullPage: true });
  await context.close();

  const mail = await mailMatching(smtp, "reader@example.org", /Subject: Winter letter/);
  expect(mail).toContain("We gather again in **spring**.");
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(link(mail, "/newsletter/unsubscribe/"));
  await readerPage.getByRole("button", { name: "Unsubscribe" }).click();
  await readerPage.getByRole("heading", { name: "You will receive no more letters" }).waitFor();
  await reader.close();
});

it("with JavaScript: the form checks itself before it is sent, and a draft saves with a toast", async () => {
  const context = await browser.newContext({ storageState: keeperState, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/console/newsletter/new`);
  await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__reactRouterRouteModules);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Save and preview" }).click();
  await page.getByText("Please write a subject.").waitFor();
  await page.getByText("Please write the issue.").waitFor();
  await page.getByLabel("Subject").fill("Spring letter");
  await page.getByLabel("Plain text").check();
  await page.getByLabel("Body").fill("Dear friends,\n\nThe circle opens again.");
  await page.getByRole("button", { name: "Save and preview" }).click();
  await page.waitForURL(/\/console\/newsletter\/\d+\?done=saved$/);
  await page.getByRole("region", { name: "Preview" }).getByText("The circle opens again.").waitFor();
  await page.getByLabel("Subject").fill("Spring letter, revised");
  await page.getByRole("button", { name: "Save and preview" }).click();
  await expect.poll(() => page.locator("[data-sonner-toast]").filter({ hasText: "Draft saved" }).count()).toBe(1);
  await page.getByRole("heading", { name: "Draft: Spring letter, revised" }).waitFor();
  await page.screenshot({ path: "test-results/screenshots/console-newsletter-draft-1280.png", fullPage: true });
  await context.close();
});

it("a newsletter mail is a whole document that fits a 375 px phone, its unsubscribe a link", async () => {
  const { renderMail } = await import("../../app/modules/mail/templates");
  const url = `${app.url}/newsletter/unsubscribe/${"x".repeat(43)}`;
  const { html } = renderMail({
    heading: "Welcome to our sacred circle",
    paragraphs: [`A long address that must wrap: ${url}`],
    action: { label: "Open the letter", url },
    footer: "You receive this because you confirmed your subscription.",
    unsubscribeUrl: url,
  });
  expect(html).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8">/);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toContain("<title>Welcome to our sacred circle</title>");
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.setContent(html);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await page.getByRole("link", { name: "Unsubscribe with one click" }).getAttribute("href")).toBe(url);
  await context.close();
});
