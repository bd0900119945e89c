import fs from "node:fs";
import puppeteer, { type Browser, type ElementHandle, type HTTPResponse, type Page } from "puppeteer-core";

/*
 * The second browser: Debian's Firefox ESR, driven over WebDriver BiDi with puppeteer-core. Firefox
 * reports what Chromium stays quiet about (a fetch cut off mid-stream, a rejected promise the app
 * handled with preventDefault), so its walks fail on any uncaught error or console error.
 */

/** FIREFOX_PATH, else Debian's Firefox ESR; a clear message when neither exists. */
export function firefoxPath(): string {
  const candidate = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `No Firefox at ${candidate}. Install it with "sudo apt-get install -y firefox-esr" or set FIREFOX_PATH to a Firefox binary.`,
    );
  }
  return candidate;
}

/** Firefox with JavaScript on, or off (a browser that only posts forms and follows redirects). */
export function launchFirefox(options: { javaScript: boolean }): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath(),
    headless: true,
    extraPrefsFirefox: options.javaScript ? {} : { "javascript.enabled": false },
  });
}

export interface WatchedPage {
  page: Page;
  /** Every uncaught error and console error, as "uncaught: …" or "console: …". */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A page of its own (own cookies) at `width` that records every uncaught error and console error.
 * The app's data requests answer late (`slowData` ms), as on a phone's connection: an answer that
 * moves on while the page still reloads its data would cut that reload off, and this makes it show.
 */
export async function watchedPage(browser: Browser, width: number, slowData = 400): Promise<WatchedPage> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height: 900 });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    errors.push(`uncaught: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  });
  // A data request cut off by the page moving on: Firefox reports it as "Error in input stream"
  // once its answer is being read; one cut off before then is told here.
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) errors.push(`cut off: ${request.method()} ${request.url()}`);
  });
  if (slowData > 0) {
    await page.setRequestInterception(true);
    page.on("request", (request) => {
      const isData = request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data");
      if (isData) setTimeout(() => void request.continue().catch(() => undefined), slowData);
      else void request.continue();
    });
  }
  return { page, errors, close: () => context.close() };
}

/** React Router's scripts leave the body once the page has hydrated (tests/support/browser.ts). */
const isHydrated = () => !document.querySelector('script[type="text/x-deferred-module"], body script[type="module"]');

/**
 * Opens `url`; with JavaScript, returns once the app has hydrated (and fails if it never does). As
 * a person would, it first lets the page it leaves finish loading: Firefox reports a request cut
 * off by leaving (React Router's route discovery, say) as a console error.
 */
export async function visit(page: Page, url: string, javaScript = true): Promise<HTTPResponse | null> {
  if (page.url() !== "about:blank") await page.waitForNetworkIdle({ idleTime: 700 });
  const response = await page.goto(url, { waitUntil: "load" });
  if (javaScript && response?.headers()["content-type"]?.startsWith("text/html")) {
    await page.waitForFunction(isHydrated, { timeout: 15_000 });
  }
  return response;
}

/*
 * The steps below work the same with JavaScript off: they act through element handles and poll from
 * here, since puppeteer's locators and in-page waits need the page's own scripts to run.
 */

/**
 * Polls `check` until it holds, for up to 30 s (vitest.shared.ts's poll limit: on a machine busy
 * with the other browser suites a fresh app's first payment hand-off took over 10 s); fails with `what`.
 */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The element `selector` finds, once there is one. */
export async function element(page: Page, selector: string): Promise<ElementHandle> {
  let found: ElementHandle | null = null;
  await until(async () => {
    found = await page.$(selector);
    return found !== null;
  }, selector);
  return found as unknown as ElementHandle;
}

/** Types `value` into the field, as a person does (key by key), replacing what it held. */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  const field = await element(page, selector);
  await field.evaluate((input) => {
    (input as HTMLInputElement).value = "";
  });
  await field.type(value);
}

/**
 * The button, link or summary (inside `within`) whose text is `text`, or failing that holds it.
 * Found in one evaluation and marked, then taken by that mark: with the page's scripts off,
 * puppeteer's text selector (::-p-text) closes the connection and a list of handles never returns.
 */
export async function byText(page: Page, text: string, within = ""): Promise<ElementHandle> {
  const mark = `t${Math.random().toString(36).slice(2)}`;
  await until(
    () =>
      page.evaluate(
        (selector, wanted, mark) => {
          // Written inline: a named helper here would be rewritten by the test's compiler into a call the page lacks.
          const all = Array.from(document.querySelectorAll(selector)).map(
            (e) => [e, (e.textContent ?? "").replace(/\s+/g, " ").trim()] as const,
          );
          const found = (all.find(([, t]) => t === wanted) ?? all.find(([, t]) => t.includes(wanted)))?.[0];
          found?.setAttribute("data-test-press", mark);
          return found !== undefined;
        },
        `${within} :is(button, a, summary)`,
        text,
        mark,
      ),
    `"${text}" to press`,
  );
  return element(page, `[data-test-press="${mark}"]`);
}

/** Clicks the button, link or summary whose text is `text` (inside `within`, if given). */
export async function press(page: Page, text: string, within = ""): Promise<void> {
  const target = await byText(page, text, within);
  await target.scrollIntoView();
  await target.click();
}

/** Waits until the address matches `pattern`. */
export const arrivedAt = (page: Page, pattern: RegExp) => until(async () => pattern.test(page.url()), `${pattern}`);

/** Waits until the page's text shows `text`. */
export const shows = (page: Page, text: string) =>
  until(async () => (await page.evaluate(() => document.body.innerText)).includes(text), `"${text}" on the page`);

/** Submits a form the way a browser without JavaScript does, and waits for the page it lands on. */
export async function post(page: Page, text: string): Promise<HTTPResponse | null> {
  const button = await byText(page, text, "form");
  // Focus and Enter: a click first scrolls the button into view with a script, which never returns
  // when the page's scripts are off.
  await button.focus();
  const [response] = await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.keyboard.press("Enter")]);
  return response;
}
