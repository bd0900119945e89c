import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { enrolTwoFactor, mailMatching, signInPage } from "../support/browser-accounts";
import { startSmtpServer } from "../support/smtp";
import { unusedTotp } from "../support/totp";

// Its own production app (with the demo accounts: startTestingAppProcess) sending real mail to a local SMTP server.
let app: AppProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let browser: Browser;
const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
/** Current passwords: the reset test changes the member's. */
const passwords = new Map(DEMO_ACCOUNTS.map((a) => [a.username, a.password]));

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestingAppProcess({ SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: "100" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

/** The first link to `path` in a mail to `to`. */
async function linkInMail(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<]+${path}/[A-Za-z0-9_-]+`);
  const text = await mailMatching(smtp, to, pattern);
  return new URL(text.match(pattern)?.[0] as string).pathname;
}
const signIn = (page: Page, identifier: string, password: string) => signInPage(page, app.url, identifier, password);

describe("membership, end to end", () => {
  it("request access -> keeper approves in the console -> invitation email -> set password -> dashboard", async () => {
    const seeker = await browser.newPage();
    await seeker.goto(`${app.url}/request-access`);
    await seeker.getByLabel("Your name").fill("Lena Hart");
    await seeker.getByLabel("Email").fill("lena@example.org");
    await seeker.getByLabel("Why do you seek access?").fill("I want to prepare carefully, with guidance.");
    await seeker.getByRole("button", { name: "Request Access" }).click();
    await expect.poll(() => seeker.getByRole("heading", { name: "Request Received" }).isVisible()).toBe(true);

    // The keeper signs in: SPEC.md's submitting state, toast and redirect.
    const staff = await browser.newPage();
    await staff.route("**/sacred-access.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await signIn(staff, keeper.username, keeper.password);
    await expect.poll(() => staff.getByRole("button", { name: "Entering the Oracle..." }).isDisabled()).toBe(true);
    expect(await staff.getByLabel("Email or username").isDisabled()).toBe(true);
    await expect.poll(() => staff.getByText("Welcome to the Sacred Realm").first().isVisible()).toBe(true);
    await staff.waitForURL(`${app.url}/dashboard`);

    // Staff must enrol two-factor before the console opens.
    await staff.goto(`${app.url}/console/requests`);
    await staff.waitForURL(`${app.url}/console/two-factor`);
    await enrolTwoFactor(staff, app.url, keeper.password);

    await staff.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Access requests" }).click();
    await staff.getByRole("link", { name: "Lena Hart" }).click();
    await staff.getByLabel(/Message to the person/).fill("Welcome. We look forward to meeting you.");
    await staff.getByRole("button", { name: "Approve and send invitation" }).click();
    await expect.poll(() => staff.getByText(/Approved by Elena Keeper/).isVisible()).toBe(true);

    // The invitation arrives by email; the seeker sets a username and password.
    const link = await linkInMail("lena@example.org", "/welcome");
    await seeker.goto(`${app.url}${link}`);
    await expect.poll(() => seeker.getByRole("heading", { name: "Welcome, Lena Hart" }).isVisible()).toBe(true);
    await seeker.getByLabel("Username").fill("lena");
    await seeker.getByLabel("Password", { exact: true }).fill("morning-dew-path");
    await seeker.getByLabel("Password, once more").fill("morning-dew-path");
    await seeker.getByRole("button", { name: "Enter the Member Area" }).click();
    await seeker.waitForURL(`${app.url}/dashboard`);
    await expect
      .poll(() => seeker.getByRole("heading", { level: 1 }).textContent())
      .toMatch(/^Good (Morning|Afternoon|Evening), Lena$/);

    // Sign out ends the session; signing in again by username works.
    await seeker.getByRole("button", { name: "Sign out" }).click();
    await seeker.waitForURL(`${app.url}/sacred-access`);
    await seeker.goto(`${app.url}/dashboard`);
    await seeker.waitForURL(/\/sacred-access\?redirectTo=%2Fdashboard$/);
    await signIn(seeker, "lena", "morning-dew-path");
    await seeker.waitForURL(`${app.url}/dashboard`);
    await seeker.close();
    await staff.close();
  });

  it("shows the invalid-credentials alert, clears it on editing, and returns to the page the member came from", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/profile`);
    await page.waitForURL(/\/sacred-access\?redirectTo=%2Fprofile$/);
    await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Please enter your email or username");
    await page.getByLabel("Email or username").fill(member.username);
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Invalid credentials. Please check your email/username and password.");
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await page.waitForURL(`${app.url}/profile`);
    await expect.poll(() => page.getByRole("heading", { name: "Profile and Settings" }).isVisible()).toBe(true);
    await page.close();
  });

  it("resets a forgotten password by email, end to end", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await expect.poll(() => page.getByRole("heading", { name: "Reset Your Sacred Key" }).isVisible()).toBe(true);
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Please enter a valid email address");
    await page.getByLabel("Email").fill("someone-else@example.org");
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check Your Email" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Try Different Email" }).click();
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => page.getByText("Reset Instructions Sent").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Back to Login" }).isVisible()).toBe(true);

    const link = await linkInMail(member.email, "/reset-password");
    await page.goto(`${app.url}${link}`);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-evening-key");
    await page.getByLabel("New password, once more").fill("a-brand-new-evening-key");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    passwords.set(member.username, "a-brand-new-evening-key");
    await page.close();

    const again = await browser.newPage();
    await again.goto(`${app.url}${link}`);
    await expect.poll(() => again.getByRole("heading", { name: "This link has expired" }).isVisible()).toBe(true);
    await again.close();
  });
});

describe("the sign-in email, end to end", () => {
  it("changes only when the link sent to the new address is followed, then offers what was sent from it", async () => {
    const moved = "maya.moved@example.org";
    // Before: a message sent without signing in from the address the member will move to.
    const visitor = await browser.newPage();
    await visitor.goto(`${app.url}/contact`);
    await visitor.getByLabel("Full name").fill("Maya Rivers");
    await visitor.getByLabel("Email").fill(moved);
    await visitor.getByLabel("Message").fill("A question from before I had an account.");
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => visitor.getByText("Thank you for reaching out.").first().isVisible()).toBe(true);
    await visitor.close();

    const page = await browser.newPage();
    await signIn(page, member.username, passwords.get(member.username) as string);
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto(`${app.url}/profile#security`);
    await page.getByLabel("New email").fill(moved);
    await page
      .getByLabel("Your password")
      .first()
      .fill(passwords.get(member.username) as string);
    await page.getByRole("button", { name: "Change Email" }).click();
    await page.waitForURL(/done=email-sent/);
    await expect.poll(() => page.getByText(`Waiting for confirmation: ${moved}`).isVisible()).toBe(true);
    expect(await page.getByLabel("Your password").first().inputValue()).toBe(""); // not left in the field
    expect(await page.getByText("Found With Your Address").count()).toBe(0);

    const link = await linkInMail(moved, "/confirm-email");
    const confirm = await browser.newPage();
    await confirm.goto(`${app.url}${link}`);
    await expect
      .poll(() => confirm.getByRole("heading", { name: "Confirm your email address" }).isVisible())
      .toBe(true);
    await confirm.getByRole("button", { name: "Confirm This Address" }).click();
    await expect.poll(() => confirm.getByRole("heading", { name: "Your address is confirmed" }).isVisible()).toBe(true);
    await confirm.close();
    await mailMatching(smtp, member.email, /Your sign-in email changed/);

    await page.goto(`${app.url}/profile`);
    await expect.poll(() => page.getByText(`Now: ${moved} (confirmed)`).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Message sent through the contact form").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Link These to My Account" }).click();
    await page.waitForURL(/done=linked/);
    await expect.poll(() => page.getByText("Found With Your Address").count()).toBe(0);
    await page.close();
  });
});

describe("member and console pages", () => {
  it("render at 1280 and 375 px with no console errors, no overflow and no axe violations", async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin") as (typeof DEMO_ACCOUNTS)[number];
    const walk = async (account: (typeof DEMO_ACCOUNTS)[number], paths: string[], enrol: boolean) => {
      for (const width of [1280, 375]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
        page.on("pageerror", (err) => errors.push(err.message));
        await signIn(page, account.username, passwords.get(account.username) as string);
        await page.waitForURL(/\/(dashboard|console|sacred-access\/two-factor)/);
        if (page.url().includes("/two-factor")) {
          await page.getByLabel("Code").fill(await unusedTotp(adminSecret));
          await page.getByRole("button", { name: "Verify" }).click();
        }
        await page.waitForURL(/\/(dashboard|console)$/);
        if (enrol && !adminSecret) {
          await page.goto(`${app.url}/console/two-factor`);
          adminSecret = await enrolTwoFactor(page, app.url, account.password);
        }
        for (const path of paths) {
          const res = await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
          expect(res?.status(), path).toBe(200);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} is wider than the screen at ${width}px`).toBeLessThanOrEqual(0);
          const name = path.slice(1).replace(/[/?=]/g, "_");
          await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
          if (width === 1280) {
            const axe = await new AxeBuilder({ page }).analyze();
            expect(
              axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
              path,
            ).toEqual([]);
          }
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    };
    let adminSecret = "";
    await walk(
      member,
      [
        "/dashboard",
        "/profile",
        "/profile?edit=basic",
        "/profile?edit=medical",
        "/journals",
        "/preparation-guide",
        "/meditations",
        "/resources",
      ],
      false,
    );
    await walk(
      admin,
      [
        "/console",
        "/console/requests",
        "/console/applications",
        "/console/quiz",
        "/console/bookings",
        "/console/giving",
        "/console/members",
        "/console/shares",
        "/console/outbox",
        "/console/audit",
      ],
      true,
    );
  });
});
