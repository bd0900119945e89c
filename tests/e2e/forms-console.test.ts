import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { applicationFields } from "../support/applications";
import { launchBrowser } from "../support/browser";
import { signInPage, staffSession } from "../support/browser-accounts";

/*
 * The Temple Keepers' console forms on the one form pipeline (issue 14): with JavaScript off a
 * change lands on the item's page saying what was done, and a bad entry comes back with its message
 * and what was typed; with JavaScript the change is told by a toast; on a dropped connection the
 * console's notice shows and the typed text stays.
 */

let app: AppProcess;
let browser: Browser;
/** A keeper's full session (password and two-factor), shared by the contexts below. */
let keeperState: Awaited<ReturnType<BrowserContext["storageState"]>>;
const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const NOT_SAVED = "The change may not have been saved. Please try again; sent twice, it is applied only once.";

beforeAll(async () => {
  // The demo accounts are seeded (startTestingAppProcess).
  app = await startTestingAppProcess();
  browser = await launchBrowser();
  for (const [name, email] of [
    ["Nora Nojs", "nora@example.org"],
    ["Jonah Script", "jonah@example.org"],
    ["Dora Dropped", "dora@example.org"],
  ]) {
    const res = await fetch(`${app.url}/request-access`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ name: name as string, email: email as string, reason: "I seek a guided path." }),
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(400);
  }
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(javaScriptEnabled: boolean, width = 1280) {
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: keeperState,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, errors, close: () => context.close() };
}

/** Waits until React Router has taken over the page, so a click is the app's and not a plain post. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__reactRouterRouteModules);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(200);
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function openRequest(page: Page, name: string) {
  await page.goto(`${app.url}/console/requests`);
  await page.getByRole("link", { name }).click();
  await page.waitForURL(/\/console\/requests\/\d+$/);
}

describe("console forms without JavaScript", () => {
  // First: the console opens only to a keeper who signed in with two-factor (expect.poll needs a test).
  it("a keeper signs in and turns two-factor on, as the console asks", async () => {
    keeperState = await staffSession(browser, app.url, keeper);
  });

  it("approves an access request and lands on the request, saying it was approved", async () => {
    const { page, close } = await open(false);
    await openRequest(page, "Nora Nojs");
    await page.getByLabel(/Message to the person/).fill("Welcome, Nora.");
    await page.getByRole("button", { name: "Approve and send invitation" }).click();
    await page.waitForURL(/\/console\/requests\/\d+\?done=approved$/);
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Request approved");
    expect(await page.getByText(/Approved by/).isVisible()).toBe(true);
    await page.screenshot({ path: "test-results/screenshots/console-request-done-nojs-1280.png", fullPage: true });
    await close();
  });

  it("closes a day: a blank reason comes back with its message and the day kept; then it says Day closed", async () => {
    const { page, close } = await open(false, 375);
    await page.goto(`${app.url}/console/bookings`);
    await page.getByLabel("Day", { exact: true }).fill("2031-03-14");
    await page.getByLabel("Reason").fill("   ");
    await page.getByRole("button", { name: "Close day" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Give a short reason (up to 200 characters).").isVisible()).toBe(true);
    expect(await page.getByLabel("Day", { exact: true }).inputValue()).toBe("2031-03-14");
    await page.screenshot({ path: "test-results/screenshots/console-bookings-error-nojs-375.png", fullPage: true });
    await page.getByLabel("Reason").fill("Spring retreat");
    await page.getByRole("button", { name: "Close day" }).click();
    await page.waitForURL(/\/console\/bookings\?done=closed$/);
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Day closed");
    expect(await page.getByText("2031-03-14 · Spring retreat").isVisible()).toBe(true);
    await close();
  });

  it("disables and enables a member's account, each landing saying what was done", async () => {
    const { page, close } = await open(false);
    await page.goto(`${app.url}/console/members?q=${encodeURIComponent(member.email)}`);
    await page.getByRole("link", { name: member.name }).click();
    await page.getByRole("button", { name: "Disable Account" }).click();
    await page.waitForURL(/\?done=disabled$/);
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Account disabled");
    await page.screenshot({ path: "test-results/screenshots/console-member-done-nojs-1280.png", fullPage: true });
    await page.getByRole("button", { name: "Enable Account" }).click();
    await page.waitForURL(/\?done=enabled$/);
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Account enabled");
    await close();
  });
});

describe("a member's share and application, answered in the console", () => {
  it("replies to a share and notes an application without JavaScript; with it, a decision is told by a toast", async () => {
    // The member shares and applies (posted as their own signed-in browser would).
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signInPage(memberPage, app.url, member.username, member.password);
    await memberPage.waitForURL(/\/dashboard$/);
    const as = (path: string, form: Record<string, string>) =>
      memberContext.request.post(`${app.url}${path}`, { form, headers: { Origin: app.url }, maxRedirects: 0 });
    expect(
      (await as("/integration", { intent: "share", kind: "share", content: "The river dream came back." })).status(),
    ).toBeLessThan(400);
    const applied = await as("/heroic-application", applicationFields({ email: member.email }));
    expect(applied.status()).toBeLessThan(400);
    await memberContext.close();

    const { page, close } = await open(false, 375);
    await page.goto(`${app.url}/console/shares`);
    await page
      .getByRole("link", { name: /The river dream|Maya/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Send Reply" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Please write a reply.").isVisible()).toBe(true);
    await page.getByLabel("Your message").fill("Rivers carry what we let go. Sunday?");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await page.waitForURL(/\/console\/shares\/\d+\?done=replied$/);
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Message sent");
    await page.screenshot({ path: "test-results/screenshots/console-share-done-nojs-375.png", fullPage: true });

    await page.goto(`${app.url}/console/applications`);
    await page.getByRole("link", { name: "Maya Member" }).first().click();
    const applicationUrl = page.url();
    await page.getByRole("button", { name: "Add note only" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Write a note first.").isVisible()).toBe(true);
    await page.getByLabel(/Message to the applicant/).fill("Ask about the breathwork teacher.");
    await page.getByRole("button", { name: "Add note only" }).click();
    await page.waitForURL(/\?done=note$/);
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Note added");
    expect(await page.getByText("Ask about the breathwork teacher.").isVisible()).toBe(true);
    await close();

    const js = await open(true);
    await js.page.goto(applicationUrl);
    await hydrated(js.page);
    await js.page.getByRole("button", { name: "Start review" }).click();
    await expect.poll(() => toast(js.page, "Review started").count()).toBe(1);
    await js.page.screenshot({ path: "test-results/screenshots/console-application-js-1280.png", fullPage: true });
    expect(js.errors).toEqual([]);
    await js.close();
  });
});

describe("console forms with JavaScript", () => {
  it("declines a request with a toast; a blank day reason is caught before sending", async () => {
    const { page, errors, close } = await open(true);
    await openRequest(page, "Jonah Script");
    await hydrated(page);
    await page.getByRole("button", { name: "Decline kindly" }).click();
    await expect.poll(() => toast(page, "Request declined").count()).toBe(1);
    await expect.poll(() => page.getByText(/Declined by/).isVisible()).toBe(true);
    await page.screenshot({ path: "test-results/screenshots/console-request-done-js-1280.png", fullPage: true });

    await page.goto(`${app.url}/console/bookings`);
    await hydrated(page);
    let posted = 0;
    page.on("request", (r) => r.method() === "POST" && posted++);
    await page.getByLabel("Day", { exact: true }).fill("2031-04-02");
    await page.getByRole("button", { name: "Close day" }).click();
    await expect.poll(() => page.getByText("Give a short reason (up to 200 characters).").isVisible()).toBe(true);
    expect(posted).toBe(0);
    expect(await page.getByLabel("Reason").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel("Reason").fill("Keepers' gathering");
    await page.getByRole("button", { name: "Close day" }).click();
    await expect.poll(() => toast(page, "Day closed").count()).toBe(1);
    await expect.poll(() => page.getByText("2031-04-02 · Keepers' gathering").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("keeps the message and shows the console's notice when the connection drops", async () => {
    const { page, errors, close } = await open(true, 375);
    await openRequest(page, "Dora Dropped");
    await hydrated(page);
    await page.route("**/console/requests/*.data**", (r) =>
      r.request().method() === "POST" ? r.abort("connectionreset") : r.continue(),
    );
    await page.getByLabel(/Message to the person/).fill("We would love to meet you.");
    await page.getByRole("button", { name: "Approve and send invitation" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: NOT_SAVED }).count()).toBe(1);
    expect(await page.getByLabel(/Message to the person/).inputValue()).toBe("We would love to meet you.");
    await page.screenshot({ path: "test-results/screenshots/console-request-dropped-js-375.png", fullPage: true });
    // Nothing was decided: the request still waits.
    await page.unroute("**/console/requests/*.data**");
    await page.reload();
    expect(await page.getByRole("button", { name: "Approve and send invitation" }).isVisible()).toBe(true);
    expect(errors.filter((e) => !/Failed to fetch|network/i.test(e))).toEqual([]);
    await close();
  });
});

describe("the care loop in the console", () => {
  it("shows a visitor in danger crisis lines; the keeper's inbox puts the message first, and a reply lowers the count", async () => {
    // A visitor without JavaScript writes from the contact page.
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const contact = await visitor.newPage();
    for (const [name, message] of [
      ["Calm Visitor", "When does the next integration circle meet?"],
      ["Hurting Visitor", "Since the ceremony I don't want to live any more."],
    ] as const) {
      await contact.goto(`${app.url}/contact`);
      await contact.getByLabel("Full name").fill(name);
      await contact.getByLabel("Email").fill(`${name.split(" ")[0]?.toLowerCase()}@example.org`);
      await contact.getByLabel("Message").fill(message);
      await contact.getByRole("button", { name: "Send Message" }).click();
      await contact.waitForURL(/\/contact\?done=(sent|care)$/);
    }
    expect(contact.url()).toMatch(/done=care$/);
    await expect.poll(() => contact.getByText("call or text 988").first().isVisible()).toBe(true);
    await visitor.close();

    const { page, errors, close } = await open(false);
    await page.goto(`${app.url}/console`);
    await expect.poll(() => page.getByRole("link", { name: "Inbox 2 waiting" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Inbox 2 waiting" }).click();
    await page.waitForURL(/\/console\/inbox$/);
    const first = page.getByRole("list", { name: "Messages" }).getByRole("listitem").first();
    expect(await first.textContent()).toContain("Hurting Visitor");
    expect(await first.textContent()).toContain("urgent");
    await first.getByRole("link").click();
    await page.getByLabel("Reply to Hurting Visitor by email").fill("I am here with you. May I call you today?");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await page.waitForURL(/\?done=replied$/);
    await expect.poll(() => page.getByText("Reply sent").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Inbox 1 waiting" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();

    const phone = await open(true, 375);
    await phone.page.goto(`${app.url}/console/inbox`);
    await hydrated(phone.page);
    await phone.page.screenshot({ path: "test-results/screenshots/console-inbox-375.png", fullPage: true });
    expect(await phone.page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
    await phone.page.getByRole("link", { name: "Member area" }).click();
    await phone.page.waitForURL(`${app.url}/dashboard`);
    expect(phone.errors).toEqual([]);
    await phone.close();
  });
});
