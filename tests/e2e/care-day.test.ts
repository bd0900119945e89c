import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "../../app/modules/accounts/seed.server";
import { openPglite } from "../../db/client";
import { contactMessages, followUps, users } from "../../db/schema";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts, staffSession } from "../support/browser-accounts";

/*
 * Issue 48, care, on a phone (390 px): the member's one "Messages" place, with and without
 * JavaScript; a keeper who took a conversation hands it back (and another keeper sees who had
 * it); a keeper's "Today" says what needs whom first, in step with the tabs' badges.
 */

let app: AppProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
let keeper: BrowserContext;
let admin: BrowserContext;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeperAccount = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const adminAccount = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];
const HOUR = 3_600_000;

beforeAll(async () => {
  // Waiting work from two tabs besides the shares: a contact message two days old, an urgent follow-up.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-e2e-"));
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    await database.migrate();
    await seedDemoAccounts(database.db, { production: false });
    const [maya] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    if (!maya) throw new Error("no demo member");
    const now = Date.now();
    await database.db.insert(contactMessages).values({
      name: "Jonah Writer",
      email: "jonah@example.org",
      message: "private-contact-words",
      createdAt: new Date(now - 50 * HOUR),
    });
    await database.db.insert(followUps).values({
      userId: maya.id,
      days: 14,
      dueAt: new Date(now - 2 * 24 * HOUR),
      invitedAt: new Date(now - 2 * 24 * HOUR),
      answeredAt: new Date(now - HOUR),
      careReason: "crisis",
      careUrgent: true,
      careDueAt: new Date(now + 23 * HOUR),
    });
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
const fits = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

async function share(content: string): Promise<string> {
  const res = await withJs.request.post(`${app.url}/integration`, {
    form: { intent: "share", kind: "message", content },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const list = await withoutJs.newPage();
  await list.goto(`${app.url}/messages`);
  const href =
    (await list
      .getByRole("link", { name: /^Private message, / })
      .first()
      .getAttribute("href")) ?? "";
  await list.close();
  return href.split("/").at(-1) ?? "";
}

describe("a keeper's day and a member's messages, on a phone", () => {
  it("hands a conversation back; Messages opens the one conversation, then the list of all", async () => {
    keeper = await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    admin = await browser.newContext({ storageState: await staffSession(browser, app.url, adminAccount) });
    const first = await share("The first conversation, about sleep.");

    // The keeper takes it, closes it: still theirs, so "Hand Back", not "Take".
    const desk = await hydratedPage(keeper, `${app.url}/console/shares/${first}`);
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.getByLabel("Your message").fill("Sleep comes back slowly. Tell me about the evenings.");
    await desk.getByRole("button", { name: "Send Reply" }).click();
    await visible(desk, "Message sent").toBe(true);
    await desk.getByRole("button", { name: "Take This Conversation" }).click();
    await visible(desk, "The conversation is yours").toBe(true);
    await desk.getByRole("button", { name: "Close Conversation" }).click();
    await expect.poll(() => desk.getByRole("button", { name: "Reopen" }).isVisible()).toBe(true);
    expect(await desk.getByRole("button", { name: "Take This Conversation" }).count()).toBe(0);
    await expect.poll(() => desk.getByRole("button", { name: "Hand Back" }).isVisible()).toBe(true);
    await visible(desk, /taken by you/).toBe(true);

    // Another keeper sees who has it.
    const other = await admin.newPage();
    await other.setViewportSize({ width: 390, height: 844 });
    await other.goto(`${app.url}/console/shares/${first}`);
    await visible(other, /taken by Elena Keeper/).toBe(true);
    expect(await other.getByRole("button", { name: "Hand Back" }).count()).toBe(0);
    await other.close();

    await desk.getByRole("button", { name: "Hand Back" }).click();
    await visible(desk, "Handed back: the member's messages go to the shared address again").toBe(true);
    await visible(desk, /not taken yet/).toBe(true);
    await expect.poll(() => desk.getByRole("button", { name: "Take This Conversation" }).isVisible()).toBe(true);
    await fits(desk);
    await desk.screenshot({ path: "test-results/screenshots/console-hand-back-390.png", fullPage: true });
    await desk.close();

    // One conversation with a new word: "Messages (1 new)" opens it at once.
    const page = await hydratedPage(withJs, `${app.url}/dashboard`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("link", { name: "Messages (1 new)" }).click();
    await page.waitForURL(`${app.url}/integration/shares/${first}`);
    await visible(page, "Sleep comes back slowly. Tell me about the evenings.").toBe(true);

    // Two more, one answered: "Messages" is the list, newest word first, the new one marked.
    const second = await share("The second conversation, about my mother.");
    await share("The third conversation, about work.");
    const reply = await keeper.request.post(`${app.url}/console/shares/${second}`, {
      form: { intent: "reply", reply: "Thank you for telling me about her." },
      maxRedirects: 0,
    });
    expect(reply.status()).toBe(303);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole("link", { name: "Messages (1 new)" }).click();
    await page.waitForURL(`${app.url}/integration/shares/${second}`);
    await page.getByRole("link", { name: "All messages" }).click();
    await page.waitForURL(`${app.url}/messages`);
    const items = page.getByRole("list", { name: "Your conversations" }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.nth(0).textContent()).toContain("about my mother");
    expect(await items.nth(1).textContent()).toContain("about work");
    expect(await items.nth(2).textContent()).toContain("about sleep");
    await fits(page);
    await page.screenshot({ path: "test-results/screenshots/messages-390.png", fullPage: true });
    await page.close();

    // Without JavaScript: the same list, a new word marked, each a plain link.
    await keeper.request.post(`${app.url}/console/shares/${first}`, {
      form: { intent: "reply", reply: "And the mornings?" },
      maxRedirects: 0,
    });
    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${app.url}/dashboard`);
    await phone.getByRole("link", { name: "Messages (1 new)" }).click();
    await phone.waitForURL(`${app.url}/integration/shares/${first}`);
    await phone.goto(`${app.url}/messages`);
    const plain = phone.getByRole("list", { name: "Your conversations" }).getByRole("listitem");
    expect(await plain.nth(0).textContent()).toContain("about sleep");
    expect(await phone.getByText("New message").count()).toBe(0);
    await phone
      .getByRole("link", { name: /^Private message, / })
      .nth(1)
      .click();
    await phone.waitForURL(`${app.url}/integration/shares/${second}`);
    await fits(phone);
    await phone.close();
  });

  it("puts a keeper's day on top of the console: urgent first, then by when to act, in step with the badges", async () => {
    keeper ??= await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    const page = await hydratedPage(keeper, `${app.url}/console`);
    await page.setViewportSize({ width: 390, height: 844 });
    const today = page.getByRole("region", { name: "Today" });
    const rows = today.getByRole("listitem");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    // Urgent first: the follow-up; then the contact message, past its 48 hours.
    expect(await rows.nth(0).textContent()).toContain("A follow-up check-in spoke of harm or danger");
    expect(await rows.nth(0).textContent()).toContain("Act by");
    expect(await rows.nth(1).textContent()).toContain("A contact message to answer");
    expect(await rows.nth(1).textContent()).toContain("Overdue since");
    expect(await today.getByText("private-contact-words").count()).toBe(0);
    // Each kind's items on the list match its tab's badge.
    const texts = await rows.allTextContents();
    const badge = async (label: string) => {
      const text =
        (await page
          .getByRole("link", { name: new RegExp(`^${label}`) })
          .first()
          .textContent()) ?? "";
      return Number(text.match(/(\d+) waiting/)?.[1] ?? 0);
    };
    expect(texts.filter((t) => t.includes("follow-up check-in")).length).toBe(await badge("Follow-ups"));
    expect(texts.filter((t) => t.includes("contact message")).length).toBe(await badge("Inbox"));
    expect(texts.filter((t) => t.includes("A conversation waits")).length).toBe(await badge("Shares"));
    // The item's link leads to it.
    await rows.nth(1).getByRole("link").click();
    await page.waitForURL(/\/console\/inbox\/\d+$/);
    await page.goto(`${app.url}/console`);
    await fits(page);
    await page.screenshot({ path: "test-results/screenshots/console-today-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "test-results/screenshots/console-today-1280.png", fullPage: true });
    await page.close();
  });
});
