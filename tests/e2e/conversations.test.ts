import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts, staffSession } from "../support/browser-accounts";

/*
 * Issue 33: a conversation with the keepers, as its people use it. The member shares, a keeper
 * writes back and takes it, the member sees "Messages (1 new)", opens it and answers with
 * JavaScript, through a dropped connection (the text kept), and without JavaScript on a phone.
 */

let app: AppProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
let keeper: BrowserContext;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeperAccount = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  app = await startTestingAppProcess();
  browser = await launchBrowser();
  ({ withJs, withoutJs } = await signedInContexts(browser, app.url, member));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible());

describe("a conversation with the keepers", () => {
  it("goes back and forth: a keeper's message is new for the member, who answers with and without JavaScript", async () => {
    // A staff session enrols two-factor on the way in, polling as it goes: inside the test.
    keeper = await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    const page = await hydratedPage(withJs, `${app.url}/integration?mode=facilitated`);
    await page.getByLabel("What would you like to share?").fill("Since the ceremony I wake at four.");
    await page.getByRole("button", { name: "Private Message" }).click();
    await visible(page, "Your reflection has been shared with your trusted facilitator.").toBe(true);
    const link = page.getByRole("link", { name: /^Private message, / }).first();
    await expect.poll(() => link.isVisible()).toBe(true);
    const conversation = (await link.getAttribute("href")) ?? "";
    expect(conversation).toMatch(/^\/integration\/shares\/\d+$/);
    const id = conversation.split("/").at(-1);

    // The keeper writes back and takes it.
    const desk = await keeper.newPage();
    await desk.goto(`${app.url}/console/shares/${id}`);
    await desk.getByLabel("Your message").fill("Four is a tender hour. What comes to you then?");
    await desk.getByRole("button", { name: "Send Reply" }).click();
    await visible(desk, "Message sent").toBe(true);
    await desk.getByRole("button", { name: "Take This Conversation" }).click();
    await visible(desk, "The conversation is yours").toBe(true);
    await visible(desk, /taken by Elena Keeper/).toBe(true);

    // New for the member, until opened.
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole("link", { name: "Messages (1 new)" }).click();
    await page.waitForURL(/\/integration\?mode=facilitated/);
    await page
      .getByRole("link", { name: /^Private message, / })
      .first()
      .click();
    await page.waitForURL(`${app.url}${conversation}`);
    await visible(page, "Four is a tender hour. What comes to you then?").toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Messages", exact: true }).isVisible()).toBe(true);

    // With JavaScript; then a dropped connection keeps the words and says so.
    await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
    await page.getByLabel("Write to the keepers").fill("Mostly my father's face.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page, "The keepers have your message. We will email you when one of them writes back.").toBe(true);
    await visible(page, "Mostly my father's face.").toBe(true);
    await expect.poll(() => page.getByLabel("Write to the keepers").inputValue()).toBe("");
    await page.route(`**${conversation}.data**`, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
    );
    await page.getByLabel("Write to the keepers").fill("And the smell of cedar.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page, "Your message could not be sent. Please try again.").toBe(true);
    expect(await page.getByLabel("Write to the keepers").inputValue()).toBe("And the smell of cedar.");
    await page.close();

    // Without JavaScript, on a phone: a plain post, and the page that says it was sent.
    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${app.url}${conversation}`);
    await phone.getByRole("button", { name: "Send Message" }).click();
    await visible(phone, "Please write your message.").toBe(true);
    await phone.getByLabel("Write to the keepers").fill("Written with no script at all.");
    await phone.getByRole("button", { name: "Send Message" }).click();
    await phone.waitForURL(/\?done=sent$/);
    await visible(phone, "Written with no script at all.").toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: "test-results/screenshots/conversation-nojs-390.png", fullPage: true });
    await phone.close();

    // The keeper sees the whole conversation, and that it waits on them again.
    await desk.goto(`${app.url}/console/shares/${id}`);
    await visible(desk, "Written with no script at all.").toBe(true);
    await visible(desk, "waiting on a keeper").toBe(true);
    // On a keeper's phone too: the conversation fits the width.
    await desk.setViewportSize({ width: 375, height: 800 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await desk.screenshot({ path: "test-results/screenshots/console-conversation-375.png", fullPage: true });
    await desk.close();
  });
});
