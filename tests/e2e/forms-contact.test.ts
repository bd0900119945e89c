import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A page without JavaScript: a phone that has not loaded it yet, or a reader who turned it off. */
async function withoutScripts(): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

/** A page whose app has taken over the server's HTML, so its forms run through React Router. */
async function hydrated(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}${path}`);
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === "true" || "__reactRouterRouteModules" in window,
  );
  await page.waitForLoadState("networkidle");
  return page;
}

/** The connection drops as the form is sent: the post never gets an answer. */
async function dropPosts(page: Page, path: string) {
  await page.route(`**${path}.data**`, (route) =>
    route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
  );
}

describe("contact without JavaScript", () => {
  it("keeps what was typed after a bad email, then lands on a page that says the message arrived", async () => {
    const page = await withoutScripts();
    await page.goto(`${baseUrl}/contact`);
    await page.getByLabel("Full name").fill("Zofia Łukasiewicz");
    await page.getByLabel("Email").fill("zofia at example");
    await page.getByLabel("Message").fill("Czy mogę przyjść z przyjacielem? 我想了解更多。");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByText("Please enter a valid email address").isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Zofia Łukasiewicz");
    expect(await page.getByLabel("Message").inputValue()).toBe("Czy mogę przyjść z przyjacielem? 我想了解更多。");
    // The cursor is put on the field to mend.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");

    await page.getByLabel("Email").fill("zofia@example.org");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(`${baseUrl}/contact?done=sent`);
    expect(await page.locator("main").getByRole("status").textContent()).toContain("Thank you for reaching out.");
    await page.context().close();
  });
});

describe("the newsletter without JavaScript", () => {
  it("lands on a page, not raw JSON: the error with the address kept, then the welcome", async () => {
    const page = await withoutScripts();
    await page.goto(`${baseUrl}/`);
    await page.getByLabel("Email address").fill("circle-at-example.org");
    await page.getByRole("button", { name: "Join the Circle" }).click();
    await page.waitForURL(`${baseUrl}/newsletter`);
    expect(await page.getByText("Please enter a valid email address.").isVisible()).toBe(true);
    const email = page.getByLabel("Email address");
    expect(await email.inputValue()).toBe("circle-at-example.org");

    await email.fill("circle-nojs@example.org");
    await page.getByRole("button", { name: "Join the Circle" }).click();
    await page.waitForURL(`${baseUrl}/newsletter?done=joined`);
    expect(await page.getByRole("heading", { name: "Welcome to our sacred circle" }).isVisible()).toBe(true);
    expect(await page.getByText("Please confirm from the email we just sent").isVisible()).toBe(true);
    await page.context().close();
  });
});

describe("a dropped connection while sending", () => {
  it("contact shows Message Not Sent and keeps the message", async () => {
    const page = await hydrated("/contact");
    await dropPosts(page, "/contact");
    await page.getByLabel("Full name").fill("Ana Lima");
    await page.getByLabel("Email").fill("ana@example.org");
    await page.getByLabel("Message").fill("A long message I would hate to type again.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Message Not Sent" }).isVisible()).toBe(true);
    expect(await page.getByText("There was an error sending your message. Please try again.").first().isVisible()).toBe(
      true,
    );
    expect(await page.getByLabel("Message").inputValue()).toBe("A long message I would hate to type again.");
    expect(await page.getByText("Unexpected Application Error").count()).toBe(0);
    await page.close();
  });

  it("the newsletter shows Submission failed and keeps the address", async () => {
    const page = await hydrated("/");
    await dropPosts(page, "/newsletter");
    await page.getByLabel("Email address").fill("dropped@example.org");
    await page.getByRole("button", { name: "Join the Circle" }).click();
    await expect.poll(() => page.getByText("Submission failed").first().isVisible()).toBe(true);
    expect(await page.getByLabel("Email address").inputValue()).toBe("dropped@example.org");
    expect(await page.getByRole("button", { name: "Join the Circle" }).isEnabled()).toBe(true);
    expect(await page.getByText("Unexpected Application Error").count()).toBe(0);
    await page.close();
  });
});
