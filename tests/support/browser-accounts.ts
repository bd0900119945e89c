import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { startSmtpServer } from "./smtp";
import { unusedTotp } from "./totp";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** Signs in through the sign-in page, as a person would. */
export async function signInPage(page: Page, baseUrl: string, identifier: string, password: string) {
  await page.goto(`${baseUrl}/sacred-access`);
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
}

/**
 * A member signed in once, in two browser contexts sharing the session: one with JavaScript and
 * one without (plain posts, redirect after post).
 */
export async function signedInContexts(
  browser: Browser,
  baseUrl: string,
  account: { username: string; password: string },
) {
  const withJs = await browser.newContext();
  const page = await withJs.newPage();
  await signInPage(page, baseUrl, account.username, account.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.close();
  const withoutJs = await browser.newContext({ javaScriptEnabled: false, storageState: await withJs.storageState() });
  return { withJs, withoutJs };
}

/** A new page of `context` at `url`, once the app has hydrated. */
export async function hydratedPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
  );
  await page.waitForTimeout(300);
  return page;
}

/** On /console/two-factor: turns two-factor on (with its ten recovery codes) and lands in the console. */
export async function enrolTwoFactor(page: Page, baseUrl: string, password: string): Promise<string> {
  await page.getByLabel("Confirm your password to set up an authenticator app").fill(password);
  await page.getByRole("button", { name: "Begin" }).click();
  const secret = (await page.locator("code").first().textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect.poll(() => page.locator("ol ul li").count()).toBe(10); // recovery codes
  await page.getByLabel("Enter the six-digit code your app shows now.").fill(await unusedTotp(secret));
  await page.getByRole("button", { name: "Turn On Two-Factor" }).click();
  await page.waitForURL(`${baseUrl}/console`);
  return secret;
}

/**
 * A staff member's full session (password, then two-factor enrolled on the way into the console), for
 * `browser.newContext({ storageState })`. Call it from a test: enrolling polls with expect.
 */
export async function staffSession(
  browser: Browser,
  baseUrl: string,
  account: { username: string; password: string },
): Promise<Awaited<ReturnType<BrowserContext["storageState"]>>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, baseUrl, account.username, account.password);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${baseUrl}/console/two-factor`);
  await enrolTwoFactor(page, baseUrl, account.password);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A received mail's text with quoted-printable soft breaks and "=3D" undone. */
export const decodeMail = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/** Waits for a mail to `to` whose text matches `pattern`; returns its decoded text. */
export async function mailMatching(smtp: Smtp, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = smtp.received
          .filter((m) => m.to.includes(to))
          .map((m) => decodeMail(m.raw))
          .find((text) => pattern.test(text));
        return found;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return found as string;
}
