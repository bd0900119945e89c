import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { holdFonts, launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens a page and waits until React has hydrated it (the phone menu's <details> becomes a button). */
async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector("header button[aria-controls=mobile-menu]", { state: "attached" });
  return page;
}

describe("the phone menu with JavaScript", () => {
  it("says whether it is open, closes on Escape and after navigating", async () => {
    const page = await open("/magic", 375);
    const button = page.locator("header button[aria-controls=mobile-menu]");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator("#mobile-menu").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#mobile-menu").isHidden()).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await page.locator("#mobile-menu").getByRole("link", { name: "The Sacred Access" }).click();
    await page.waitForURL(`${baseUrl}/services`);
    await expect.poll(() => page.locator("#mobile-menu").isHidden()).toBe(true);
    await page.close();
  });
});

describe("the current page in the navigation", () => {
  it("is marked aria-current wherever it is coloured, aliases included", async () => {
    const page = await open("/");
    for (const [path, label] of [
      ["/the-calling", "The Calling"],
      ["/the-invitation", "The Calling"],
      ["/sacred-access", "The Sacred Access"],
      ["/magic", "The Magic"],
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForSelector("header button[aria-controls=mobile-menu]", { state: "attached" });
      const desktop = page.locator("header nav > ul");
      expect(await desktop.locator("a[aria-current=page]").allTextContents(), path).toEqual([label]);
      // The colour and aria-current agree on every link.
      for (const link of await desktop.locator("a").all()) {
        const purple = (await link.getAttribute("class"))?.includes("text-violet-300") ?? false;
        expect(await link.getAttribute("aria-current"), `${path} ${await link.textContent()}`).toBe(
          purple ? "page" : null,
        );
      }
    }
    await page.close();
  });
});

describe("the article library's controls", () => {
  it("follow the URL when a nav link resets it", async () => {
    const page = await open("/magic?q=aging&category=doses-science");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    expect(await search.inputValue()).toBe("aging");
    await page.locator("header nav > ul").getByRole("link", { name: "The Magic" }).click();
    await page.waitForURL(`${baseUrl}/magic`);
    await expect.poll(() => search.inputValue()).toBe("");
    expect(await page.locator("input[name=category]:checked").getAttribute("value")).toBe("all");
    await expect.poll(() => page.getByRole("heading", { name: "Featured" }).isVisible()).toBe(true);

    // Back to the filtered URL: the controls show that filter again.
    await page.goBack();
    await page.waitForURL(/q=aging/);
    await expect.poll(() => search.inputValue()).toBe("aging");
    expect(await page.locator("input[name=category]:checked").getAttribute("value")).toBe("doses-science");
    await page.close();
  });
});

/** Holds a page's data request until released; `requested` settles once the browser has asked for it. */
async function hold(page: Page, url: string) {
  let asked: () => void = () => {};
  let release: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { requested, release };
}

describe("a page change", () => {
  it("shows the progress bar while the next page loads, and not after", async () => {
    const page = await open("/");
    const bar = page.getByTestId("navigation-progress");
    expect(await bar.getAttribute("data-state")).toBe("idle");
    expect(await bar.getAttribute("aria-hidden")).toBe("true");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/faq.data**", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await expect.poll(() => bar.getAttribute("data-state")).toBe("loading");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Loading" }).count()).toBe(1);
    release();
    await page.waitForURL(`${baseUrl}/faq`);
    await expect.poll(() => bar.getAttribute("data-state")).toBe("idle");
    await page.close();
  });

  it("does not flash the bar on a page change quicker than 150 ms", async () => {
    // The page's own clock is held (Playwright's fake timers), so "quicker" is measured on it and a busy
    // machine cannot make a fast change slow: the answer is held until the clock has moved 149 ms.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector("header button[aria-controls=mobile-menu]", { state: "attached" });
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      const bar = document.querySelector("[data-testid=navigation-progress]");
      if (!bar) throw new Error("no progress bar on the page");
      new MutationObserver(() => w.seen.push(bar.getAttribute("data-state") ?? "")).observe(bar, {
        attributes: true,
      });
    });
    const freedom = await hold(page, "**/religious-freedom.data**");
    await page.locator("footer").getByRole("link", { name: "Religious Freedom" }).click();
    await freedom.requested;
    await page.clock.runFor(149);
    expect(await page.getByTestId("navigation-progress").getAttribute("data-state")).toBe("idle");
    freedom.release();
    await page.waitForURL(`${baseUrl}/religious-freedom`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Religious Freedom");
    await page.clock.runFor(1000);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).not.toContain("loading");

    // A change held for 150 ms on that clock does show the bar: the check above can fail.
    const faq = await hold(page, "**/faq.data**");
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await faq.requested;
    // Each try moves the clock 150 ms on (the change is still held), in case React had not yet started the timer.
    await expect
      .poll(async () => {
        await page.clock.runFor(150);
        return page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      })
      .toContain("loading");
    faq.release();
    await page.waitForURL(`${baseUrl}/faq`);
    await page.close();
  });

  it.each([
    ["dropped", "abort"],
    ["answered 503", "503"],
  ] as const)("that fails (%s) shows a retry in the page's area, with the site around it", async (_, how) => {
    const page = await open("/");
    let failing = true;
    await page.route("**/faq.data**", (route) => {
      if (!failing || route.request().method() !== "GET") return route.continue();
      return how === "abort"
        ? route.abort("connectionreset")
        : route.fulfill({ status: 503, contentType: "text/html", body: "<h1>We will be back in a moment</h1>" });
    });
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "We could not load this page." }).isVisible()).toBe(true);
    expect(await page.getByText("Check your connection and try again.").isVisible()).toBe(true);
    expect(await page.getByText("Unexpected Application Error!").count()).toBe(0);
    // The header and footer are still there, around the message.
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
    expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
    expect(await page.locator("main").getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    expect(await page.title()).toContain("Page not loaded");

    failing = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Frequently Asked Questions" }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/faq");
    await page.close();
  });

  it("to a page that does not exist still shows the not-found page", async () => {
    const page = await open("/");
    // A client-side navigation, as a Link would make it.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/no-such-page"),
    );
    await expect.poll(() => page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).toBe(true);
    expect(await page.getByText("We could not load this page.").count()).toBe(0);
    await page.close();
  });
});

describe("the guide chat", () => {
  it("answers a joining question with The Calling and the contact page, never the paid session", async () => {
    const page = await open("/the-invitation");
    await page.getByRole("button", { name: "Open chat with a guide" }).click();
    const panel = page.getByRole("dialog", { name: "Sacred Guide" });
    await panel.getByLabel("Your message").fill("How do I join the church?");
    await panel.getByLabel("Your message").press("Enter");
    await expect
      .poll(() => panel.getByText(/Membership of the church is free/).isVisible(), { timeout: 5000 })
      .toBe(true);
    expect(await panel.getByText(/\$600/).count()).toBe(0);
    expect(await panel.getByRole("link", { name: "Read The Calling" }).getAttribute("href")).toBe(
      "/the-invitation#how-to-join",
    );
    expect(await panel.getByRole("link", { name: "Write to us to join" }).getAttribute("href")).toBe("/contact");
    await page.close();
  });
});

describe("a superseded page change", () => {
  it("is not reported as an uncaught error; other failures still are", async () => {
    const page = await open("/");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A page's data that has begun to arrive and not ended (a slow link): the body stays open until
    // the request is cancelled, as a real response cut off mid-way does.
    await page.evaluate(() => {
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await realFetch(input, init);
        if (!String(input).includes(".data") || !response.body) return response;
        const bytes = new Uint8Array(await response.arrayBuffer());
        const signal = init?.signal;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            signal?.addEventListener("abort", () => controller.error(signal.reason));
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      };
    });
    // The FAQ's code is held back, so its data has arrived while the page change still waits.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/faq-*.js", async (route) => {
      await held;
      await route.continue();
    });
    const follow = (path: string) => page.evaluate(`void window.__reactRouterDataRouter.navigate("${path}")`);
    await follow("/faq");
    await page.waitForTimeout(300);
    // Another link followed before it: the first page change is cancelled.
    await follow("/religious-freedom");
    await page.waitForURL(`${baseUrl}/religious-freedom`);
    release();
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);

    await page.evaluate(() => {
      void Promise.reject(new Error("a real failure"));
    });
    await expect.poll(() => errors).toEqual(["a real failure"]);
    await page.close();
  });
});

describe("a page's first paint", () => {
  it("comes before any of the app's scripts is asked for; the app takes over after it", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    // The fonts are held back, so the page has not finished loading when it paints, as on a slow link.
    const release = await holdFonts(page);
    // goto returns once the page has hydrated (support/browser.ts), the fonts still held.
    await page.goto(`${baseUrl}/magic`, { waitUntil: "domcontentloaded" });
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
      fonts: document.fonts.status,
    }));
    expect(timing.fonts).toBe("loading");
    expect(timing.scripts.length).toBeGreaterThan(5);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
    expect(await page.locator("header button[aria-controls=mobile-menu]").count()).toBe(1);
    await release();
    await page.close();
  });
});
