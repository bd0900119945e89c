import fs from "node:fs";
import type { BrowserContext, BrowserContextOptions, Locator, Page, Route } from "playwright-core";
import { type Browser, chromium } from "playwright-core";
import { expect } from "vitest";

/** CHROME_PATH, else Debian's Chromium; a clear message when neither exists. */
export function chromePath(): string {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `No Chromium at ${candidate}. Install it with "sudo apt-get install -y chromium" or set CHROME_PATH to a Chrome or Chromium binary.`,
    );
  }
  return candidate;
}

/**
 * A page is hydrated once React Router's scripts have left the body (its <Scripts /> renders
 * nothing after hydration). Until then it works as plain HTML; its scripts start only after the
 * first paint (app/lib/defer-scripts.server.ts).
 */
const isHydrated = () => !document.querySelector('script[type="text/x-deferred-module"], body script[type="module"]');

/** With JavaScript on, `goto` and `reload` return once the page has hydrated, as a person would wait to type. */
function waitForHydration(page: Page) {
  for (const method of ["goto", "reload"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        if (response?.headers()["content-type"]?.startsWith("text/html")) {
          // A page that never hydrates (a script error) fails here, naming the page, not later on a
          // click that did nothing.
          await page.waitForFunction(isHydrated, null, { timeout: 15_000 }).catch((error: Error) => {
            throw new Error(`${page.url()} never hydrated (a script that failed or never loaded?)`, { cause: error });
          });
        }
        return response;
      },
    });
  }
  return page;
}

function withHydrationWaits(context: BrowserContext, options?: BrowserContextOptions) {
  if (options?.javaScriptEnabled === false) return context;
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitForHydration(await newPage());
  return context;
}

/**
 * Holds the page's web fonts and pictures back until `release` is called, as a slow phone
 * connection would: the page paints in its fallback fonts, without its pictures, and has not
 * finished loading. `release` answers once every picture the page wants now has arrived.
 */
export async function holdFonts(page: Page): Promise<() => Promise<void>> {
  let open = () => {};
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route("**/*.woff2", hold);
  await page.route("**/og/**", hold);
  return async () => {
    open();
    await page.evaluate(() =>
      Promise.all(
        [...document.images]
          // A lazy picture off screen is never asked for.
          .filter((image) => !image.complete && image.loading !== "lazy")
          .map(
            (image) =>
              new Promise((settled) => {
                image.addEventListener("load", settled, { once: true });
                image.addEventListener("error", settled, { once: true });
              }),
          ),
      ),
    );
  };
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => withHydrationWaits(await newContext(options), options);
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) =>
    options?.javaScriptEnabled === false ? newPage(options) : waitForHydration(await newPage(options));
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
}

/**
 * The n-th open day (from 0) of the booking dialog's calendar, counted across months: the calendar
 * opens on the month of the first bookable day, which near a month's end holds only a day or two,
 * so it turns to the next month as a person would.
 */
export async function openDay(dialog: Locator, n: number): Promise<Locator> {
  const days = dialog.locator("[data-day]");
  await days.first().waitFor();
  let left = n;
  for (let turned = 0; turned < 4; turned++) {
    const open = dialog.locator("[data-day]:not([disabled])");
    const count = await open.count();
    if (count > left) return open.nth(left);
    left -= count;
    const shown = await days.first().getAttribute("data-day");
    await dialog.getByRole("button", { name: "Next month" }).click();
    await expect.poll(() => days.first().getAttribute("data-day")).not.toBe(shown);
  }
  throw new Error(`the calendar has no ${n + 1} open days within four months`);
}
