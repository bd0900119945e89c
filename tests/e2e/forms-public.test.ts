import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quizQuestions } from "../../app/content/readiness-quiz";
import { createInvitedMember } from "../../app/modules/accounts/invitations.server";
import { accessRequests, applications, quizSubmissions, rateLimits, users } from "../../db/schema";
import { launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

/*
 * The public forms of issue 14 through a real browser: request access, the readiness quiz, the
 * ceremony application and the invitation page. Each with JavaScript off (a plain post, redirect
 * after post, what was typed kept after an error), on (SPEC.md's toasts and states) and with the
 * connection dropped while sending (the form's notice, what was typed kept).
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // In process, so the test can read the database and make an invitation.
  server = await startTestServer("pglite", { PAYMENT_PROVIDER: "test" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
// Every test posts from the same address: each starts with the limits clear.
beforeEach(async () => {
  await server.database.db.delete(rateLimits);
});

async function openPage({ js = true, width = 1280 } = {}) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** Waits until React has taken over the server's page, so clicks reach its handlers. */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
  );
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(200);
}

/** Every POST of the app's own form data (`<path>.data`) fails as a dropped connection would. */
const dropPosts = (page: Page, path: string) =>
  page.route(`**${path}.data**`, (route) =>
    route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
  );

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

describe("request access", () => {
  const fill = async (page: Page, email: string) => {
    await page.getByLabel("Your name").fill("Noor Vale");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Why do you seek access?").fill("To prepare with care and community.");
  };

  it("without JavaScript: a bad email keeps what was typed; a good one lands on Request Received", async () => {
    const { page, close } = await openPage({ js: false });
    await page.goto(`${server.url}/request-access`);
    await fill(page, "noor at example");
    await page.getByRole("button", { name: "Request Access" }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("alert").textContent()).toBe("Please enter a valid email address");
    expect(await page.getByLabel("Your name").inputValue()).toBe("Noor Vale");
    expect(await page.getByLabel("Email").inputValue()).toBe("noor at example");
    expect(await page.getByLabel("Why do you seek access?").inputValue()).toBe("To prepare with care and community.");
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Email").fill("noor@example.org");
    await page.getByRole("button", { name: "Request Access" }).click();
    await page.waitForURL(`${server.url}/request-access?done=received`);
    expect(await page.getByRole("heading", { name: "Request Received" }).isVisible()).toBe(true);
    // A reload sends nothing again.
    await page.reload();
    const stored = await server.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, "noor@example.org"));
    expect(stored).toHaveLength(1);
    await page.getByRole("button", { name: "Submit Another Request" }).click();
    await page.waitForURL(/\/request-access\??$/);
    expect(await page.getByLabel("Your name").inputValue()).toBe("");
    await close();
  });

  it("with JavaScript: the toast and Request Received; a dropped connection keeps the text and says so", async () => {
    const { page, close } = await openPage();
    await page.goto(`${server.url}/request-access`);
    await hydrated(page);
    await dropPosts(page, "/request-access");
    await fill(page, "rhea@example.org");
    await page.getByRole("button", { name: "Request Access" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Unable to submit request. Please try again.");
    expect(await page.getByLabel("Your name").inputValue()).toBe("Noor Vale");
    expect(await page.getByLabel("Why do you seek access?").inputValue()).toBe("To prepare with care and community.");
    expect(await page.getByRole("heading", { name: "Request Sacred Access" }).isVisible()).toBe(true);

    await page.unroute("**/request-access.data**");
    await page.getByRole("button", { name: "Request Access" }).click();
    await expect.poll(() => toast(page, "Request Submitted").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "Request Received" }).isVisible()).toBe(true);
    const stored = await server.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, "rhea@example.org"));
    expect(stored).toHaveLength(1);
    await close();
  });
});

describe("the readiness quiz", () => {
  it("without JavaScript: one form, errors keep the answers, and it lands on the recommendation", async () => {
    const { page, close } = await openPage({ js: false, width: 375 });
    await page.goto(`${server.url}/start-your-journey`);
    await page.getByRole("link", { name: "Take the Readiness Quiz" }).click();
    await page.waitForURL(/\?quiz/);
    // Every question but the fifth, and a bad address.
    for (const [i, q] of quizQuestions.entries()) {
      if (i !== 4) await page.getByLabel(q.options[3], { exact: true }).check();
    }
    await page.getByLabel("Email address").fill("seeker example.org");
    await page.getByRole("button", { name: "See my recommendation" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Please select an option").count()).toBe(1);
    expect(await page.getByText("Please enter a valid email address.").first().isVisible()).toBe(true);
    expect(await page.getByLabel("Email address").inputValue()).toBe("seeker example.org");
    expect(await page.getByLabel(quizQuestions[0]?.options[3] as string, { exact: true }).isChecked()).toBe(true);

    await page.getByLabel(quizQuestions[4]?.options[3] as string, { exact: true }).check();
    await page.getByLabel("Email address").fill("nojs-quiz@example.org");
    await page.getByRole("button", { name: "See my recommendation" }).click();
    await page.waitForURL(/result=/);
    expect(await page.getByRole("heading", { name: "Thank you for your honesty" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Begin with Care and Support" }).isVisible()).toBe(true);
    const rows = await server.database.db
      .select()
      .from(quizSubmissions)
      .where(eq(quizSubmissions.email, "nojs-quiz@example.org"));
    expect(rows).toHaveLength(1);
    await close();
  });

  it("with JavaScript: a dropped connection says Submission failed and keeps the email; a retry shows the result", async () => {
    const { page, close } = await openPage({ width: 375 });
    await page.goto(`${server.url}/start-your-journey?quiz`);
    await hydrated(page);
    expect(await page.getByText("Question 1 of 7").isVisible()).toBe(true);
    expect(await page.getByText("Question 2 of 7").isVisible()).toBe(false);
    for (const [i, q] of quizQuestions.entries()) {
      await page.getByLabel(q.options[2], { exact: true }).check();
      await page.getByRole("button", { name: i === quizQuestions.length - 1 ? "Submit" : "Next", exact: true }).click();
    }
    await dropPosts(page, "/start-your-journey");
    await page.getByLabel("Email address").fill("js-quiz@example.org");
    await page.getByRole("button", { name: "See my recommendation" }).click();
    await expect.poll(() => toast(page, "Submission failed").isVisible()).toBe(true);
    expect(await page.getByLabel("Email address").inputValue()).toBe("js-quiz@example.org");

    await page.unroute("**/start-your-journey.data**");
    await page.getByRole("button", { name: "See my recommendation" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank you for your honesty" }).isVisible()).toBe(true);
    const rows = await server.database.db
      .select()
      .from(quizSubmissions)
      .where(eq(quizSubmissions.email, "js-quiz@example.org"));
    expect(rows).toHaveLength(1);
    await close();
  });
});

describe("the ceremony application", () => {
  const answers: Array<[string, string]> = [
    ["Full name", "Ana Ruiz"],
    ["Age", "36"],
    ["City", "Santa Fe"],
    ["Email", "ana@example.org"],
    ["Mental health history", "No diagnoses; a long season of grief."],
    ["Current medications and health conditions", "none"],
    ["Prior experience", "Years of Zen practice and two retreats."],
    ["Your intentions", "To meet my grief with love."],
    ["Name", "Luis Ruiz"],
    ["Phone", "+1 505 555 0101"],
  ];
  const fill = async (page: Page, email: string) => {
    for (const [label, value] of answers) {
      await page
        .getByLabel(label, { exact: true })
        .first()
        .fill(label === "Email" ? email : value);
    }
    await page.getByLabel("I have read and agree to the sacred agreement").check();
  };

  it('without JavaScript: "none" for medications is accepted, an error keeps every answer', async () => {
    const { page, close } = await openPage({ js: false });
    await page.goto(`${server.url}/heroic-application`);
    expect(await page.getByText("If there are none, write “none”.").isVisible()).toBe(true);
    await fill(page, "ana at example");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.waitForLoadState();
    expect(await page.getByText("Please enter a valid email address").isVisible()).toBe(true);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("ana at example");
    expect(await page.getByLabel("Current medications and health conditions").inputValue()).toBe("none");
    expect(await page.getByLabel("Your intentions").inputValue()).toBe("To meet my grief with love.");
    expect(await page.getByLabel("I have read and agree to the sacred agreement").isChecked()).toBe(true);

    await page.getByLabel("Email", { exact: true }).fill("ana-nojs@example.org");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.waitForURL(`${server.url}/heroic-application?done=submitted`);
    expect(await page.getByRole("heading", { name: "Application submitted" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/donation-checkout");
    const rows = await server.database.db
      .select()
      .from(applications)
      .where(eq(applications.email, "ana-nojs@example.org"));
    expect(rows).toHaveLength(1);
    await close();
  });

  it("with JavaScript: a dropped connection keeps every answer; then the toast and the checkout", async () => {
    const { page, close } = await openPage();
    await page.goto(`${server.url}/heroic-application`);
    await hydrated(page);
    await dropPosts(page, "/heroic-application");
    await fill(page, "ana-js@example.org");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect.poll(() => toast(page, "Submission failed").isVisible()).toBe(true);
    expect(await page.getByRole("alert").filter({ hasText: "Submission failed" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Ana Ruiz");
    expect(await page.getByLabel("Mental health history").inputValue()).toBe("No diagnoses; a long season of grief.");

    await page.unroute("**/heroic-application.data**");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect.poll(() => toast(page, "Application submitted").isVisible()).toBe(true);
    await page.waitForURL(`${server.url}/donation-checkout`);
    const rows = await server.database.db
      .select()
      .from(applications)
      .where(eq(applications.email, "ana-js@example.org"));
    expect(rows).toHaveLength(1);
    await close();
  });
});

describe("the invitation page", () => {
  const invite = async (email: string) =>
    (await server.database.db.transaction((tx) => createInvitedMember(tx, { name: "Ines Invited", email }))).token;

  it("without JavaScript: a mistake keeps the username; a good post opens the dashboard", async () => {
    const token = await invite("ines-nojs@example.org");
    const { page, close } = await openPage({ js: false, width: 375 });
    await page.goto(`${server.url}/welcome/${token}`);
    await page.getByLabel("Username").fill("ines_nojs");
    await page.getByLabel("Password", { exact: true }).fill("lantern-over-still-water");
    await page.getByLabel("Password, once more").fill("lantern-over-still-waters");
    await page.getByRole("button", { name: "Enter the Member Area" }).click();
    await page.waitForLoadState();
    expect(await page.getByLabel("Username").inputValue()).toBe("ines_nojs");
    expect(await page.getByLabel("Password, once more").getAttribute("aria-invalid")).toBe("true");
    // Passwords are never sent back into the page.
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");

    await page.getByLabel("Password", { exact: true }).fill("lantern-over-still-water");
    await page.getByLabel("Password, once more").fill("lantern-over-still-water");
    await page.getByRole("button", { name: "Enter the Member Area" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "ines-nojs@example.org"));
    expect(user?.username).toBe("ines_nojs");
    await close();
  });

  it("with JavaScript: a dropped connection keeps the page and the username", async () => {
    const token = await invite("ines-js@example.org");
    const { page, close } = await openPage();
    await page.goto(`${server.url}/welcome/${token}`);
    await hydrated(page);
    await dropPosts(page, `/welcome/${token}`);
    await page.getByLabel("Username").fill("ines_js");
    await page.getByLabel("Password", { exact: true }).fill("lantern-over-still-water");
    await page.getByLabel("Password, once more").fill("lantern-over-still-water");
    await page.getByRole("button", { name: "Enter the Member Area" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Your account was not set up");
    expect(await page.getByLabel("Username").inputValue()).toBe("ines_js");

    await page.unroute(`**/welcome/${token}.data**`);
    await page.getByRole("button", { name: "Enter the Member Area" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await close();
  });
});
