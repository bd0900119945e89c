import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { faq } from "../../app/content/faq";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
let noJs: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
});
afterAll(() => browser?.close());

describe("without JavaScript", () => {
  it("the FAQ has every answer in the page, and a question opens its answer", async () => {
    const page = await noJs.newPage();
    await page.goto(`${baseUrl}/faq`);
    const questions = page.locator("main [data-faq-trigger]");
    expect(await questions.count()).toBe(faq.length);
    // Every answer is in the HTML (closed, but present), not rendered only by JavaScript.
    const answers = await page.locator("main details").allTextContents();
    for (const [i, entry] of faq.entries()) expect(answers[i]).toContain(entry.question);
    expect(await page.locator("main details > div").count()).toBe(faq.length);
    const second = page.locator("main details").nth(1);
    expect(await second.locator("> div").isVisible()).toBe(false);
    await questions.nth(1).click();
    expect(await second.locator("> div").isVisible()).toBe(true);
    expect((await second.locator("> div").textContent())?.length ?? 0).toBeGreaterThan(40);
    await page.close();
  });

  it("opens the phone menu at 375 px and a link in it navigates", async () => {
    const page = await noJs.newPage();
    await page.goto(`${baseUrl}/magic`);
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    await page.locator("header summary").click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.locator("a[aria-current=page]").textContent()).toBe("The Magic");
    await menu.getByRole("link", { name: "The Calling" }).click();
    await page.waitForURL(`${baseUrl}/the-invitation`);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    // A new page: the menu starts closed again.
    expect(await page.locator("#mobile-menu").isVisible()).toBe(false);
    await page.close();
  });

  it("marks the alias paths current in the HTML the server sends", async () => {
    const page = await noJs.newPage();
    for (const [path, label] of [
      ["/the-calling", "The Calling"],
      ["/sacred-access", "The Sacred Access"],
      ["/services", "The Sacred Access"],
    ]) {
      await page.goto(`${baseUrl}${path}`);
      const current = await page.locator("header a[aria-current=page]").allTextContents();
      expect(current.length, path).toBeGreaterThan(0);
      expect(new Set(current), path).toEqual(new Set([label]));
    }
    await page.close();
  });

  it("links to /donation from the home support section and the footer", async () => {
    const page = await noJs.newPage();
    await page.goto(`${baseUrl}/`);
    const support = page.locator("section[aria-labelledby=support-h]");
    await support.getByRole("link", { name: "Make an Offering" }).click();
    await page.waitForURL(`${baseUrl}/donation`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Make an Offering" }).click();
    await page.waitForURL(`${baseUrl}/donation`);
    expect(await page.locator("footer a[href='/donation']").count()).toBe(1);
    await page.close();
  });

  it("searches /magic with the form, and a nav link back shows the bare library", async () => {
    const page = await noJs.newPage();
    await page.goto(`${baseUrl}/magic?q=aging&category=history`);
    expect(await page.getByRole("searchbox", { name: "Search articles" }).inputValue()).toBe("aging");
    await page.locator("header summary").click();
    await page.locator("#mobile-menu").getByRole("link", { name: "The Magic" }).click();
    await page.waitForURL(`${baseUrl}/magic`);
    expect(await page.getByRole("searchbox", { name: "Search articles" }).inputValue()).toBe("");
    expect(await page.locator("input[name=category]:checked").getAttribute("value")).toBe("all");
    await page.close();
  });
});
