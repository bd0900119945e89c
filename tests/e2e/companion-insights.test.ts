import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts } from "../support/browser-accounts";

// Issue 15: "Save as insight" under a companion reply says it is saved and saves one, and a practice
// done today can be kept as a Practice insight; with JavaScript and without. Its own app (seeded with
// the demo member), so the member starts with no insights.
let app: AppProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const errors: string[] = [];

beforeAll(async () => {
  app = await startTestingAppProcess();
  browser = await launchBrowser();
  ({ withJs, withoutJs } = await signedInContexts(browser, app.url, member));
  withJs.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  withJs.on("weberror", (err) => errors.push(err.error().message));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  expect(errors).toEqual([]);
});

/** A page of the app, with JavaScript, once it has hydrated; console errors fail the file. */
const hydrated = (path: string) => hydratedPage(withJs, `${app.url}${path}`);

const insightsShown = (page: Page, category: string) =>
  page.locator("#insights li p", { hasText: new RegExp(`^${category} · `) }).count();

describe("saving a companion reply as an insight", () => {
  it("with JavaScript: the button says it is saved (announced), a double click saves one, and it stays saved", async () => {
    const page = await hydrated("/spirit-companion");
    await page.getByLabel("Your message", { exact: true }).fill("I keep dreaming of a quiet lake.");
    await page.getByRole("button", { name: "Send" }).click();
    const save = page.getByRole("button", { name: "Save as insight" });
    await expect.poll(() => save.isVisible(), { timeout: 5000 }).toBe(true);
    await save.dblclick();
    const saved = page.getByRole("button", { name: "Saved as insight" });
    await expect.poll(() => saved.isVisible()).toBe(true);
    expect(await saved.getAttribute("aria-disabled")).toBe("true");
    await expect
      .poll(() => page.locator("#conversation [role=status]").allTextContents())
      .toContain("Saved as insight.");
    await expect.poll(() => insightsShown(page, "conversation")).toBe(1);
    // Pressed again once saved: nothing is posted, still one.
    await saved.click({ force: true });
    await page.reload();
    await expect.poll(() => page.getByRole("button", { name: "Saved as insight" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Save as insight" }).count()).toBe(0);
    expect(await insightsShown(page, "conversation")).toBe(1);
    expect(await page.locator("#insights").textContent()).toContain("I keep dreaming of a quiet lake.");
    await page.close();
  });

  it("without JavaScript: the page comes back saying it was saved, the reply marked as saved", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/spirit-companion`);
    await page.locator("#companion-message").fill("A second thought, without script.");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/spirit-companion$/);
    await page.getByRole("button", { name: "Save as insight" }).click();
    await page.waitForURL(/\?done=conversation#conversation$/);
    expect(await page.locator("#conversation p[role=status]").textContent()).toContain(
      "Saved as insight: The companion's words",
    );
    expect(await page.getByRole("button", { name: "Saved as insight" }).count()).toBe(2);
    expect(await insightsShown(page, "conversation")).toBe(2);
    await page.close();
  });
});

describe("keeping a daily practice as a Practice insight", () => {
  it("with JavaScript: offered once the practice is done, kept once, listed under the practice filter", async () => {
    const page = await hydrated("/spirit-companion?insights=practice");
    expect(await page.getByRole("button", { name: /Keep as a Practice insight/ }).count()).toBe(0);
    await page.getByRole("button", { name: /^Morning Stillness/ }).click();
    const keep = page.getByRole("button", { name: "Keep as a Practice insight (Morning Stillness)" });
    await expect.poll(() => keep.isVisible()).toBe(true);
    await keep.dblclick();
    const kept = page.getByRole("button", { name: "Kept as a Practice insight (Morning Stillness)" });
    await expect.poll(() => kept.isVisible()).toBe(true);
    await expect.poll(() => insightsShown(page, "practice")).toBe(1);
    await page.close();
  });

  it("without JavaScript: the page comes back saying it was kept", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/spirit-companion`);
    await page.getByRole("button", { name: /^Three Gratitudes/ }).click();
    await page.waitForURL(/\/spirit-companion$/);
    await page.getByRole("button", { name: "Keep as a Practice insight (Three Gratitudes)" }).click();
    await page.waitForURL(/\?done=practice#practices$/);
    expect(await page.locator("#practices p[role=status]").textContent()).toContain("Kept as a Practice insight");
    await page.getByRole("link", { name: "practice", exact: true }).click();
    await page.waitForURL(/insights=practice/);
    expect(await insightsShown(page, "practice")).toBe(2);
    expect(await page.locator("#insights h3").allTextContents()).toEqual(["Three Gratitudes", "Morning Stillness"]);
    await page.close();
  });
});
