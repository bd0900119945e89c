import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts } from "../support/browser-accounts";

// The member area's forms on the one form pipeline (decision 008), as a browser uses them: with
// JavaScript off (plain posts, redirect after post), on (SPEC.md's toasts), and with the
// connection dropped (the form's notice, what was typed kept). Its own app, seeded with the demo member.
let app: AppProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  app = await startTestingAppProcess();
  browser = await launchBrowser();
  // The same signed-in member, in a browser with JavaScript and one without.
  ({ withJs, withoutJs } = await signedInContexts(browser, app.url, member));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A page of the app, with JavaScript, once it has hydrated. */
const hydrated = (path: string) => hydratedPage(withJs, `${app.url}${path}`);

/** Every POST to the page's `.data` answer fails as a dropped connection does. */
const dropPosts = (page: Page, path: string) =>
  page.route(`**/${path}.data**`, (route) =>
    route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
  );

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible());

describe("the journal", () => {
  it("without JavaScript: a saved entry lands on a page that says so; an error keeps the typed text", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/journals`);
    await page.getByLabel("Title").fill("Morning without script");
    await page.getByLabel("Your reflection").fill("short");
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await visible(page, "Please write at least 10 characters").toBe(true);
    expect(await page.getByLabel("Title").inputValue()).toBe("Morning without script");
    expect(await page.getByLabel("Your reflection").inputValue()).toBe("short");

    await page.getByLabel("Your reflection").fill("The quiet after the drum, written with no script at all.");
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await page.waitForURL(/\/journals\?done=saved$/);
    await visible(page, "Your reflection has been preserved in your journal.").toBe(true);
    await visible(page, "Morning without script").toBe(true);
    await page.close();
  });

  it("without JavaScript: an edit keeps the text after an error, lands on the saved entry, and a delete says so", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/journals`);
    await page.getByRole("link", { name: "Morning without script" }).click();
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Title").fill("");
    await page.getByLabel("Your reflection").fill("Edited with no script, still kept after an error.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await visible(page, "Title is required").toBe(true);
    expect(await page.getByLabel("Your reflection").inputValue()).toBe(
      "Edited with no script, still kept after an error.",
    );
    await page.getByLabel("Title").fill("Evening without script");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(/\/journals\/[0-9a-f-]+\?done=saved$/);
    await visible(page, "Sacred Entry Saved").toBe(true);
    await visible(page, "Evening without script").toBe(true);
    await page.getByText("Delete this entry").click();
    await page.getByRole("button", { name: "Delete for good" }).click();
    await page.waitForURL(/\/journals\?done=deleted$/);
    await visible(page, "The entry was deleted.").toBe(true);
    await page.close();
  });

  it("with JavaScript: the toast; a dropped connection shows the notice and keeps the entry's text", async () => {
    const page = await hydrated("/journals");
    await dropPosts(page, "journals");
    await page.getByLabel("Title").fill("Through the storm");
    await page.getByLabel("Your reflection").fill("These words must not be lost to a dropped line.");
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await visible(page, "Entry Not Saved").toBe(true);
    expect(await page.getByLabel("Title").inputValue()).toBe("Through the storm");
    expect(await page.getByLabel("Your reflection").inputValue()).toBe(
      "These words must not be lost to a dropped line.",
    );
    await page.unroute("**/journals.data**");
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await visible(page, "Sacred Entry Saved").toBe(true);
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("");
    await page.close();
  });
});

describe("the daily check-in", () => {
  it("without JavaScript: a check-in lands on the calendar saying it was saved", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/calendar`);
    await page.getByRole("button", { name: /Peaceful/ }).click();
    await page.waitForURL(/\/calendar\?done=checked$/);
    await visible(page, "Check-in saved. You're feeling Peaceful today.").toBe(true);
    await page.close();
  });

  it("with JavaScript: the toast; a dropped connection shows the check-in's notice", async () => {
    const page = await hydrated("/calendar");
    await page.getByRole("button", { name: /Grateful/ }).click();
    await visible(page, "Check-in saved").toBe(true);
    await dropPosts(page, "calendar");
    await page.getByRole("button", { name: /Curious/ }).click();
    await visible(page, "Your check-in could not be saved just now. Please try again.").toBe(true);
    await page.close();
  });
});

describe("the integration journal", () => {
  it("without JavaScript: a missing title keeps the reflection; a saved session lands on a page that says so", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/integration`);
    await page.getByLabel("Reflection", { exact: true }).fill("The owl returned in a dream.");
    await page.getByRole("button", { name: "Save Session" }).click();
    await visible(page, "Missing Information: Please provide a session title and reflection.").toBe(true);
    expect(await page.getByLabel("Reflection", { exact: true }).inputValue()).toBe("The owl returned in a dream.");
    await page.getByLabel("Session title").fill("Owl dream");
    await page.getByRole("button", { name: "Save Session" }).click();
    await page.waitForURL(/\/integration\?done=session$/);
    await visible(page, "Session Saved: Your integration session has been saved successfully.").toBe(true);
    await page.close();
  });

  it("with JavaScript: a dropped connection shows SPEC.md's Save Error and keeps the text", async () => {
    const page = await hydrated("/integration");
    await dropPosts(page, "integration");
    await page.getByLabel("Session title").fill("Storm session");
    await page.getByLabel("Reflection", { exact: true }).fill("Kept through a dropped line.");
    await page.getByRole("button", { name: "Save Session" }).click();
    await visible(page, "Save Error: Failed to save your session. Please try again.").toBe(true);
    expect(await page.getByLabel("Session title").inputValue()).toBe("Storm session");
    await page.unroute("**/integration.data**");
    await page.getByRole("button", { name: "Save Session" }).click();
    await visible(page, "Your integration session has been saved successfully.").toBe(true);
    await page.close();
  });
});

describe("the facilitator circle", () => {
  it("without JavaScript: an empty share gets its message; a share lands on a page that says so", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/integration`);
    await page.getByRole("button", { name: "Share with Facilitator" }).click();
    await visible(page, "No Content: Please enter something to share with your facilitator.").toBe(true);
    await page.getByLabel("What would you like to share?").fill("I keep waking at 3am, but gently.");
    await page.getByRole("checkbox", { name: /Anonymous Sharing/ }).check();
    await page.getByRole("button", { name: "Private Message" }).click();
    await page.waitForURL(/\/integration\?done=share$/);
    await visible(page, "Shared Successfully: Your reflection has been shared with your trusted facilitator.").toBe(
      true,
    );
    // The private message is in the member's thread.
    await visible(page, "I keep waking at 3am, but gently.").toBe(true);
    await page.close();
  });

  it("with JavaScript: the toast and the text clearing; a dropped connection says Sharing Error and keeps it", async () => {
    const page = await hydrated("/integration");
    expect(await page.getByRole("button", { name: "Share with Facilitator" }).isDisabled()).toBe(true);
    await dropPosts(page, "integration");
    await page.getByLabel("What would you like to share?").fill("The drum still echoes.");
    await page.getByRole("button", { name: "Share with Facilitator" }).click();
    await visible(page, "Failed to share with facilitator. Please try again.").toBe(true);
    expect(await page.getByLabel("What would you like to share?").inputValue()).toBe("The drum still echoes.");
    await page.unroute("**/integration.data**");
    await page.getByRole("button", { name: "Share with Facilitator" }).click();
    await visible(page, "Your reflection has been shared with your trusted facilitator.").toBe(true);
    await expect.poll(() => page.getByLabel("What would you like to share?").inputValue(), { timeout: 6000 }).toBe("");
    await page.close();
  });
});

describe("voice-to-vision", () => {
  it("without JavaScript: typed words become a prompt and an image, a new variant, then saved to insights", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/integration?mode=voice`);
    expect(await page.getByRole("button", { name: "Start Recording" }).count()).toBe(0);
    await page.getByRole("button", { name: "Transform to Visual Prompt" }).click();
    await visible(page, "No Content: Please record or type your thoughts first.").toBe(true);
    await page.getByLabel("Your words (spoken or typed)").fill("a lantern in a field of stars");
    await page.getByRole("button", { name: "Transform to Visual Prompt" }).click();
    await visible(page, /Sacred geometry, flowing purple-to-gold light, dreamlike digital art\./).toBe(true);
    const image = page.getByRole("img", { name: /A generated vision for: a lantern/ });
    const first = await image.getAttribute("src");
    expect(first).toMatch(/^data:image\/svg\+xml/);
    expect(await page.getByRole("link", { name: "Download SVG" }).getAttribute("download")).toBe("vision.svg");
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect.poll(() => image.getAttribute("src")).not.toBe(first);
    await page.getByRole("button", { name: "Save to my insights" }).click();
    await page.waitForURL(/\/integration\?mode=voice&done=vision$/);
    await visible(page, "Vision saved.").toBe(true);
    await page.close();
  });
});

describe("the preparation checklist", () => {
  it("without JavaScript: a tick lands back on the guide, saved and shown", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/preparation-guide`);
    await page.getByRole("button", { name: "Drank enough water through the day" }).click();
    await page.waitForURL(/\/preparation-guide\?done=saved$/);
    await visible(page, "Your checklist is saved.").toBe(true);
    expect(
      await page.getByRole("button", { name: "Drank enough water through the day" }).getAttribute("aria-pressed"),
    ).toBe("true");
    await page.close();
  });

  it("with JavaScript: a tick that does not arrive says so", async () => {
    const page = await hydrated("/preparation-guide");
    await dropPosts(page, "preparation-guide");
    await page.getByRole("button", { name: "Read your written intention once more" }).click();
    await visible(page, /Checklist not saved/).toBe(true);
    await page.close();
  });
});

describe("the spirit companion", () => {
  it("without JavaScript: a message is sent and the page comes back with it", async () => {
    const page = await withoutJs.newPage();
    await page.goto(`${app.url}/spirit-companion`);
    await page.locator("#companion-message").fill("A question asked without script.");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/spirit-companion$/);
    await visible(page, "A question asked without script.").toBe(true);
    await page.close();
  });

  it("with JavaScript: a message that does not arrive says so and comes back into the box", async () => {
    const page = await hydrated("/spirit-companion");
    await dropPosts(page, "spirit-companion");
    await page.locator("#companion-message").fill("Lost on the way?");
    await page.getByRole("button", { name: "Send" }).click();
    await visible(page, /Message not sent/).toBe(true);
    await expect.poll(() => page.locator("#companion-message").inputValue()).toBe("Lost on the way?");
    await page.close();
  });
});
