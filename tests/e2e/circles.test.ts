import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayIn } from "../../app/lib/dates";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts, staffSession } from "../support/browser-accounts";

/*
 * Issue 33, integration circles, as a keeper and a member use them: the keeper schedules one from the
 * console; the member joins it from the calendar with JavaScript (after a dropped connection that
 * says so and takes nothing), sees the video link, gives up the place and takes it again without
 * JavaScript on a phone; the keeper sees who comes.
 */

let app: AppProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeperAccount = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const VIDEO = "https://meet.example.org/harvest-circle-3141";

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

describe("integration circles", () => {
  it("are scheduled by a keeper and joined from the calendar, with and without JavaScript", async () => {
    const keeper = await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    const desk = await hydratedPage(keeper, `${app.url}/console/circles`);
    await desk.getByLabel("Title").fill("Harvest Moon Circle");
    await desk.getByLabel("Description").fill("An hour to share what is ripening since ceremony, and to listen.");
    await desk.getByLabel("Date").fill(addDays(dayIn(new Date(), "America/New_York"), 9));
    await desk.getByLabel("Time").fill("18:30");
    await desk.getByLabel("Length in minutes").fill("75");
    await desk.getByLabel("Places").fill("1");
    await desk.getByLabel("Video link").fill("http://not-secure.example.org");
    await desk.getByRole("button", { name: "Schedule Circle" }).click();
    await visible(desk, "Please give the video link, starting with https://.").toBe(true);
    await desk.getByLabel("Video link").fill(VIDEO);
    await desk.getByRole("button", { name: "Schedule Circle" }).click();
    // With JavaScript the keeper stays on the list: a toast, the circle in the list, the form emptied.
    await visible(desk, "Circle scheduled").toBe(true);
    await expect.poll(() => desk.getByLabel("Title").inputValue()).toBe("");
    await desk.getByRole("link", { name: "Harvest Moon Circle" }).click();
    await desk.waitForURL(/\/console\/circles\/\d+$/);
    const circlePath = new URL(desk.url()).pathname.replace("/console", "");

    // The member, with JavaScript: a dropped connection says so and takes no place.
    const page = await hydratedPage(withJs, `${app.url}/calendar`);
    const card = page.locator("li").filter({ hasText: "Harvest Moon Circle" });
    await expect.poll(() => card.getByText("1 place left").isVisible()).toBe(true);
    await page.route(`**${circlePath}.data**`, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
    );
    await card.getByRole("button", { name: "Join This Circle" }).click();
    await visible(page, "Your change could not be saved. Please try again.").toBe(true);
    await page.unroute(`**${circlePath}.data**`);
    await card.getByRole("button", { name: "Join This Circle" }).click();
    // The member stays on the calendar: a toast, and the card says the place is theirs.
    await visible(page, "You have a place. We emailed you the details and a calendar file.").toBe(true);
    await expect.poll(() => card.getByText("You have a place.").isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/calendar");
    await card.getByRole("link", { name: "Harvest Moon Circle" }).click();
    await page.waitForURL(`${app.url}${circlePath}`);
    await expect.poll(() => page.getByRole("link", { name: VIDEO }).isVisible()).toBe(true);
    await page.close();

    // Without JavaScript, on a phone: give up the place (the link goes), then take it again.
    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${app.url}${circlePath}`);
    await phone.getByRole("button", { name: "Give Up My Place" }).click();
    await phone.waitForURL(/\?done=left$/);
    await visible(phone, "You have left the circle.").toBe(true);
    expect(await phone.getByRole("link", { name: VIDEO }).count()).toBe(0);
    await phone.getByRole("button", { name: "Join This Circle" }).click();
    await phone.waitForURL(/\?done=joined$/);
    await visible(phone, "You have a place. We emailed you the details and a calendar file.").toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: "test-results/screenshots/circle-nojs-390.png", fullPage: true });
    await phone.goto(`${app.url}/calendar`);
    await visible(phone, "You have a place.").toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();

    // The keeper sees who comes, on a phone too.
    await desk.reload();
    await visible(desk, "Maya Rivers").toBe(true);
    await desk.setViewportSize({ width: 375, height: 800 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await desk.screenshot({ path: "test-results/screenshots/console-circle-375.png", fullPage: true });
    await keeper.close();
  });
});
