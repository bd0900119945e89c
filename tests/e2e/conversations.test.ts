import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts, staffSession } from "../support/browser-accounts";

/*
 * Issue 33: a conversation with the keepers, as its people use it. The member shares, a keeper
 * writes back and takes it, the member sees "Messages (1 new)", which opens it, and answers with
 * JavaScript, through a dropped connection (the text kept), and without JavaScript on a phone.
 * Issue 45: a long conversation is paged, with and without JavaScript, and opening it from another
 * site's link (a webmail) leaves it new until the member marks it read.
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
    await visible(desk, /taken by you/).toBe(true);

    // New for the member, until opened.
    await page.goto(`${app.url}/dashboard`);
    // One conversation with a new word: "Messages (1 new)" opens it at once (issue 48).
    await page.getByRole("link", { name: "Messages (1 new)" }).click();
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

  it("pages a long conversation; opened from another site's link it stays new, and shut to a keeper", async () => {
    keeper ??= await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    // The member shares; a keeper writes 52 times (the newest 50 are one page).
    const shared = await withJs.request.post(`${app.url}/integration`, {
      form: { intent: "share", kind: "message", content: "A long talk begins." },
      maxRedirects: 0,
    });
    expect(shared.status()).toBe(303);
    const circle = await hydratedPage(withJs, `${app.url}/integration?mode=facilitated`);
    const conversation =
      (await circle
        .getByRole("link", { name: /^Private message, / })
        .first()
        .getAttribute("href")) ?? "";
    await circle.close();
    const id = conversation.split("/").at(-1);
    for (let n = 1; n <= 52; n++) {
      const res = await keeper.request.post(`${app.url}/console/shares/${id}`, {
        form: { intent: "reply", reply: `Keeper note ${n}.` },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(303);
    }

    // From another site's page (a webmail), the session cookie goes along: shown, still new.
    const page = await withJs.newPage();
    await page.route("http://webmail.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: `<a href="${app.url}${conversation}">Read the message</a>` }),
    );
    await page.goto("http://webmail.example/inbox");
    await page.getByRole("link", { name: "Read the message" }).click();
    await page.waitForURL(`${app.url}${conversation}`);
    await visible(page, "Keeper note 52.").toBe(true);
    expect(await page.getByText("Keeper note 2.", { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByRole("link", { name: "Messages (1 new)" }).isVisible()).toBe(true);
    await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Messages", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Mark as read" }).count()).toBe(0);

    // The earlier messages, with JavaScript, and back to the latest.
    await page.getByRole("link", { name: "Earlier messages" }).click();
    await page.waitForURL(/\?before=\d+$/);
    await visible(page, "Keeper note 2.").toBe(true);
    await page.getByRole("link", { name: "Latest messages" }).click();
    await page.waitForURL(`${app.url}${conversation}`);
    await visible(page, "Keeper note 52.").toBe(true);
    await page.close();

    // And without JavaScript: plain links.
    const phone = await withoutJs.newPage();
    await phone.goto(`${app.url}${conversation}`);
    await phone.getByRole("link", { name: "Earlier messages" }).click();
    await phone.waitForURL(/\?before=\d+$/);
    await visible(phone, "Keeper note 1.").toBe(true);
    await visible(phone, "A long talk begins.").toBe(true);
    await phone.close();

    // A keeper following another site's link sees who and what, none of the words, until they open it.
    const desk = await keeper.newPage();
    await desk.route("http://webmail.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: `<a href="${app.url}/console/shares/${id}">Open it</a>` }),
    );
    await desk.goto("http://webmail.example/inbox");
    await desk.getByRole("link", { name: "Open it" }).click();
    await desk.waitForURL(`${app.url}/console/shares/${id}`);
    await desk.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
    await visible(desk, /^Private message · /).toBe(true);
    expect(await desk.getByText("A long talk begins.").count()).toBe(0);
    await desk.getByRole("button", { name: "Open the Conversation" }).click();
    await visible(desk, "A long talk begins.").toBe(true);
    await visible(desk, "Keeper note 52.").toBe(true);
    await desk.close();
  });
});
