import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { applicationFields } from "../support/applications";
import { launchBrowser } from "../support/browser";
import { signInPage, staffSession } from "../support/browser-accounts";

/*
 * The console on a phone (issue 15): at 375 px every list reads as cards, nothing scrolls sideways,
 * a long email wraps as a line rather than a letter per line, and the tabs say they scroll; at
 * 1280 px the same lists are tables with column headers.
 */

let app: AppProcess;
let browser: Browser;
/** The admin's full session (password and two-factor): admins see every list, the outbox and audit log too. */
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;
const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const LONG_EMAIL = "bartholomew.evangeline.whitfield-montgomery@sacred-path-congregation.example.org";

const LISTS = [
  "/console/requests",
  "/console/applications",
  "/console/shares",
  "/console/members",
  "/console/giving",
  "/console/outbox",
  "/console/audit",
  "/console/newsletter/subscribers",
];

beforeAll(async () => {
  // The demo accounts are seeded (startTestingAppProcess); without SMTP_URL every mail waits in the outbox.
  app = await startTestingAppProcess();
  browser = await launchBrowser();
  const post = (context: BrowserContext, path: string, form: Record<string, string>) =>
    context.request.post(`${app.url}${path}`, { form, headers: { Origin: app.url }, maxRedirects: 0 });
  const visitor = await browser.newContext();
  const requested = await post(visitor, "/request-access", {
    name: "Bartholomew Whitfield",
    email: LONG_EMAIL,
    reason: "I seek a guided path.",
  });
  expect(requested.status()).toBeLessThan(400);
  const subscribed = await post(visitor, "/newsletter", { email: LONG_EMAIL });
  expect(subscribed.status()).toBeLessThan(400);
  await visitor.close();

  // A member shares and applies with the long address, as their own signed-in browser would.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, app.url, member.username, member.password);
  await memberPage.waitForURL(/\/dashboard$/);
  const shared = await post(memberContext, "/integration", { intent: "share", kind: "share", content: "A dream." });
  expect(shared.status()).toBeLessThan(400);
  const applied = await post(memberContext, "/heroic-application", applicationFields({ email: LONG_EMAIL }));
  expect(applied.status()).toBeLessThan(400);
  await memberContext.close();

  // A gift with the long address, through the test payment provider.
  const giver = await browser.newContext();
  const page = await giver.newPage();
  await page.goto(`${app.url}/donation`, { waitUntil: "networkidle" });
  await page.getByLabel("Your name").fill("Bartholomew Whitfield");
  await page.getByLabel("Email for your receipt").fill(LONG_EMAIL);
  await page.getByRole("button", { name: /^Give \$\d+ \(test mode\)$/ }).click();
  await page.waitForURL(/\/payments\/test\//);
  await page.getByRole("button", { name: "Approve test payment" }).click();
  await page.waitForURL(`${app.url}/thank-you-sacred-offering`);
  await giver.close();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(width: number) {
  const context = await browser.newContext({ storageState: adminState, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  return { page, errors, close: () => context.close() };
}

/** The box around the long email's text as rendered in the table (all its lines). */
const emailCell = (page: Page) =>
  page.evaluate((email) => {
    const walker = document.createTreeWalker(document.querySelector("table") as Node, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent !== email) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const { width, height } = range.getBoundingClientRect();
      return { width, height };
    }
    return null;
  }, LONG_EMAIL);

describe("console lists", () => {
  // First: the console opens only to staff signed in with two-factor (expect.poll needs a test).
  it("an admin signs in and turns two-factor on", async () => {
    adminState = await staffSession(browser, app.url, admin);
  });

  it("at 375 px: cards, no sideways scrolling, long emails wrap by the line", async () => {
    const { page, errors, close } = await open(375);
    for (const path of LISTS) {
      await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      // Still one table for screen readers, with its column headers.
      expect(await page.getByRole("table").count(), path).toBe(1);
      expect(await page.getByRole("columnheader").count(), path).toBeGreaterThan(2);
      await page.screenshot({
        path: `test-results/screenshots/console-list${path.replace(/\//g, "-")}-375.png`,
        fullPage: true,
      });
    }
    for (const path of [
      "/console/requests",
      "/console/applications",
      "/console/giving",
      "/console/outbox",
      "/console/newsletter/subscribers",
    ]) {
      await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      const box = await emailCell(page);
      // About 80 characters at 14 px: a line is well over 150 px, and it takes a few lines, not eighty.
      expect(box?.width, path).toBeGreaterThan(150);
      expect(box?.height, path).toBeLessThan(100);
    }
    // The card shows each value beside its column's name.
    await page.goto(`${app.url}/console/requests`, { waitUntil: "networkidle" });
    expect(await page.getByText("Email", { exact: true }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("at 1280 px: a table with column headers and the email on one line", async () => {
    const { page, errors, close } = await open(1280);
    for (const path of LISTS) {
      await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      const table = page.getByRole("table");
      expect(await table.evaluate((el) => getComputedStyle(el).display), path).toBe("table");
      expect(await table.getByRole("columnheader").first().isVisible(), path).toBe(true);
      // A card's labels are for phones only.
      expect(await table.locator("td span[aria-hidden]").first().isVisible(), path).toBe(false);
      await page.screenshot({
        path: `test-results/screenshots/console-list${path.replace(/\//g, "-")}-1280.png`,
        fullPage: true,
      });
    }
    await page.goto(`${app.url}/console/requests`, { waitUntil: "networkidle" });
    expect(await page.getByRole("columnheader", { name: "Email" }).isVisible()).toBe(true);
    expect((await emailCell(page))?.height).toBeLessThan(30);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("console tabs on a phone", () => {
  it("fade at the end that has more, and show the current tab", async () => {
    const { page, errors, close } = await open(375);
    const tabs = page.getByRole("navigation", { name: "Console" });
    const fades = tabs.locator("span[aria-hidden]");
    const opacity = (i: number) => fades.nth(i).evaluate((el) => getComputedStyle(el).opacity);
    await page.goto(`${app.url}/console`, { waitUntil: "networkidle" });
    await expect.poll(() => opacity(1)).toBe("1"); // more to the right
    expect(await opacity(0)).toBe("0"); // nothing to the left

    // A tab at the far end (Audit log, before Help), opened directly: in view, and the fade moves to the start.
    await page.goto(`${app.url}/console/audit`, { waitUntil: "networkidle" });
    const current = tabs.getByRole("link", { name: "Audit log" });
    await expect.poll(() => opacity(0)).toBe("1");
    const box = await current.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await page.screenshot({ path: "test-results/screenshots/console-tabs-audit-375.png" });

    // The audit log's action filters scroll too, on one line.
    const filters = page.getByRole("list", { name: "Filter by action" });
    expect(await filters.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
