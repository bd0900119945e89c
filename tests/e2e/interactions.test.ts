import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("navigation", () => {
  it("marks the current link, and works from the phone menu and the keyboard", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl}/magic`);
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    const current = page.locator("#mobile-menu a[aria-current=page]");
    await expect.poll(() => current.textContent()).toBe("The Magic");
    await page.locator("#mobile-menu").getByRole("link", { name: "The Calling" }).click();
    await page.waitForURL(`${baseUrl}/the-invitation`);
    await expect.poll(() => page.locator("#mobile-menu").isHidden()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/`);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });
});

describe("the article library", () => {
  it("searches and filters through the URL, and says when nothing matches", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/magic`);
    await page.getByRole("searchbox", { name: "Search articles" }).fill("AGING");
    await page.waitForURL(/q=AGING/);
    await expect.poll(() => page.locator("main article h3").allTextContents()).toHaveLength(1);

    await page.goto(`${baseUrl}/magic?category=history`);
    const titles = await page.locator("main article h3").allTextContents();
    expect(titles.length).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/magic?q=zzzz-nothing&category=history`);
    await expect.poll(() => page.getByText("No articles found").isVisible()).toBe(true);
    await page.close();
  });
});

describe("the audio article", () => {
  it("plays, seeks by keyboard, shows m:ss and returns to paused at the end", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/magic/evolution-of-spiritual-exploration`);
    const total = page.getByTestId("total");
    await expect.poll(() => total.textContent()).toMatch(/^[1-9]\d*:\d\d$/);
    await page.getByRole("button", { name: "Play" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    const seek = page.getByRole("slider", { name: "Seek" });
    await seek.focus();
    await page.keyboard.press("End");
    await expect.poll(() => page.getByRole("button", { name: "Play" }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId("elapsed").textContent()).toBe("0:00");
    await page.close();
  });
});

describe("the religious-freedom scene", () => {
  it("animates while visible, rests off screen, and stays still for reduced motion", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/religious-freedom`);
    const canvas = page.getByTestId("sacred-canvas");
    await expect.poll(() => canvas.getAttribute("data-animating")).toBe("true");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => canvas.getAttribute("data-animating")).toBe("false");
    await page.close();

    const still = await browser.newContext({ reducedMotion: "reduce" });
    const quiet = await still.newPage();
    await quiet.goto(`${baseUrl}/religious-freedom`);
    await expect.poll(() => quiet.getByTestId("sacred-canvas").getAttribute("data-animating")).toBe("false");
    await still.close();
  });
});

describe("the FAQ", () => {
  it("opens one answer at a time, can close it, and moves between questions with the arrow keys", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/faq`);
    await page.waitForSelector("header button[aria-controls=mobile-menu]", { state: "attached" }); // hydrated
    const triggers = page.locator("main [data-faq-trigger]");
    const item = (i: number) => page.locator("main details").nth(i);
    const isOpen = (i: number) => item(i).evaluate((el) => (el as HTMLDetailsElement).open);
    expect(await triggers.count()).toBe(8);
    await triggers.nth(0).click();
    await expect.poll(() => isOpen(0)).toBe(true);
    await triggers.nth(1).click();
    await expect.poll(() => isOpen(0)).toBe(false);
    await expect.poll(() => isOpen(1)).toBe(true);
    await triggers.nth(1).click();
    await expect.poll(() => isOpen(1)).toBe(false);

    await page.keyboard.press("ArrowDown");
    expect(await triggers.nth(2).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => isOpen(2)).toBe(true);
    await page.keyboard.press("End");
    expect(await triggers.nth(7).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });
});

describe("the contact form", () => {
  it("checks the email as typed, sends, thanks and clears", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/contact`);
    const send = page.getByRole("button", { name: "Send Message" });
    await send.click();
    await expect.poll(() => page.getByText("Missing Required Fields").isVisible()).toBe(true);

    await page.getByLabel("Full name").fill("Ari Stone");
    await page.getByLabel("Email").fill("ari at example");
    await expect.poll(() => page.getByText("Please enter a valid email address").isVisible()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel("Email").fill("ari@example.org");
    await page.getByLabel("Message").fill("How do I prepare for a first session?");
    await send.click();
    await expect.poll(() => page.getByText("Thank you for reaching out.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("We will respond in sacred timing.").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Message Sent" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Message").inputValue(), { timeout: 5000 }).toBe("");
    await page.close();
  });
});

describe("the newsletter sign-up", () => {
  it("shows Joining..., then Joined! with the welcome notice, and clears the field", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    const email = page.getByLabel("Email address");
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Join the Circle" }).click();
    await expect.poll(() => page.getByText("Invalid email").isVisible()).toBe(true);
    await email.fill("circle@example.org");
    await page.getByRole("button", { name: "Join the Circle" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Joined!" }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByText("Welcome to our sacred circle").isVisible()).toBe(true);
    expect(await email.inputValue()).toBe("");
    await page.close();
  });
});

describe("request access", () => {
  it("shows the first missing field, clears it on change, then receives the request", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/request-access`);
    await page.getByRole("button", { name: "Request Access" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Please enter your name");
    await page.getByLabel("Your name").fill("Noor Vale");
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await page.getByLabel("Email").fill("noor@example.org");
    await page.getByRole("button", { name: "Request Access" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Please tell us why you seek access");
    await page.getByLabel("Why do you seek access?").fill("To prepare with care and community.");
    await page.getByRole("button", { name: "Request Access" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Request Received" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Request Submitted").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Submit Another Request" }).click();
    expect(await page.getByLabel("Your name").inputValue()).toBe("");
    await page.close();
  });
});
