import { desc, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRequests, contactMessages, facilitatorShares, journalEntries } from "../../db/schema";
import { createAccount, type TestAccount } from "../support/accounts";
import { launchBrowser } from "../support/browser";
import { enrolTwoFactor, signInPage } from "../support/browser-accounts";
import { expectNoSecretsInLogs, type LoggedServer, rememberSecret, startLoggedServer } from "../support/logged-server";

/**
 * DESIGN.md "Security bar": user text is rendered as text. Script-like text goes in through the
 * real forms (and the same session's requests), then every page that shows it is opened by a
 * browser, as the member and as an admin in the console. A payload that ran would set
 * window.__xss or open a dialog.
 */
const PAYLOAD = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2;alert(2)">"><svg onload="window.__xss=3">`;

describe("stored script-like text in a real browser", () => {
  let server: LoggedServer;
  let browser: Browser;
  let member: TestAccount;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startLoggedServer("pglite", { PAYMENT_PROVIDER: "test" });
    browser = await launchBrowser();
    member = await createAccount(server, "member", "Mira Member");
    rememberSecret(member.password);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  /** A page that records dialogs and page errors (a script that ran can show up in either). */
  async function openPage() {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    return { page, dialogs };
  }

  async function expectInert(page: Page, dialogs: string[], path: string) {
    await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss), `${path}: a payload ran`).toBeUndefined();
    expect(dialogs, `${path}: a dialog opened`).toEqual([]);
    // Shown, as text: the page really renders the stored value.
    expect(await page.getByText("window.__xss=1").count(), `${path} shows the text`).toBeGreaterThan(0);
  }

  it("runs none of it, on member pages and in the console", async () => {
    const { page, dialogs } = await openPage();
    await signInPage(page, server.url, member.username, member.password);
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(`${server.url}/journals`, { waitUntil: "networkidle" });
    await page.locator("#create-title").fill(PAYLOAD.slice(0, 100));
    await page.locator("#create-content").fill(PAYLOAD);
    await page.getByRole("button", { name: "Save Sacred Entry" }).click();
    await expect.poll(async () => (await server.database.db.select().from(journalEntries)).length).toBe(1);
    const [entry] = await server.database.db.select().from(journalEntries).where(eq(journalEntries.userId, member.id));

    await page.goto(`${server.url}/integration`, { waitUntil: "networkidle" });
    await page.locator("#session-title").fill(PAYLOAD.slice(0, 200));
    await page.locator("#session-reflection").fill(PAYLOAD);
    await page.getByRole("button", { name: "Save Session" }).click();
    await expect.poll(() => page.getByText("window.__xss=1").count()).toBeGreaterThan(0);

    // The chat and the facilitator share, posted by this page's own session as their widgets do.
    const widgets: Array<Record<string, string>> = [
      { intent: "message", message: PAYLOAD },
      { intent: "share", kind: "share", content: PAYLOAD },
    ];
    for (const form of widgets) {
      const path = form.intent === "message" ? "/spirit-companion" : "/integration";
      const res = await page.request.post(`${server.url}${path}`, { form, headers: { Origin: server.url } });
      expect(res.status(), path).toBe(200);
    }

    for (const path of ["/journals", `/journals/${entry?.id}`, "/integration", "/spirit-companion"]) {
      await expectInert(page, dialogs, path);
    }

    // A visitor's access request, through the public form.
    const visitor = await openPage();
    await visitor.page.goto(`${server.url}/request-access`, { waitUntil: "networkidle" });
    await visitor.page.locator("#name").fill(PAYLOAD.slice(0, 100));
    await visitor.page.locator("#email").fill("xss-seeker@example.org");
    await visitor.page.locator("#reason").fill(PAYLOAD);
    await visitor.page.getByRole("button", { name: "Request Access" }).click();
    await expect.poll(async () => (await server.database.db.select().from(accessRequests)).length).toBe(1);
    // And a contact message, read in the console inbox.
    await visitor.page.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
    await visitor.page.getByLabel("Full name").fill(PAYLOAD.slice(0, 100));
    await visitor.page.getByLabel("Email").fill("xss-writer@example.org");
    await visitor.page.getByLabel("Message").fill(PAYLOAD);
    await visitor.page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(async () => (await server.database.db.select().from(contactMessages)).length).toBe(1);

    // An admin with two-factor, through the browser, reads all of it in the console.
    const admin = await createAccount(server, "admin", "Ada Admin");
    rememberSecret(admin.password);
    const staff = await openPage();
    await signInPage(staff.page, server.url, admin.username, admin.password);
    await staff.page.waitForURL(`${server.url}/dashboard`);
    await staff.page.goto(`${server.url}/console`);
    await staff.page.waitForURL(`${server.url}/console/two-factor`);
    rememberSecret(await enrolTwoFactor(staff.page, server.url, admin.password));
    const [request] = await server.database.db.select().from(accessRequests).orderBy(desc(accessRequests.id));
    const [share] = await server.database.db.select().from(facilitatorShares);
    const [message] = await server.database.db.select().from(contactMessages);
    // A newsletter issue with the payload in its subject and its Markdown body: previewed, never run.
    await staff.page.goto(`${server.url}/console/newsletter/new`, { waitUntil: "networkidle" });
    await staff.page.getByLabel("Subject").fill(PAYLOAD.slice(0, 200));
    await staff.page.getByLabel("Body").fill(PAYLOAD);
    await staff.page.getByRole("button", { name: "Save and preview" }).click();
    await staff.page.waitForURL(/\/console\/newsletter\/\d+\?done=saved$/);
    const issuePath = new URL(staff.page.url()).pathname;
    for (const path of [
      "/console/newsletter",
      issuePath,
      "/console/requests",
      `/console/requests/${request?.id}`,
      `/console/shares/${share?.id}`,
      "/console/inbox",
      `/console/inbox/${message?.id}`,
    ]) {
      await expectInert(staff.page, staff.dialogs, path);
    }
  });

  // Was bug S4: /console/two-factor echoed a posted `qrSvg` field as markup, and the CSP allows every
  // inline script of a rendered page by hash. The page now draws the QR code from the secret itself.
  it("renders nothing posted to the two-factor enrolment page as markup (was S4)", async () => {
    const keeper = await createAccount(server, "keeper", "Kai Keeper");
    rememberSecret(keeper.password);
    const { page } = await openPage();
    await signInPage(page, server.url, keeper.username, keeper.password);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/console/two-factor`, { waitUntil: "networkidle" });
    // The page's own form, rebuilt with one more field, sent by a click (a same-origin POST).
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      const fields = { intent: "confirm", code: "000000", secret: "X", qrSvg: "<script>window.__xss=9</script>" };
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      const button = document.createElement("button");
      button.id = "send-forged";
      button.textContent = "Send";
      form.append(button);
      document.body.append(form);
    });
    const answered = page.waitForResponse((res) => res.request().method() === "POST");
    await page.locator("#send-forged").click();
    expect((await answered).status()).toBe(400);
    await page.waitForLoadState("networkidle");
    // The answer really is the enrolment page, rendered with what was posted.
    expect(page.url()).toBe(`${server.url}/console/two-factor`);
    expect(await page.locator("#send-forged").count()).toBe(0);
    const ran = await page.evaluate(() => (window as { __xss?: number }).__xss);
    expect(ran).toBeUndefined();
  });

  it("logs no password, token, cookie or sensitive text", () => expectNoSecretsInLogs());
});
