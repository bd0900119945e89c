import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, clockIn, dayIn } from "../../app/lib/dates";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "../../app/modules/accounts/seed.server";
import { CLIENT_QUESTIONS } from "../../app/modules/ceremonies/documents";
import { applications, users } from "../../db/schema";
import { type AppProcess, startTestingAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signedInContexts, staffSession } from "../support/browser-accounts";
import { OTHER_DOCUMENTS } from "../support/ceremonies";

/*
 * Issue 49 as its people walk it: a keeper schedules a ceremony day and invites the demo member,
 * whose application waits approved; the member, on a phone, accepts the place and signs the client
 * information form with JavaScript (a question left unanswered says so first), downloads the PDF,
 * then signs and withdraws another document without JavaScript; with the packet signed, the keeper
 * records the preparation session held and confirms the place, which the member then sees.
 */

let app: AppProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
const member = DEMO_ACCOUNTS.find((a) => a.role === "member") as (typeof DEMO_ACCOUNTS)[number];
const keeperAccount = DEMO_ACCOUNTS.find((a) => a.role === "keeper") as (typeof DEMO_ACCOUNTS)[number];
const SHOTS = "test-results/ceremonies";

beforeAll(async () => {
  // The member's approved application, written before the app starts (PGlite is one process's).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-e2e-"));
  const { openPglite } = await import("../../db/client");
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    await database.migrate();
    await seedDemoAccounts(database.db, { production: false });
    const [account] = await database.db.select().from(users).where(eq(users.email, member.email));
    await database.db.insert(applications).values({
      id: randomUUID(),
      userId: account?.id ?? null,
      fullName: account?.name ?? "Member",
      email: member.email,
      age: 38,
      city: "Santa Fe",
      phone: "+15055550101",
      emergencyContact: "Jonas",
      emergencyPhone: "+15055550100",
      sealed: "not read here",
      flagCount: 0,
      status: "waitlisted",
    });
  } finally {
    await database.close();
  }
  app = await startTestingAppProcess({ DATA_DIR: dataDir, CEREMONIES: "open" });
  browser = await launchBrowser();
  ({ withJs, withoutJs } = await signedInContexts(browser, app.url, member));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible());

describe("a ceremony's readiness", () => {
  it("goes from the keeper's invitation to a signed packet, on a phone, with and without JavaScript", async () => {
    const keeper = await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    const desk = await hydratedPage(keeper, `${app.url}/console/ceremonies`);
    await desk.getByLabel("Place", { exact: true }).fill("The Cedar House, 14 Canyon Road, Santa Fe");
    await desk.getByLabel("Date").fill(addDays(dayIn(new Date(), "America/New_York"), 30));
    await desk.getByLabel("Begins").fill("09:00");
    await desk.getByLabel("Ends").fill("17:30");
    await desk.getByLabel("Places", { exact: true }).fill("4");
    await desk.getByRole("button", { name: "Schedule Ceremony Day" }).click();
    await visible(desk, "Choose at least one facilitator who leads the day").toBe(true);
    await desk.getByRole("checkbox").first().check();
    await desk.getByRole("button", { name: "Schedule Ceremony Day" }).click();
    // With JavaScript the keeper stays on the list: a toast, and the day in it.
    await visible(desk, "Ceremony day scheduled").toBe(true);
    await desk.getByRole("link", { name: / to 5:30 PM$/ }).click();
    await desk.waitForURL(/\/console\/ceremonies\/\d+$/);
    await desk.getByRole("button", { name: /^Invite / }).click();
    await visible(desk, /Invited: they see it on their ceremony page/).toBe(true);
    await expect.poll(() => desk.getByText("Packet: 0 of 6 signed").isVisible()).toBe(true);

    // The member, with JavaScript, on a phone.
    const page = await hydratedPage(withJs, `${app.url}/dashboard`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("link", { name: "See your place and your readiness packet" }).click();
    await page.waitForURL(`${app.url}/ceremony`);
    await page.getByRole("button", { name: "Accept This Place" }).click();
    await visible(page, "Your readiness packet: 0 of 6 signed").toBe(true);
    await page.getByRole("link", { name: "Client information form" }).click();
    await page.waitForURL(/\/ceremony\/\d+\/client-information$/);
    // The address changes before React draws the page (a transition): on a busy machine the old
    // page is still there, and listing its questions now would find none.
    await page.getByRole("heading", { level: 1, name: "Client information form" }).waitFor();
    // Every question answered "No" but the first (lithium), left unanswered.
    let answered = 0;
    for (const group of await page.getByRole("group").all()) {
      const no = group.getByRole("radio", { name: "No" });
      const name = (await group.locator("legend").textContent()) ?? "";
      if ((await no.count()) === 1 && !name.includes("lithium")) {
        await no.check();
        answered += 1;
      }
    }
    expect(answered).toBe(CLIENT_QUESTIONS.length - 1);
    await page.getByLabel("Sign by typing your full name").fill("Zofia Wiśniewska");
    await page.getByRole("button", { name: "Sign This Document" }).click();
    await visible(page, "Please answer yes or no").toBe(true);
    await page
      .getByRole("group", { name: /lithium/ })
      .getByRole("radio", { name: "No" })
      .check();
    await page.getByRole("button", { name: "Sign This Document" }).click();
    await visible(page, "Signed by typing the name Zofia Wiśniewska, version 2026-11-29.").toBe(true);
    const pdfUrl = `${page.url().split("?")[0]}/pdf`;
    const pdf = await page.request.get(pdfUrl);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/signed-390.png`, fullPage: true });
    await page.close();

    // Without JavaScript: the medicines, signed and withdrawn.
    const phone = await withoutJs.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${app.url}/ceremony`);
    await phone.getByRole("link", { name: "Medicines and medical devices" }).click();
    await phone.getByRole("button", { name: "Sign This Document" }).click();
    await visible(phone, "Please fill in this field").toBe(true);
    await phone.getByLabel(/Every medicine/).fill("Sertraline 50 mg each morning");
    await phone.getByLabel("Sign by typing your full name").fill("Zofia Wiśniewska");
    await phone.getByRole("button", { name: "Sign This Document" }).click();
    await visible(phone, "Your document is signed and kept sealed. You can download it as a PDF.").toBe(true);
    await phone.screenshot({ path: `${SHOTS}/medicines-390-no-js.png`, fullPage: true });
    await phone.getByRole("button", { name: "Withdraw This Document" }).click();
    await visible(phone, "The document is withdrawn. You can sign it again until the day.").toBe(true);
    await phone.goto(`${app.url}/ceremony`);
    await visible(phone, "Your readiness packet: 1 of 6 signed").toBe(true);
    await phone.close();

    // The keeper sees one document signed, and no flag (every answer was no).
    await desk.reload();
    await expect.poll(() => desk.getByText("Packet: 1 of 6 signed").isVisible()).toBe(true);

    // The member signs the other five (each form's own post, as the page sends it without JavaScript).
    const placeId = /\/ceremony\/(\d+)\//.exec(pdfUrl)?.[1];
    for (const [kind, fields] of OTHER_DOCUMENTS) {
      const signed = await withoutJs.request.post(`${app.url}/ceremony/${placeId}/${kind}`, {
        form: { intent: "sign", signature: "Zofia Wiśniewska", ...fields },
        headers: { Origin: app.url },
        maxRedirects: 0,
      });
      expect(signed.status(), kind).toBe(303);
    }
    // The keeper records the preparation session held an hour ago, then confirms the place.
    await desk.reload();
    const zone = "America/New_York";
    const hourAgo = new Date(Date.now() - 3_600_000);
    await desk.getByLabel("Preparation date").fill(dayIn(hourAgo, zone));
    await desk.getByLabel("Time", { exact: true }).fill(clockIn(hourAgo, zone));
    await desk.getByRole("button", { name: "Schedule Preparation" }).click();
    await visible(desk, "Preparation session scheduled").toBe(true);
    await desk.getByRole("button", { name: "I Led It: Mark Held" }).click();
    await visible(desk, "Preparation session marked held").toBe(true);
    await desk.getByRole("button", { name: "Confirm This Place" }).click();
    await visible(desk, "Place confirmed: the participant was told").toBe(true);
    await keeper.close();

    // The member, on the phone without JavaScript: the place is confirmed, the preparation held.
    const confirmed = await withoutJs.newPage();
    await confirmed.setViewportSize({ width: 390, height: 844 });
    await confirmed.goto(`${app.url}/ceremony`);
    await visible(confirmed, "Your place is confirmed.").toBe(true);
    await visible(confirmed, /Your preparation session: .+ \(held\)\./).toBe(true);
    await confirmed.screenshot({ path: `${SHOTS}/confirmed-390-no-js.png`, fullPage: true });
    await confirmed.close();
  });
});
