import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayIn, formatDay } from "../../app/lib/dates";
import { DEFAULT_TIMEZONE } from "../../app/modules/accounts/schema";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "../../app/modules/accounts/seed.server";
import { WELLBEING_DAYS } from "../../app/modules/follow-ups/wellbeing.server";
import { openPglite } from "../../db/client";
import { checkins, followUps, users } from "../../db/schema";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts, staffSession } from "../support/browser-accounts";

/*
 * Issue 33, follow-ups, as a member and a keeper use them: two check-ins wait on the dashboard;
 * one is answered with JavaScript (nothing chosen first, then a dropped connection that keeps the
 * choices), after which the dashboard draws the member's wellbeing with its table; the other is
 * (a day after the session, a short one in the member's words: issue 48) answered without
 * JavaScript on a phone, with words that bring the crisis lines; the keeper's
 * queue says why and marks it done.
 */

let app: AppProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeperAccount = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const ids: number[] = [];

beforeAll(async () => {
  // The member's check-ins, as the scheduled job leaves them once a session has ended and two days passed.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-e2e-"));
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    await database.migrate();
    await seedDemoAccounts(database.db, { production: false });
    const [maya] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    if (!maya) throw new Error("no demo member");
    const due = new Date(Date.now() - 86_400_000);
    const rows = await database.db
      .insert(followUps)
      .values([
        { userId: maya.id, days: 14, dueAt: due, invitedAt: due },
        { userId: maya.id, days: 1, dueAt: due, invitedAt: due },
      ])
      .returning({ id: followUps.id });
    ids.push(...rows.map((r) => r.id));
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    await database.db.insert(checkins).values([
      { userId: maya.id, day: day(5), emotion: "Peaceful" },
      { userId: maya.id, day: day(3), emotion: "Reflective" },
      { userId: maya.id, day: day(1), emotion: "Grateful" },
    ]);
  } finally {
    await database.close();
  }
  app = await startTestingAppProcess({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  ({ withJs, withoutJs } = await signedInContexts(browser, app.url, member));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible());
const choose = async (page: Page, answer: string) => {
  for (const statement of [
    "I have felt cheerful and in good spirits",
    "I have felt calm and relaxed",
    "I have felt active and vigorous",
    "I woke up feeling fresh and rested",
    "My daily life has been filled with things that interest me",
  ]) {
    await page.getByRole("group", { name: statement }).getByLabel(answer).check({ force: true });
  }
};

describe("follow-up check-ins after a session", () => {
  it("are answered with JavaScript (through a dropped connection) and without it on a phone; keepers see why", async () => {
    const page = await hydratedPage(withJs, `${app.url}/dashboard`);
    await visible(page, "Check-ins are waiting for you").toBe(true);
    await page.getByRole("link", { name: "Your check-in, 2 weeks after your session" }).click();
    await page.waitForURL(`${app.url}/follow-ups/${ids[0]}`);
    await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);

    // Nothing chosen: each statement says so, and nothing is sent.
    await page.getByRole("button", { name: "Save My Check-in" }).click();
    await expect.poll(() => page.getByText("Please choose an answer.").count()).toBe(5);
    await choose(page, "Most of the time");
    await page.getByLabel(/what has stayed with you/).fill("The quiet after the drumming, 静かな朝.");

    // A dropped connection: said, and every choice and word is still there.
    await page.route(`**/follow-ups/${ids[0]}.data**`, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
    );
    await page.getByRole("button", { name: "Save My Check-in" }).click();
    await visible(page, "Your answers could not be saved. Please try again.").toBe(true);
    expect(
      await page
        .getByRole("group", { name: "I have felt calm and relaxed" })
        .getByLabel("Most of the time")
        .isChecked(),
    ).toBe(true);
    await page.unroute(`**/follow-ups/${ids[0]}.data**`);
    await page.getByRole("button", { name: "Save My Check-in" }).click();
    await visible(page, "Your wellbeing score: 80 of 100.").toBe(true);
    await visible(page, "The quiet after the drumming, 静かな朝.").toBe(true);

    // The dashboard draws it with the moods, and the table holds every value.
    await page.getByRole("link", { name: "Your wellbeing over time" }).click();
    await page.waitForURL(/\/dashboard/);
    await expect.poll(() => page.getByRole("img", { name: "Your wellbeing over time" }).isVisible()).toBe(true);
    await page.getByText("Show as a table").click();
    const table = page.getByRole("table", { name: /Your wellbeing over time/ });
    await expect.poll(() => table.getByText("80 of 100").isVisible()).toBe(true);
    expect(await table.getByText("Reflective").isVisible()).toBe(true);
    // The chart spans the six months its text names, to today (not two weeks of data).
    const span = `from ${formatDay(addDays(dayIn(new Date(), DEFAULT_TIMEZONE), -WELLBEING_DAYS))} to`;
    expect(await page.locator("#wellbeing-chart-desc").textContent()).toContain(span);
    await page.screenshot({ path: "test-results/screenshots/wellbeing-1280.png", fullPage: true });
    await page.close();

    // A day after the session, without JavaScript, on a phone: a short check-in in the member's
    // words (no WHO-5 about "the last two weeks"); words of harm bring the crisis lines at once.
    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${app.url}/follow-ups/${ids[1]}`);
    await visible(phone, "Your check-in, 1 day after your session").toBe(true);
    expect(await phone.getByText("Over the last two weeks:").count()).toBe(0);
    expect(await phone.getByRole("group", { name: "I have felt calm and relaxed" }).count()).toBe(0);
    await phone.getByRole("button", { name: "Save My Check-in" }).click();
    await visible(phone, "Please write a few words about how you are.").toBe(true);
    await phone.getByLabel(/How are you, since your session\?/).fill("Some nights I want to die.");
    await phone.getByRole("button", { name: "Save My Check-in" }).click();
    await phone.waitForURL(/\?done=answered-care$/);
    await visible(phone, "If you are in danger or thinking of harming yourself, please reach out now").toBe(true);
    await visible(phone, "Some nights I want to die.").toBe(true);
    expect(await phone.getByText(/Your wellbeing score/).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: "test-results/screenshots/follow-up-nojs-390.png", fullPage: true });
    await phone.close();

    // The keeper's queue: urgent, why, no words; marked done, it moves to "Recently done".
    const keeper = await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    const desk = await hydratedPage(keeper, `${app.url}/console/follow-ups`);
    const row = desk.getByRole("row", { name: /Maya Rivers/ }).first();
    await expect.poll(() => row.getByText("Spoke of harm or danger").isVisible()).toBe(true);
    // "1 day" (plural rules), and an urgent item dated by when to act: not overdue on arrival.
    expect(await row.getByText(/^1 day after a session/).isVisible()).toBe(true);
    expect(await desk.getByText("(overdue)").count()).toBe(0);
    expect(await desk.getByText("want to die").count()).toBe(0);
    await row.getByRole("button", { name: "Mark Done" }).click();
    await visible(desk, "Marked done").toBe(true);
    await expect.poll(() => desk.getByText("No follow-up waits for a keeper.").isVisible()).toBe(true);
    await desk.setViewportSize({ width: 375, height: 800 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await keeper.close();
  });
});
