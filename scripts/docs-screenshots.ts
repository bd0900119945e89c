// npm run docs:screenshots: the keepers' handbook's pictures (docs/keepers/images/), taken at 1280 px
// from the production build with the demo accounts, so a changed screen changes its picture.
//
// It starts the app on a fresh PGlite directory (tests/support/app-process.ts), writes a little of
// what a keeper's day holds the way people do (a contact message with crisis words and a plain one,
// an access request, a member's share, a circle, a newsletter draft, a gift given in person), signs
// the demo keeper and admin in with two-factor, and photographs each page the handbook shows. Names
// and words are fixed; dates and the two-factor secret change from run to run, little else.
import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../app/modules/accounts/seed.server";
import { type AppProcess, startTestingAppProcess } from "../tests/support/app-process";
import { unusedTotp } from "../tests/support/totp";

const OUT = path.resolve("docs/keepers/images");
const WIDTH = 1280;
/** The tallest picture: a long page is cut here (the handbook shows the top of it). */
const MAX_HEIGHT = 1100;
const CONTEXT = {
  viewport: { width: WIDTH, height: 800 },
  timezoneId: "America/New_York",
  locale: "en-US",
  reducedMotion: "reduce",
  colorScheme: "dark",
} as const;

const account = (role: "member" | "keeper" | "admin") => {
  const found = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!found) throw new Error(`no demo ${role}`);
  return found;
};

const taken: string[] = [];

/** A picture of the page from `from` (the top, or an element's top), at most MAX_HEIGHT tall. */
async function shot(page: Page, name: string, from?: Locator, height = MAX_HEIGHT) {
  await page.evaluate(() => document.fonts.ready);
  // Toasts and focus rings are of the moment, not of the screen.
  await page.addStyleTag({ content: "[data-sonner-toaster]{display:none!important} *:focus{outline:none!important}" });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  // An element's box is measured from the window, which may be scrolled: the page's own top is what the clip takes.
  const box = from ? await from.boundingBox() : null;
  const scrolled = await page.evaluate(() => window.scrollY);
  const y = box ? Math.max(0, Math.floor(box.y + scrolled) - 24) : 0;
  // Back to the top, so the site's sticky header sits above the picture, not across it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const clip = { x: 0, y, width: WIDTH, height: Math.min(height, full - y) };
  // JPEG: the console's dark gradients make a PNG of a screen 300 KB; at this quality the words stay sharp.
  const options = { fullPage: true, clip, animations: "disabled", caret: "hide", type: "jpeg", quality: 82 } as const;
  await page.screenshot({ path: path.join(OUT, name), ...options });
  taken.push(name);
  process.stdout.write(`  ${name}\n`);
}

/**
 * Once React Router's scripts have left the body the page is hydrated (tests/support/browser.ts):
 * typing before that is undone by hydration, and a button that needs the typed words stays disabled.
 */
async function goto(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () => !document.querySelector('script[type="text/x-deferred-module"], body script[type="module"]'),
  );
  await page.waitForLoadState("networkidle");
}

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await goto(page, url);
  return page;
}

async function signIn(browser: Browser, base: string, who: { username: string; password: string }) {
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  await goto(page, `${base}/sacred-access`);
  await page.getByLabel("Email or username").fill(who.username);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Enter the Sacred Realm" }).click();
  return { context, page };
}

/** Staff: password, then two-factor turned on at /console/two-factor (pictured once, for the keeper). */
async function staffSignIn(
  browser: Browser,
  base: string,
  who: { username: string; password: string },
  picture: boolean,
) {
  const { context, page } = await signIn(browser, base, who);
  await page.waitForURL(/\/dashboard$/);
  await goto(page, `${base}/console/two-factor`);
  await page.getByLabel("Confirm your password to set up an authenticator app").fill(who.password);
  await page.getByRole("button", { name: "Begin" }).click();
  await page.getByRole("button", { name: "Turn On Two-Factor" }).waitFor();
  if (picture) await shot(page, "signing-in-turn-on-two-factor.jpg");
  const secret = ((await page.locator("code").first().textContent()) ?? "").trim();
  await page.getByLabel("Enter the six-digit code your app shows now.").fill(await unusedTotp(secret));
  await page.getByRole("button", { name: "Turn On Two-Factor" }).click();
  await page.waitForURL(`${base}/console`);
  await page.close();
  return { context, secret };
}

/** What a keeper's day holds, written as people write it. */
async function writeTheDay(browser: Browser, base: string) {
  const visitor = await browser.newContext(CONTEXT);
  const contact = await open(visitor, `${base}/contact`);
  await contact.getByLabel("Full name").fill("Jordan Lee");
  await contact.getByLabel("Email").fill("jordan@example.org");
  await contact
    .getByLabel("Message")
    .fill("Since the ceremony I can't go on like this. I don't know who else to tell. Can someone call me?");
  await contact.getByRole("button", { name: "Send Message" }).click();
  const crisisBox = contact.getByText("If you are in danger or thinking of harming yourself", { exact: false });
  await crisisBox.waitFor();
  await shot(contact, "hard-moments-crisis-lines.jpg", crisisBox, 700);
  await contact.close();

  const second = await open(visitor, `${base}/contact`);
  await second.getByLabel("Full name").fill("Sam Ortiz");
  await second.getByLabel("Email").fill("sam@example.org");
  await second.getByLabel("Message").fill("When is the next integration circle, and may a friend come with me?");
  await second.getByRole("button", { name: "Send Message" }).click();
  await second.getByRole("button", { name: "Message Sent" }).waitFor();
  await second.close();

  const request = await open(visitor, `${base}/request-access`);
  await request.getByLabel("Your name").fill("Rowan Hale");
  await request.getByLabel("Email").fill("rowan@example.org");
  await request
    .getByLabel("Why do you seek access?")
    .fill("A friend in the congregation told me of the integration circles; I want to walk this path with care.");
  await request.getByRole("button", { name: "Request Access" }).click();
  await request.getByText("Request Submitted").first().waitFor();
  await visitor.close();

  const member = await signIn(browser, base, account("member"));
  await member.page.waitForURL(/\/dashboard$/);
  await goto(member.page, `${base}/integration?mode=facilitated`);
  await member.page
    .getByLabel("What would you like to share?")
    .fill(
      "Three weeks since the ceremony. The grief came back this week, softer, but I would like to talk it through.",
    );
  await member.page.getByRole("button", { name: "Share with Facilitator" }).click();
  await member.page.getByText("Your reflection has been shared with your trusted facilitator.").first().waitFor();
  await member.context.close();
}

/** Two weeks ahead at 18:00: a circle's date that is always in the future. */
function circleDay(): string {
  const day = new Date(Date.now() + 14 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

async function keeperPages(keeper: BrowserContext, base: string) {
  const overview = await open(keeper, `${base}/console`);
  await shot(overview, "overview.jpg");
  await overview.close();

  const inbox = await open(keeper, `${base}/console/inbox`);
  await shot(inbox, "inbox.jpg", undefined, 800);
  await inbox.getByRole("link", { name: /Jordan Lee/ }).click();
  await inbox.getByRole("button", { name: "Send Reply" }).waitFor();
  await shot(inbox, "inbox-urgent-message.jpg");
  await inbox.close();

  const shares = await open(keeper, `${base}/console/shares`);
  await shot(shares, "shares.jpg", undefined, 800);
  await shares
    .getByRole("link", { name: /Maya Rivers/ })
    .first()
    .click();
  await shares.getByRole("button", { name: "Take This Conversation" }).waitFor();
  await shot(shares, "share.jpg");
  await shares.close();

  const followUps = await open(keeper, `${base}/console/follow-ups`);
  await shot(followUps, "follow-ups.jpg", undefined, 800);
  await followUps.close();

  const circles = await open(keeper, `${base}/console/circles`);
  await circles.getByLabel("Title").fill("New moon integration circle");
  await circles
    .getByLabel("Description")
    .fill("An hour together online: a short grounding, then each person may speak of what stays with them.");
  await circles.getByLabel("Date").fill(circleDay());
  await circles.getByLabel("Time").fill("18:00");
  await circles.getByLabel("Length in minutes").fill("60");
  await circles.getByLabel("Places", { exact: true }).fill("8");
  await circles.getByLabel("Video link").fill("https://meet.example.org/new-moon");
  await circles.getByRole("button", { name: "Schedule Circle" }).click();
  await circles.getByRole("link", { name: "New moon integration circle" }).waitFor();
  await goto(circles, `${base}/console/circles`);
  await shot(circles, "circles.jpg");
  await circles.close();

  const ceremonies = await open(keeper, `${base}/console/ceremonies`);
  await ceremonies.getByLabel("Place", { exact: true }).fill("The Cedar House, 14 Canyon Road, Santa Fe");
  await ceremonies.getByLabel("Date").fill(circleDay());
  await ceremonies.getByLabel("Begins").fill("09:00");
  await ceremonies.getByLabel("Ends").fill("17:30");
  await ceremonies.getByLabel("Places", { exact: true }).fill("6");
  await ceremonies.getByRole("checkbox").first().check();
  await ceremonies.getByRole("button", { name: "Schedule Ceremony Day" }).click();
  await ceremonies.getByText("Ceremony day scheduled").first().waitFor();
  await goto(ceremonies, `${base}/console/ceremonies`);
  await shot(ceremonies, "ceremonies.jpg");
  await ceremonies.close();

  const requests = await open(keeper, `${base}/console/requests`);
  await shot(requests, "access-requests.jpg", undefined, 700);
  await requests.getByRole("link", { name: "Rowan Hale" }).click();
  await requests.getByRole("button", { name: "Approve and send invitation" }).waitFor();
  await shot(requests, "access-request.jpg");
  await requests.close();

  for (const [url, name] of [
    ["/console/applications", "applications.jpg"],
    ["/console/bookings", "bookings.jpg"],
    ["/console/quiz", "quiz.jpg"],
    ["/console/members", "members.jpg"],
  ] as const) {
    const page = await open(keeper, `${base}${url}`);
    await shot(page, name, undefined, 800);
    await page.close();
  }

  const write = await open(keeper, `${base}/console/newsletter/new`);
  await write.getByLabel("Subject").fill("Letters from the Temple: the new moon");
  await write
    .getByLabel("Body")
    .fill(
      "## This month\n\nAn integration circle meets online at the new moon. Sign up from your calendar.\n\n- Bring water and a notebook\n- Come as you are\n\nWith care,\nthe Temple Keepers",
    );
  await write.getByRole("button", { name: "Save and preview" }).click();
  await write.getByRole("button", { name: "Send me a test" }).waitFor();
  await write.reload();
  await shot(write, "newsletter-issue.jpg", write.getByRole("heading", { name: "Preview" }));
  await write.close();

  const newsletter = await open(keeper, `${base}/console/newsletter`);
  await shot(newsletter, "newsletter.jpg", undefined, 800);
  await newsletter.close();
}

async function adminPages(admin: BrowserContext, base: string) {
  const members = await open(admin, `${base}/console/members`);
  await members.getByRole("link", { name: "Elena Keeper" }).click();
  await members.getByRole("button", { name: "Reset Two-Factor" }).waitFor();
  await shot(members, "member-admin.jpg", undefined, 1000);
  await members.close();

  const giving = await open(admin, `${base}/console/giving`);
  await giving.getByLabel("Donor's name").fill("Ruth Alder");
  await giving.getByLabel("Donor's email").fill("ruth@example.org");
  await giving.getByLabel("Amount in dollars").fill("120");
  await giving.getByLabel("Given on").fill(new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }));
  await giving.getByLabel("Cheque", { exact: true }).check();
  await giving.getByLabel("Cheque number").fill("1047");
  await giving.getByRole("button", { name: "Record Gift" }).click();
  await giving.getByRole("cell", { name: "Cheque no. 1047" }).waitFor();
  await goto(giving, `${base}/console/giving`);
  await shot(giving, "giving.jpg", undefined, 800);
  await shot(giving, "giving-record.jpg", giving.getByRole("heading", { name: "Record a gift given in person" }), 900);
  await giving.close();

  for (const [url, name] of [
    ["/console/outbox", "outbox.jpg"],
    ["/console/audit", "audit-log.jpg"],
  ] as const) {
    const page = await open(admin, `${base}${url}`);
    await shot(page, name, undefined, 800);
    await page.close();
  }
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  for (const old of fs.readdirSync(OUT)) if (/\.(png|jpg)$/.test(old)) fs.rmSync(path.join(OUT, old));
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  try {
    app = await startTestingAppProcess();
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium" });
    const base = app.url;
    process.stdout.write(`App at ${base}; pictures into ${path.relative(process.cwd(), OUT)}/\n`);
    await writeTheDay(browser, base);

    const keeper = await staffSignIn(browser, base, account("keeper"), true);
    // The second sign-in's question: the code, once two-factor is on.
    const again = await signIn(browser, base, account("keeper"));
    await again.page.waitForURL(/\/sacred-access\/two-factor/);
    await shot(again.page, "signing-in-code.jpg", undefined, 800);
    await again.context.close();
    await keeperPages(keeper.context, base);

    const admin = await staffSignIn(browser, base, account("admin"), false);
    await adminPages(admin.context, base);
  } finally {
    await browser?.close();
    await app?.stop();
  }
  const bytes = taken.reduce((sum, name) => sum + fs.statSync(path.join(OUT, name)).size, 0);
  process.stdout.write(`${taken.length} pictures, ${(bytes / 1024).toFixed(0)} KiB in all.\n`);
}

await main();
