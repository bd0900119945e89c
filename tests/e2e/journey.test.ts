import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizQuestions } from "../../app/content/readiness-quiz";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { enrolTwoFactor, mailMatching, signInPage } from "../support/browser-accounts";
import { startSmtpServer } from "../support/smtp";

// Its own app (demo accounts seeded) sending real mail to a local SMTP server.
let app: AppProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let browser: Browser;

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

/** A new page that collects console errors (hydration and CSP problems show up there). */
async function openPage(width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, errors, close: () => context.close() };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

describe("the journey page", () => {
  it("opens one offer at a time and asks for the sacred agreement before Apply", async () => {
    const { page, errors, close } = await openPage();
    await page.goto(`${app.url}/start`, { waitUntil: "networkidle" });
    const offers = page.locator("details[name=journey-offers]");
    await page.getByText("Preparation Session", { exact: true }).click();
    await page.getByText("Divine Journey Ceremony", { exact: true }).click();
    await expect
      .poll(() => offers.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open)))
      .toEqual([false, false, true]);
    await expect
      .poll(() =>
        page
          .getByText(/currently paused while we seek/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.getByRole("button", { name: "Apply for the Divine Journey" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Please read and agree to the sacred agreement first.");
    expect(page.url()).toBe(`${app.url}/start`);
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    await page.getByRole("button", { name: "Apply for the Divine Journey" }).click();
    await page.waitForURL(`${app.url}/heroic-application`);

    // A session opens the booking dialog (tests/e2e/giving-and-booking.test.ts books one).
    await page.goto(`${app.url}/start-your-journey#offer-preparation`, { waitUntil: "networkidle" });
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    await page.getByRole("button", { name: "Book Preparation Session" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Preparation Session" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("runs the readiness quiz: answer required, email rules, the recommendation shown and emailed", async () => {
    const { page, errors, close } = await openPage(375);
    await page.goto(`${app.url}/start-your-journey`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Take the Readiness Quiz" }).click();
    await expect.poll(() => page.getByText("Question 1 of 7").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => toast(page, "Answer required").isVisible()).toBe(true);
    await expect.poll(() => toast(page, "Please select an answer to continue.").isVisible()).toBe(true);
    const picks = [2, 3, 0, 3, 2, 3, 3];
    for (const [i, question] of quizQuestions.entries()) {
      await page.getByLabel(question.options[picks[i] as number] as string).check();
      const last = i === quizQuestions.length - 1;
      await page.getByRole("button", { name: last ? "Submit" : "Next", exact: true }).click();
    }
    await page.getByLabel("Email address").fill("seeker example.org");
    await page.getByRole("button", { name: "See my recommendation" }).click();
    await expect.poll(() => toast(page, "Invalid email").isVisible()).toBe(true);
    await page.getByLabel("Email address").fill("quiz-seeker@example.org");
    // A double click sends the quiz once.
    await page.getByRole("button", { name: "See my recommendation" }).dblclick();
    await expect.poll(() => page.getByRole("heading", { name: "Apply for the Divine Journey" }).isVisible()).toBe(true);
    const mail = await mailMatching(smtp, "quiz-seeker@example.org", /Apply for the Divine Journey/);
    expect(mail).toContain("/heroic-application");
    expect(smtp.received.filter((m) => m.to.includes("quiz-seeker@example.org"))).toHaveLength(1);
    await page.getByRole("link", { name: "Back to Start Your Journey" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Choose Your Path" }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the ceremony application", () => {
  it("shows each invalid field's message, then submits, emails and is reviewed in the console", async () => {
    const { page, errors, close } = await openPage();
    await page.goto(`${app.url}/heroic-application`, { waitUntil: "networkidle" });
    const submit = page.getByRole("button", { name: "Submit Application" });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("I have read and agree to the sacred agreement").check();
    expect(await submit.isDisabled()).toBe(false);

    // Sanitised as typed: characters a name cannot hold never arrive.
    await page.getByLabel("Full name").pressSequentially("Ana <Ruiz>");
    expect(await page.getByLabel("Full name").inputValue()).toBe("Ana Ruiz");
    await page.getByLabel("Full name").fill("");

    const valid: Array<[string, string]> = [
      ["Full name", "Ana Ruiz"],
      ["Age", "36"],
      ["City", "Santa Fe"],
      ["Email", "ana@example.org"],
      ["Mental health history", "No diagnoses; a long season of grief after my mother died."],
      ["Current medications and health conditions", "Lithium prescribed last spring by my psychiatrist."],
      ["Prior experience", "Years of Zen practice and two silent retreats."],
      ["Your intentions", "To meet my grief with love and to come home to my family."],
      ["Name", "Luis Ruiz"],
      ["Phone", "+1 505 555 0101"],
    ];
    const invalid: Array<[string, string, string]> = [
      ["Full name", "", "Name is required"],
      ["Age", "19", "Must be at least 21 years old"],
      ["City", "", "City is required"],
      ["Email", "ana@example", "Please enter a valid email address"],
      ["Mental health history", "short", "Please provide at least 10 characters"],
      ["Name", "", "Name is required"],
    ];
    for (const [label, value] of valid) {
      await page.getByLabel(label, { exact: true }).first().fill(value);
    }
    for (const [label, value, message] of invalid) {
      const field = page.getByLabel(label, { exact: true }).first();
      const good = await field.inputValue();
      await field.fill(value);
      await submit.click();
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible(), { message: label }).toBe(true);
      expect(await field.getAttribute("aria-invalid"), label).toBe("true");
      await field.fill(good);
    }
    await submit.click();
    await expect.poll(() => toast(page, "Application submitted").isVisible()).toBe(true);
    await page.waitForURL(`${app.url}/donation-checkout`);
    await mailMatching(smtp, "ana@example.org", /within 48 hours/);
    expect(errors).toEqual([]);

    // A keeper reviews it: flags with their reasons, a note, a decision that emails Ana.
    const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
    await signInPage(page, app.url, keeper.username, keeper.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/console/applications`);
    if (page.url().endsWith("/console/two-factor")) {
      await enrolTwoFactor(page, app.url, keeper.password);
      await page.goto(`${app.url}/console/applications`);
    }
    await page.getByRole("link", { name: "Ana Ruiz" }).click();
    await expect.poll(() => page.getByText(/Mentions lithium/).isVisible()).toBe(true);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.getByLabel(/Message to the applicant/).fill("Please ask your psychiatrist about lithium first.");
    await page.getByRole("button", { name: "Add note only" }).click();
    await expect.poll(() => page.getByText("Note (staff only)", { exact: false }).isVisible()).toBe(true);
    await page.getByLabel(/Message to the applicant/).fill("Thank you, Ana. We will write when dates open.");
    await page.getByRole("button", { name: "Waitlist" }).click();
    await expect.poll(() => page.getByText(/Decision:/).isVisible()).toBe(true);
    const decision = await mailMatching(smtp, "ana@example.org", /placed you on our waitlist/);
    expect(decision).toContain("We will write when dates open.");
    expect(decision).not.toContain("psychiatrist about lithium");
    await close();
  });
});

describe("the guide chat", () => {
  it("greets, answers each keyword group after the typing indicator, and refuses the sixth message", async () => {
    const { page, errors, close } = await openPage();
    await page.goto(`${app.url}/`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Open chat with a guide" }).click();
    const panel = page.getByRole("dialog", { name: "Sacred Guide" });
    await expect.poll(() => panel.getByText(/Welcome, dear seeker/).isVisible()).toBe(true);
    for (const [label, href] of [
      ["Start your journey", "/start"],
      ["Contact a guide", "/contact"],
      ["Read the FAQ", "/faq"],
    ]) {
      expect(await panel.getByRole("link", { name: label }).getAttribute("href")).toBe(href);
    }
    const input = panel.getByLabel("Your message");
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute("maxlength")).toBe("500");

    await input.press("Enter");
    await expect.poll(() => toast(page, "Message required").isVisible()).toBe(true);

    // Shift+Enter is a new line, not a send.
    await input.fill("first line");
    await input.press("Shift+Enter");
    expect(await input.inputValue()).toBe("first line\n");

    const groups: Array<[string, RegExp]> = [
      ["I'm a little scared", /natural to feel some fear/],
      ["I think I'm ready to book", /first step for everyone is a Preparation Session/],
      ["Where is your FAQ", /Our FAQ answers/],
      ["How does the process work?", /human guides/],
      ["Thank you!", /most welcome/],
    ];
    for (const [message, reply] of groups) {
      await input.fill(message);
      const sent = Date.now();
      await input.press("Enter");
      await expect.poll(() => panel.getByText("The guide is typing…").isVisible()).toBe(true);
      await expect.poll(() => panel.getByText(reply).isVisible(), { message, timeout: 5000 }).toBe(true);
      expect(Date.now() - sent, "typing indicator shows 1.5 s").toBeGreaterThanOrEqual(1400);
    }
    await input.fill("One more question please");
    await input.press("Enter");
    await expect.poll(() => toast(page, "Too many messages").isVisible(), { timeout: 5000 }).toBe(true);
    await expect.poll(() => panel.getByText(/Please wait before sending another message/).isVisible()).toBe(true);

    // Still refused after a reload: the count is kept on the server.
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Open chat with a guide" }).click();
    await page.getByLabel("Your message").fill("hello after reload");
    await page.getByLabel("Your message").press("Enter");
    await expect.poll(() => toast(page, "Too many messages").first().isVisible(), { timeout: 5000 }).toBe(true);

    // Escape closes the panel and gives focus back to the launcher.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect
      .poll(() =>
        page.getByRole("button", { name: "Open chat with a guide" }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(errors.filter((e) => !e.includes("429"))).toEqual([]);
    await close();
  });
});
