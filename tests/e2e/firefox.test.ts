import fs from "node:fs";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../app/modules/accounts/seed.server";
import { formOnlyPaths } from "../../app/modules/content/public-pages";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import {
  arrivedAt,
  element,
  fill,
  launchFirefox,
  post,
  press,
  shows,
  visit,
  type WatchedPage,
  watchedPage,
} from "../support/firefox";
import { type PaypalStandIn, paypalSettings, startPaypalStandIn } from "../support/paypal-stand-in";
import { unusedTotp } from "../support/totp";

// The main walks again in Firefox ESR (WebDriver BiDi), at a phone's and a desktop's width. Each
// fails on any uncaught error or console error Firefox reports. Its own app in test mode: the demo
// accounts, the local test payment provider.
const SHOTS = "test-results/firefox";
let app: AppProcess;
let firefox: Browser;
let noScript: Browser;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeper = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];

beforeAll(async () => {
  app = await startTestingAppProcess();
  firefox = await launchFirefox({ javaScript: true });
  noScript = await launchFirefox({ javaScript: false });
});
afterAll(async () => {
  await firefox?.close();
  await noScript?.close();
  await app?.stop();
});

/**
 * Runs `walk` on a watched page: the walk's own steps, then no error Firefox reported. A walk that
 * stops leaves a screenshot of where it stood in test-results/firefox/.
 */
async function walking(browser: Browser, width: number, walk: (page: Page) => Promise<void>) {
  const watched: WatchedPage = await watchedPage(browser, width);
  watched.page.setDefaultTimeout(30_000);
  try {
    await walk(watched.page);
    // Late errors (a reload cut off after the walk's last step) show within this pause.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(watched.errors).toEqual([]);
  } catch (error) {
    fs.mkdirSync(SHOTS, { recursive: true });
    const name = expect.getState().currentTestName?.replace(/\W+/g, "-").slice(0, 80) ?? "walk";
    await watched.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    throw new Error(`${(error as Error).message}\n  at ${watched.page.url()}\n  errors: ${watched.errors.join("; ")}`, {
      cause: error,
    });
  } finally {
    await watched.close();
  }
}

async function signIn(page: Page, account: { username: string; password: string }) {
  await visit(page, `${app.url}/sacred-access`);
  await fill(page, "#emailOrUsername", account.username);
  await fill(page, "#password", account.password);
  await press(page, "Enter the Sacred Realm");
  await arrivedAt(page, /\/dashboard$/);
}

/** The gift form on /donation filled in ($50) and sent with the button `give`. */
async function giveOnDonation(page: Page, origin: string, email: string, give: string, open = true) {
  if (open) await visit(page, `${origin}/donation`);
  await fill(page, '[name="amount"]', "50");
  await fill(page, '[name="donorName"]', "Zofia Wiśniewska");
  await fill(page, '[name="email"]', email);
  await press(page, give);
}

/** The payer approves the order on PayPal's page (the stand-in): where PayPal sends them back. */
function approvedAtPaypal(paypal: PaypalStandIn, checkout: string): string {
  const token = new URL(checkout).searchParams.get("token") ?? "";
  paypal.approve(token);
  const sent = paypal.orders.get(token)?.request as {
    payment_source: { paypal: { experience_context: Record<string, string> } };
  };
  return sent.payment_source.paypal.experience_context.return_url as string;
}

describe("Firefox ESR", () => {
  it.each([390, 1280])("opens every public page at %i px with no error and no sideways scroll", async (width) => {
    const xml = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const paths = [
      ...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname),
      ...formOnlyPaths,
    ];
    expect(paths.length).toBeGreaterThan(10);
    await walking(firefox, width, async (page) => {
      for (const path of paths) {
        const response = await visit(page, `${app.url}${path}`);
        expect(response?.status(), path).toBe(200);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the screen at ${width}px`).toBeLessThanOrEqual(0);
      }
    });
  });

  it("requests access: the first mistake, then the received page (with JavaScript)", async () => {
    await walking(firefox, 390, async (page) => {
      await visit(page, `${app.url}/request-access`);
      await fill(page, "#name", "Zofia Wiśniewska");
      await fill(page, "#email", "zofia at example");
      await fill(page, "#reason", "To prepare with care, in community, before a first ceremony.");
      await press(page, "Request Access");
      await shows(page, "Please enter a valid email address");
      await fill(page, "#email", "zofia@example.org");
      await press(page, "Request Access");
      await arrivedAt(page, /\/request-access\?done=received$/);
      await shows(page, "Request Received");
    });
  });

  it("sends the application on to the donation checkout, and a gift to the test payment page", async () => {
    await walking(firefox, 1280, async (page) => {
      await visit(page, `${app.url}/heroic-application`);
      const answers: Array<[string, string]> = [
        ["fullName", "李明 Ruiz"],
        ["age", "36"],
        ["city", "Santa Fe"],
        ["email", "li.ming@example.org"],
        ["phone", "+1 505 555 0100"],
        ["mentalHealth", "No diagnoses; a long season of grief."],
        ["medications", "none"],
        ["priorExperience", "Years of Zen practice and two retreats."],
        ["intentions", "To meet my grief with love."],
        ["emergencyContact", "Luis Ruiz"],
        ["emergencyPhone", "+1 505 555 0101"],
      ];
      for (const [name, value] of answers) await fill(page, `[name="${name}"]`, value);
      await (await element(page, '[name="agreement"]')).click();
      await press(page, "Submit Application");
      await arrivedAt(page, /\/donation-checkout$/);

      await visit(page, `${app.url}/donation`);
      await fill(page, '[name="amount"]', "50");
      await fill(page, '[name="donorName"]', "Zofia Wiśniewska");
      await fill(page, '[name="email"]', "zofia@example.org");
      await press(page, "Give $50 (test mode)");
      await arrivedAt(page, /\/payments\/test\//);
      await shows(page, "$50.00");
    });
  });

  it("comes back from the test payment page: approved to the thank-you page, cancelled to /donation", async () => {
    await walking(firefox, 390, async (page) => {
      await giveOnDonation(page, app.url, "zofia.back@example.org", "Give $50 (test mode)");
      await arrivedAt(page, /\/payments\/test\//);
      await shows(page, "$50.00");
      await press(page, "Approve test payment");
      await arrivedAt(page, /\/thank-you-sacred-offering$/);
      await shows(page, "Thank you for your generous contribution!");

      await giveOnDonation(page, app.url, "zofia.turned@example.org", "Give $50 (test mode)");
      await arrivedAt(page, /\/payments\/test\//);
      await press(page, "Cancel and return");
      await arrivedAt(page, /\/donation\?payment=cancelled$/);
      await shows(page, "Payment Cancelled");
    });
  });

  it("a member's monthly offering: to the test approval page and back to their profile", async () => {
    await walking(firefox, 390, async (page) => {
      await signIn(page, member);
      await visit(page, `${app.url}/donation`);
      await (await element(page, 'input[name="frequency"][value="month"]')).evaluate((radio) =>
        (radio as HTMLInputElement).click(),
      );
      await giveOnDonation(page, app.url, "maya.firefox@example.org", "Give $50 every month (test mode)", false);
      await arrivedAt(page, /\/payments\/test\/TEST-SUB-/);
      await press(page, "Approve test subscription");
      await arrivedAt(page, /\/profile\?done=recurring-started#recurring$/);
      await shows(page, "Your recurring offering is set up.");
    });
  });

  it("hands a gift and a booking to PayPal's approval page, on another origin, as navigations of their own", async () => {
    const paypal = await startPaypalStandIn();
    const paid = await startTestingAppProcess({ ...paypalSettings(paypal.url) });
    try {
      await walking(firefox, 390, async (page) => {
        await visit(page, `${paid.url}/donation`);
        await fill(page, '[name="amount"]', "50");
        await fill(page, '[name="donorName"]', "Zofia Wiśniewska");
        await fill(page, '[name="email"]', "zofia@example.org");
        await press(page, "Give $50 with PayPal");
        await arrivedAt(page, new RegExp(`^${paypal.url}/checkoutnow\\?token=[A-Z0-9]{17}$`));
        // And back, as PayPal sends the payer: a navigation of the browser's own to our return page.
        await visit(page, approvedAtPaypal(paypal, page.url()));
        await arrivedAt(page, /\/thank-you-sacred-offering$/);
        await shows(page, "Thank you for your generous contribution!");
      });
      // The booking dialog's payment too: posted by the browser, which follows the 303 to PayPal.
      await walking(firefox, 390, async (page) => {
        await visit(page, `${paid.url}/start-your-journey#offer-preparation`);
        await (await element(page, '[name="agreement"]')).click();
        await press(page, "Book Preparation Session");
        await (await element(page, '[role="dialog"] [data-day]:not([disabled])')).click();
        await press(page, "AM", '[role="dialog"]');
        await fill(page, '[role="dialog"] [name="fullName"]', "Zofia Wiśniewska");
        await fill(page, '[role="dialog"] [name="email"]', "zofia.paypal@example.org");
        await press(page, "Confirm and Pay $600", '[role="dialog"]');
        await arrivedAt(page, new RegExp(`^${paypal.url}/checkoutnow\\?token=[A-Z0-9]{17}$`));
        await visit(page, approvedAtPaypal(paypal, page.url()));
        await arrivedAt(page, /\/booking-confirmed/);
        await shows(page, "Your session is booked");
      });
    } finally {
      await paid.stop();
      await paypal.close();
    }
  });

  it("books a preparation session in the dialog and pays in the test checkout", async () => {
    await walking(firefox, 390, async (page) => {
      await visit(page, `${app.url}/start-your-journey#offer-preparation`);
      await (await element(page, '[name="agreement"]')).click();
      await press(page, "Book Preparation Session");
      await (await element(page, '[role="dialog"] [data-day]:not([disabled])')).click();
      await press(page, "AM", '[role="dialog"]');
      await fill(page, '[role="dialog"] [name="fullName"]', "Zofia Wiśniewska");
      await fill(page, '[role="dialog"] [name="email"]', "zofia.booking@example.org");
      await fill(page, '[data-card="number"]', "4242424242424242");
      await fill(page, '[data-card="name"]', "zofia wisniewska");
      await fill(page, '[data-card="expiry"]', "1230");
      await fill(page, '[data-card="cvv"]', "123");
      await fill(page, '[data-card="zip"]', "87501");
      await press(page, "Confirm and Pay $600", '[role="dialog"]');
      await shows(page, "Your session is booked");
    });
  });

  it("a member signs in, writes, edits and deletes a journal entry, and saves a setting", async () => {
    await walking(firefox, 390, async (page) => {
      await signIn(page, member);
      await visit(page, `${app.url}/journals`);
      await fill(page, "#create-title", "Świt po kręgu 黎明");
      await fill(page, "#create-content", "The drum still echoes; I feel held and unhurried.");
      await press(page, "Save Sacred Entry");
      await shows(page, "Sacred Entry Saved");
      await press(page, "Świt po kręgu 黎明");
      await arrivedAt(page, /\/journals\/[^/?]+$/);
      await press(page, "Edit");
      await fill(page, "#update-title", "Świt po kręgu bębnów");
      await press(page, "Save Changes");
      await arrivedAt(page, /\?done=saved$/);
      await shows(page, "Świt po kręgu bębnów");
      await press(page, "Delete this entry");
      await press(page, "Delete for good");
      await arrivedAt(page, /\/journals\?done=deleted$/);

      await visit(page, `${app.url}/profile`);
      await page.select('select[name="timezone"]', "Europe/Warsaw");
      await press(page, "Save Settings");
      await arrivedAt(page, /\/profile\?done=settings/);
      await shows(page, "Your settings are saved.");
    });
  });

  it("a keeper turns on two-factor and reads the console's requests", async () => {
    await walking(firefox, 1280, async (page) => {
      await signIn(page, keeper);
      await visit(page, `${app.url}/console/two-factor`);
      await fill(page, "#password", keeper.password);
      await press(page, "Begin");
      const secret = await (await element(page, "code")).evaluate((code) => code.textContent?.trim() ?? "");
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      // As a person does while their app reads the secret: the page finishes reloading its data first
      // (sending the code at once would cut that reload off, which Firefox reports).
      await page.waitForNetworkIdle({ idleTime: 700 });
      await fill(page, "#code", await unusedTotp(secret));
      await press(page, "Turn On Two-Factor");
      await arrivedAt(page, /\/console$/);
      await visit(page, `${app.url}/console/requests`);
      await shows(page, "Access requests");
    });
  });

  it("without JavaScript: a request for access and a gift land where they should", async () => {
    await walking(noScript, 390, async (page) => {
      await visit(page, `${app.url}/request-access`, false);
      await fill(page, "#name", "Zofia Bez Skryptu");
      await fill(page, "#email", "zofia.noscript@example.org");
      await fill(page, "#reason", "To prepare with care, in community, before a first ceremony.");
      const received = await post(page, "Request Access");
      expect(received?.url()).toMatch(/\/request-access\?done=received$/);

      await visit(page, `${app.url}/donation`, false);
      await fill(page, '[name="amount"]', "40");
      await fill(page, '[name="donorName"]', "Zofia Bez Skryptu");
      await fill(page, '[name="email"]', "zofia.noscript@example.org");
      const payment = await post(page, "Continue to payment (test mode)");
      expect(payment?.url()).toMatch(/\/payments\/test\//);
      await shows(page, "$40.00");
    });
  });
});
