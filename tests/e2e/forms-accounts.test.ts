import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { mailMatching } from "../support/browser-accounts";
import { startSmtpServer } from "../support/smtp";

/*
 * Issue 14, the account forms: each with JavaScript off (a plain post lands on a page that says it
 * worked; an error keeps what was typed, never a password or code), on (SPEC.md's state and toast),
 * and with the connection dropped during the submit (the form's notice, the text kept).
 */
let app: AppProcess;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  // The demo accounts are seeded (startTestingAppProcess); mail goes to a local SMTP server (the reset link).
  smtp = await startSmtpServer();
  app = await startTestingAppProcess({ SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: "100" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

async function context(javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
}

/** Waits until React has taken over the page (before any JavaScript interaction). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__reactRouterRouteModules);
  await page.waitForTimeout(300);
}

/** Every POST of the page's `.data` requests fails as a dropped connection would. */
async function dropPosts(page: Page, path: string) {
  await page.route(`**${path}.data**`, (route) =>
    route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
  );
}

async function signIn(page: Page, password = member.password) {
  await page.goto(`${app.url}/sacred-access`);
  await page.getByLabel("Email or username").fill(member.username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
}

const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);

describe("account forms without JavaScript", () => {
  it("sign-in: an error keeps the name but not the password; success goes on to the dashboard", async () => {
    const ctx = await context(false);
    const page = await ctx.newPage();
    await signIn(page, "12345");
    await visible(page, "Password must be at least 6 characters long");
    expect(await page.getByLabel("Email or username").inputValue()).toBe(member.username);
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    await signIn(page);
    await page.waitForURL(`${app.url}/dashboard`);
    await ctx.close();
  });

  it("forgot password: a bad address is kept with its message; a good one lands on Check Your Email", async () => {
    const ctx = await context(false);
    const page = await ctx.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel("Email").fill("maya @example.org");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await visible(page, "Please enter a valid email address");
    expect(await page.getByLabel("Email").inputValue()).toBe("maya @example.org");
    await page.getByLabel("Email").fill("nobody@example.org");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.waitForURL(`${app.url}/forgot-password?done=sent`);
    await visible(page, "Check Your Email");
    // "Try Different Email" is a link: the form again, empty.
    await page.getByRole("link", { name: "Try Different Email" }).click();
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    await ctx.close();
  });

  it("two-factor: the code is never written back; an empty one gets its message", async () => {
    const ctx = await context(false);
    const page = await ctx.newPage();
    await page.goto(`${app.url}/sacred-access/two-factor`);
    await page.getByRole("button", { name: "Verify" }).click();
    await visible(page, "Please enter the code from your authenticator app");
    await page.getByLabel("Code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await visible(page, "That code is not correct. Please try again with a fresh code.");
    expect(await page.getByLabel("Code").inputValue()).toBe("");
    await ctx.close();
  });

  it("profile: an error keeps the card open with what was typed; a save lands on a page that says so", async () => {
    const ctx = await context(false);
    const page = await ctx.newPage();
    await signIn(page);
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto(`${app.url}/profile?edit=basic#basic`);
    await page.getByLabel("City").fill("Asheville");
    await page.getByLabel("Phone", { exact: true }).fill("0123");
    await page.getByRole("button", { name: "Save Basic Profile" }).click();
    await visible(page, "Please enter a valid phone number");
    expect(await page.getByLabel("City").inputValue()).toBe("Asheville");
    await page.getByLabel("Phone", { exact: true }).fill("+1 555 010 2030");
    await page.getByRole("button", { name: "Save Basic Profile" }).click();
    await page.waitForURL(/\/profile\?done=basic/);
    await visible(page, "Your profile is saved.");
    await visible(page, "Asheville");

    await page.getByLabel("Time zone", { exact: true }).selectOption("Europe/Lisbon");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.waitForURL(/\/profile\?done=settings/);
    await visible(page, "Your settings are saved.");
    // The page written afresh shows the stored zone chosen, among every zone the server knows.
    const zone = page.getByLabel("Time zone", { exact: true });
    expect(await zone.inputValue()).toBe("Europe/Lisbon");
    expect(await zone.locator("option[selected]").count()).toBe(1);
    expect(await zone.locator("option").count()).toBeGreaterThan(400);
    await page.getByLabel("Time zone", { exact: true }).selectOption("America/New_York");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.waitForURL(/\/profile\?done=settings/);

    // A wrong current password: the message, and no password in any field.
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password (8 to 128 characters)").fill("a-new-long-password");
    await page.getByLabel("New password, once more").fill("a-new-long-password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await visible(page, "Your current password is not correct");
    expect(await page.getByLabel("Current password").inputValue()).toBe("");
    expect(await page.getByLabel("New password (8 to 128 characters)").inputValue()).toBe("");
    await ctx.close();
  });
});

describe("account forms with JavaScript", () => {
  it("sign-in: the alert clears on editing; the welcome toast, then the dashboard", async () => {
    const ctx = await context(true);
    const page = await ctx.newPage();
    await page.goto(`${app.url}/sacred-access`);
    await hydrated(page);
    await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await visible(page, "Please enter your email or username");
    await page.getByLabel("Email or username").fill(member.username);
    expect(await page.getByRole("alert").filter({ hasText: "Please enter" }).count()).toBe(0);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await visible(page, "Invalid credentials. Please check your email/username and password.");
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await visible(page, "You have successfully entered the oracle. Your journey begins now.");
    await page.waitForURL(`${app.url}/dashboard`);
    await ctx.close();
  });

  it("sign-in on a dropped connection: SPEC.md's unexpected-error alert, the name kept", async () => {
    const ctx = await context(true);
    const page = await ctx.newPage();
    await dropPosts(page, "/sacred-access");
    await page.goto(`${app.url}/sacred-access`);
    await hydrated(page);
    await page.getByLabel("Email or username").fill(member.username);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await visible(page, "An unexpected error occurred");
    expect(await page.getByLabel("Email or username").inputValue()).toBe(member.username);
    await ctx.close();
  });

  it("forgot password: the toast and Check Your Email; a dropped connection keeps the address", async () => {
    const ctx = await context(true);
    const page = await ctx.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await hydrated(page);
    await page.getByLabel("Email").fill("maya@example");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await visible(page, "Please enter a valid email address");
    await page.getByLabel("Email").fill("nobody@example.org");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await visible(page, "Reset Instructions Sent");
    await visible(page, "Check Your Email");
    await page.getByRole("link", { name: "Try Different Email" }).click();
    expect(await page.getByLabel("Email").inputValue()).toBe("");

    await dropPosts(page, "/forgot-password");
    await page.getByLabel("Email").fill("someone@example.org");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await visible(page, "Unable to send reset instructions. Please try again.");
    expect(await page.getByLabel("Email").inputValue()).toBe("someone@example.org");
    await ctx.close();
  });

  it("two-factor on a dropped connection: its notice, the page kept", async () => {
    const ctx = await context(true);
    const page = await ctx.newPage();
    await dropPosts(page, "/sacred-access/two-factor");
    await page.goto(`${app.url}/sacred-access/two-factor`);
    await hydrated(page);
    await page.getByLabel("Code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await visible(page, "The code could not be checked. Please try again.");
    expect(await page.getByRole("heading", { name: "One more step" }).isVisible()).toBe(true);
    await ctx.close();
  });

  it("profile: the Saved toast and edit mode left; a dropped connection keeps the card and the text", async () => {
    const ctx = await context(true);
    const page = await ctx.newPage();
    await signIn(page);
    await page.waitForURL(`${app.url}/dashboard`);
    // Arriving by a link (the page made in the browser), the zone list and the member's zone.
    await hydrated(page);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/profile"),
    );
    await page.waitForURL(`${app.url}/profile`);
    const zone = page.getByLabel("Time zone", { exact: true });
    await expect.poll(() => zone.inputValue()).toBe("America/New_York");
    expect(await zone.locator("option").count()).toBeGreaterThan(400);
    expect(await zone.locator('option[value="Asia/Shanghai"]').textContent()).toBe("Asia/Shanghai");
    await zone.selectOption("Pacific/Port_Moresby");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await visible(page, "Your settings are saved.");
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel("Time zone", { exact: true }).inputValue()).toBe("Pacific/Port_Moresby");
    expect(await page.locator('option[value="Pacific/Port_Moresby"]').textContent()).toBe("Pacific/Port Moresby");

    await page.getByRole("link", { name: "Edit Clothing Preferences" }).click();
    await page.getByLabel("Shirt size").fill("M");
    await page.getByRole("button", { name: "Save Clothing Preferences" }).click();
    await visible(page, "Your clothing preferences are saved.");
    await expect.poll(() => page.getByLabel("Shirt size").count()).toBe(0); // read-only again
    await visible(page, "M");

    // The same schema checks the card in the browser: the message under its field.
    await page.getByRole("link", { name: "Edit Basic Profile" }).click();
    await page.getByLabel("Phone", { exact: true }).fill("0123");
    await page.getByRole("button", { name: "Save Basic Profile" }).click();
    await visible(page, "Please enter a valid phone number");

    await dropPosts(page, "/profile");
    await page.getByLabel("Phone", { exact: true }).fill("+1 555 010 2030");
    await page.getByLabel("City").fill("Black Mountain");
    await page.getByRole("button", { name: "Save Basic Profile" }).click();
    await visible(page, "Your changes were not saved. Please try again.");
    expect(await page.getByLabel("City").inputValue()).toBe("Black Mountain");

    // The settings on a dropped connection: the notice, and the zone chosen stays chosen.
    await page.getByLabel("Time zone", { exact: true }).selectOption("Europe/Warsaw");
    await page.getByRole("button", { name: "Save Settings" }).click();
    // The page's one alert moves to the form that failed.
    await expect
      .poll(() => page.locator("#settings").getByText("Your changes were not saved. Please try again.").isVisible())
      .toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getByLabel("Time zone", { exact: true }).inputValue()).toBe("Europe/Warsaw");
    await ctx.close();
  });
});

describe("choosing a new password without JavaScript", () => {
  it("keeps no password after an error; the new one signs in and lands on the dashboard", async () => {
    const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
    const ctx = await context(false);
    const page = await ctx.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel("Email").fill(keeper.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.waitForURL(`${app.url}/forgot-password?done=sent`);
    const pattern = /https?:\/\/[^\s"<]+\/reset-password\/[A-Za-z0-9_-]+/;
    const link = new URL((await mailMatching(smtp, keeper.email, pattern)).match(pattern)?.[0] as string).pathname;
    await page.goto(`${app.url}${link}`);
    await page.getByLabel("New password", { exact: true }).fill("lantern-by-the-river");
    await page.getByLabel("New password, once more").fill("lantern-by-the-rover");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await visible(page, "The two passwords do not match");
    expect(await page.getByLabel("New password", { exact: true }).inputValue()).toBe("");
    await page.getByLabel("New password", { exact: true }).fill("lantern-by-the-river");
    await page.getByLabel("New password, once more").fill("lantern-by-the-river");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await ctx.close();
  });
});
