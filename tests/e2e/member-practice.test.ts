import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";

// Its own app (seeded with the demo accounts), signed in as the demo member.
let app: AppProcess;
let browser: Browser;
let page: Page;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const errors: string[] = [];

beforeAll(async () => {
  // The test payment provider: booking from the calendar pays with test card fields.
  app = await startTestingAppProcess();
  browser = await launchBrowser();
  page = await browser.newPage();
  // With the address: "Failed to load resource" alone does not say which.
  page.on("console", (msg) => msg.type() === "error" && errors.push(`${msg.text()} (${msg.location().url})`));
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(`${app.url}/sacred-access`);
  await page.getByLabel("Email or username").fill(member.username);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
  await page.waitForURL(`${app.url}/dashboard`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  expect(errors).toEqual([]);
});

describe("the journal", () => {
  it("checks the form, saves an entry (toast, form reset) and keeps it across a reload", async () => {
    await page.goto(`${app.url}/journals`);
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await expect.poll(() => page.getByText("Title is required").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please write at least 10 characters").isVisible()).toBe(true);

    await page.getByLabel("Title").fill("Dawn after the circle");
    await page.getByLabel("Your reflection").fill("The drum still echoes; I feel held and unhurried.");
    await page.getByRole("checkbox", { name: "Peace" }).check();
    await page.getByRole("checkbox", { name: "Heart Opening" }).check();
    await page.getByLabel(/Intensity/).fill("8");
    await page.getByLabel(/Context/).selectOption("ceremony");
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await expect.poll(() => page.getByText("Sacred Entry Saved").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("");
    expect(await page.getByRole("checkbox", { name: "Peace" }).isChecked()).toBe(false);
    expect(await page.getByLabel(/Intensity/).inputValue()).toBe("5");
    await expect.poll(() => page.getByRole("link", { name: "Dawn after the circle" }).isVisible()).toBe(true);

    await page.reload();
    await page.getByRole("link", { name: "Dawn after the circle" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Dawn after the circle" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("intensity 8/10", { exact: false }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Title").fill("Dawn after the drum circle");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Dawn after the drum circle" }).isVisible()).toBe(true);
    await page.getByText("Delete this entry").click();
    await page.getByRole("button", { name: "Delete for good" }).click();
    await page.waitForURL(/\/journals\?done=deleted$/);
    await expect.poll(() => page.getByText("Your archive is empty.").isVisible()).toBe(true);
  });
});

describe("preparation and meditation", () => {
  it("ticks the day-of checklist (struck through), keeps it across a reload and resets it", async () => {
    await page.goto(`${app.url}/preparation-guide`);
    await page.getByText("Dietary Preparation").click();
    await expect.poll(() => page.getByText("Tell us about every medication").isVisible()).toBe(true);
    const water = page.getByRole("button", { name: "Drank enough water through the day" });
    await water.click();
    await expect.poll(() => water.getAttribute("aria-pressed")).toBe("true");
    expect(await water.locator("span").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
    await expect.poll(() => page.getByText("1 of 10 done").isVisible()).toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole("button", { name: "Drank enough water through the day" }).getAttribute("aria-pressed"))
      .toBe("true");
    await page.getByRole("button", { name: "Reset for my next ceremony" }).click();
    await expect.poll(() => page.getByText("0 of 10 done").isVisible()).toBe(true);
  });

  it("runs a guided timer with cues, pause and resume, and records the completed sit", async () => {
    await page.clock.install();
    await page.goto(`${app.url}/meditations`);
    await page.getByRole("button", { name: "Play Calming the Nervous System" }).click();
    await page.clock.runFor(5 * 60_000);
    const progress = page.getByRole("progressbar", { name: "Calming the Nervous System progress" });
    await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(49);
    await expect
      .poll(() => page.getByText("If your mind runs ahead to the ceremony", { exact: false }).isVisible())
      .toBe(true);
    await page.getByRole("button", { name: "Pause Calming the Nervous System" }).click();
    await page.clock.runFor(60_000);
    const paused = Number(await progress.getAttribute("aria-valuenow"));
    expect(paused).toBeLessThan(55);
    await page.getByRole("button", { name: "Play Calming the Nervous System" }).click();
    await page.clock.runFor(5 * 60_000 + 2000);
    await expect.poll(() => page.getByText("Your sit is complete.", { exact: false }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText("You have completed this practice 1 time.").isVisible()).toBe(true);
  });
});

describe("the Spirit Companion", () => {
  it("sends on Enter (not Shift+Enter), shows typing then the reply, saves a reflection and ticks practices", async () => {
    await page.clock.resume();
    await page.goto(`${app.url}/spirit-companion`);
    const box = page.getByLabel("Your message", { exact: true });
    await box.press("Enter"); // blank: nothing is sent
    await box.fill("I feel nervous about my first ceremony");
    await box.press("Shift+Enter");
    expect(await box.inputValue()).toBe("I feel nervous about my first ceremony\n");
    await box.press("Enter");
    await expect.poll(() => page.getByLabel("The companion is typing").isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText("Fear often comes right before something important", { exact: false }).isVisible(), {
        timeout: 5000,
      })
      .toBe(true);
    expect(await page.getByLabel("The companion is typing").count()).toBe(0);

    await page.getByRole("button", { name: "New prompt" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Generating..." }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "New prompt" }).isVisible()).toBe(true);
    await page.getByLabel("Your reflection").fill("The fear of not being enough.");
    await page.getByRole("button", { name: "Save Insight" }).click();
    await expect.poll(() => page.getByText("Reflection Saved").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText("The fear of not being enough.").isVisible()).toBe(true);

    await page.getByRole("button", { name: /Morning Stillness/ }).click();
    await expect.poll(() => page.getByText("1 of 4 practices today").isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText("I feel nervous about my first ceremony").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("1 of 4 practices today").isVisible()).toBe(true);
    await page.getByRole("link", { name: "conversation", exact: true }).click();
    await expect.poll(() => page.getByText("No conversation insights yet.").isVisible()).toBe(true);
  });
});

describe("integration", () => {
  it("saves a reflection (fields clear), opens it in the archive, and turns typed words into a vision", async () => {
    await page.goto(`${app.url}/integration`);
    await page.getByRole("button", { name: "Save Session" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Missing Information: Please provide a session title and reflection.");
    await page.getByLabel("Session title").fill("Return from the mountain");
    await page.getByLabel("Reflection").fill("Everything felt close and kind.");
    await page.getByLabel("Integration goals").fill("Walk at dawn twice a week.");
    await page.getByRole("checkbox", { name: "Gratitude" }).check();
    await page.getByRole("button", { name: "Save Session" }).click();
    await expect.poll(() => page.getByText("Session Saved").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Session title").inputValue()).toBe("");
    expect(await page.getByRole("checkbox", { name: "Gratitude" }).isChecked()).toBe(false);
    const row = page.getByRole("button", { name: /Return from the mountain/ });
    await row.click();
    await expect.poll(() => page.getByText("Walk at dawn twice a week.").isVisible()).toBe(true);
    await row.click();
    await expect.poll(() => page.getByText("Walk at dawn twice a week.").isVisible()).toBe(false);

    await page.getByRole("link", { name: /Voice-to-Vision/ }).click();
    await page.waitForURL(/mode=voice/);
    expect(await page.getByRole("button", { name: "Transform to Visual Prompt" }).isDisabled()).toBe(true);
    await page.getByLabel("Your words (spoken or typed)").fill("a lantern in a field of stars");
    await page.getByRole("button", { name: "Transform to Visual Prompt" }).click();
    await expect.poll(() => page.getByText("Visual Prompt Generated").first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(/Sacred geometry, flowing purple-to-gold light, dreamlike digital art\./).isVisible())
      .toBe(true);
    await page.getByRole("button", { name: "Generate Vision" }).click();
    await expect
      .poll(() => page.getByRole("img", { name: /A generated vision for: a lantern/ }).isVisible())
      .toBe(true);
    const first = await page.getByRole("img", { name: /A generated vision/ }).getAttribute("src");
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect.poll(() => page.getByRole("img", { name: /A generated vision/ }).getAttribute("src")).not.toBe(first);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download PNG" }).click();
    expect((await download).suggestedFilename()).toBe("vision.png");
    await page.getByRole("button", { name: "Save to my insights" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Saved to your insights" }).isVisible()).toBe(true);
  });
});

describe("the calendar", () => {
  it("books from the calendar with the member's name and email filled in; Upcoming Sessions shows it at once", async () => {
    await page.goto(`${app.url}/calendar`);
    await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__reactRouterRouteModules);
    const upcoming = page.locator("section[aria-labelledby=upcoming-title]");
    expect(await upcoming.textContent()).toContain("No sessions booked yet.");
    await page.getByRole("button", { name: "Schedule Session" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("[data-day]:not([disabled])").first().click();
    await dialog.getByRole("group").getByRole("button").first().click();
    expect(await dialog.getByLabel("Full name").inputValue()).toBe(member.name);
    expect(await dialog.getByLabel("Email").inputValue()).toBe(member.email);
    await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
    await dialog.getByLabel("Cardholder name").fill(member.name);
    await dialog.getByLabel("Expiry (MM/YY)").fill("12/30");
    await dialog.getByLabel("CVV").fill("123");
    await dialog.getByLabel("Billing ZIP").fill("10001");
    await dialog.getByRole("button", { name: /Confirm and Pay/ }).click();
    await expect.poll(() => dialog.getByText("A confirmation with a calendar file").isVisible()).toBe(true);
    // Without a reload, the page behind the dialog already lists it.
    await expect.poll(async () => (await upcoming.textContent()) ?? "").toContain("Preparation Session");
    // Leave nothing in flight for the next test (a revalidation cut short logs an abort).
    await page.waitForLoadState("networkidle");
    await page.keyboard.press("Escape");
    await page.waitForLoadState("networkidle");
  });

  it("checks in once a day, changeable, kept across a reload and counted this month", async () => {
    await page.goto(`${app.url}/calendar`);
    await page.getByRole("button", { name: "Grateful" }).click();
    await expect.poll(() => page.locator("#main").getByText("You're feeling Grateful today.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Peaceful" }).click();
    await expect.poll(() => page.locator("#main").getByText("You're feeling Peaceful today.").isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole("button", { name: "Peaceful" }).getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(() => page.getByText("1 check-in in the last 30 days: Peaceful 1.").first().isVisible())
      .toBe(true);
    await page.getByRole("link", { name: "Previous month" }).click();
    await expect.poll(() => page.locator('a[aria-current="date"]').count()).toBe(1);
  });
});

describe("voice features", () => {
  it("offers no microphone where speech is not available, appends final results, and reports recording errors", async () => {
    const context = await browser.newContext();
    // A browser without speech at all.
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.webkitSpeechRecognition;
      delete w.SpeechRecognition;
      delete w.speechSynthesis;
    });
    const bare = await context.newPage();
    await bare.goto(`${app.url}/sacred-access`);
    await bare.getByLabel("Email or username").fill(member.username);
    await bare.getByLabel("Password", { exact: true }).fill(member.password);
    await bare.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await bare.waitForURL(`${app.url}/dashboard`);
    await bare.goto(`${app.url}/integration?mode=voice`);
    // Hydrated (the transform button waits for words), and still no button that could only fail.
    await expect.poll(() => bare.getByRole("button", { name: "Transform to Visual Prompt" }).isDisabled()).toBe(true);
    expect(await bare.getByRole("button", { name: "Start Recording" }).count()).toBe(0);
    await bare.goto(`${app.url}/spirit-companion`);
    await expect.poll(() => bare.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    expect(await bare.getByRole("button", { name: "Speak your message" }).count()).toBe(0);
    await bare.goto(`${app.url}/integration?mode=voice`);
    await bare.getByLabel("Your words (spoken or typed)").fill("stillness");
    await bare.getByRole("button", { name: "Transform to Visual Prompt" }).click();
    await bare.getByRole("button", { name: "Play Back" }).click();
    await expect.poll(() => bare.getByText("Text-to-Speech Not Available").first().isVisible()).toBe(true);
    await context.close();

    // A browser whose recogniser hears two phrases, then one that fails.
    const speaking = await browser.newContext();
    await speaking.addInitScript(() => {
      let fail = false;
      class FakeRecognition {
        lang = "";
        continuous = false;
        interimResults = false;
        onresult: ((e: unknown) => void) | null = null;
        onerror: (() => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          const failing = fail;
          fail = true;
          setTimeout(() => {
            if (failing) {
              this.onerror?.();
              return;
            }
            const result = (text: string, isFinal: boolean) => Object.assign([{ transcript: text }], { isFinal });
            this.onresult?.({ resultIndex: 0, results: [result("the river", true), result("and the", false)] });
            this.onresult?.({ resultIndex: 1, results: [result("the river", true), result("and the stars", true)] });
            this.onend?.();
          }, 50);
        }
        stop() {
          this.onend?.();
        }
      }
      (window as unknown as Record<string, unknown>).webkitSpeechRecognition = FakeRecognition;
      (window as unknown as Record<string, unknown>).SpeechRecognition = FakeRecognition;
    });
    const page2 = await speaking.newPage();
    await page2.goto(`${app.url}/sacred-access`);
    await page2.getByLabel("Email or username").fill(member.username);
    await page2.getByLabel("Password", { exact: true }).fill(member.password);
    await page2.getByRole("button", { name: "Enter the Sacred Realm" }).click();
    await page2.waitForURL(`${app.url}/dashboard`);
    await page2.goto(`${app.url}/integration?mode=voice`);
    await page2.getByRole("button", { name: "Start Recording" }).click();
    await expect
      .poll(() => page2.getByLabel("Your words (spoken or typed)").inputValue())
      .toBe("the river and the stars");
    await page2.getByRole("button", { name: "Start Recording" }).click();
    await expect.poll(() => page2.getByText("Recording Error").first().isVisible()).toBe(true);
    await speaking.close();
  });
});
