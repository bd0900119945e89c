import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { facilitatorShares, followUps, journalEntries } from "../../db/schema";
import {
  createMembers,
  createScratchDatabase,
  type Member,
  openScratch,
  POSTGRES_URL,
  postgresNote,
  type ScratchDatabase,
  waitFor,
} from "../reliability/support/env";
import { journalForm, read, send, signInAt } from "../reliability/support/http";
import { startTcpProxy, type TcpProxy } from "../reliability/support/tcp-proxy";
import { type AppProcess, freePort, startAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { hydratedPage, signInPage, staffSession } from "../support/browser-accounts";
import {
  byLabel,
  contactWalk,
  expectKept,
  fillAndSend,
  followUpWalk,
  journalEditWalk,
  line,
  type Walk,
  words,
  writtenForms,
} from "../support/written-forms";

/*
 * Issue 45, finding 6: a save that fails, for any reason, leaves everything the person wrote on
 * the page. Every form that takes more than a line of text is walked with JavaScript on while
 * PostgreSQL is cut off (the app's connections go through a proxy the test cuts, as in
 * tests/reliability/database-down.test.ts): the session lookup of the member area and the
 * console fails too, so no route's action runs; and one without JavaScript. Then one form each
 * with the connection dropped mid-submit, a 500 that is not the app's own answer, refused with a
 * 429 (too many) and with a 409 (answered already elsewhere).
 *
 * Only PostgreSQL: the embedded database lives inside the app process and cannot be cut off.
 */

let scratch: ScratchDatabase;
let database: Database;
let member: Member;
let keeperAccount: Member;
let proxy: TcpProxy;
let app: AppProcess;
let browser: Browser;
let memberContext: BrowserContext;
let keeperContext: BrowserContext;
let entryId = "";
let shareId = 0;
const followUpIds: number[] = [];

beforeAll(async () => {
  if (!POSTGRES_URL) return;
  scratch = await createScratchDatabase();
  database = await openScratch(scratch.url);
  [member] = (await createMembers(database, 1)) as [Member];
  [keeperAccount] = (await createMembers(database, 1, "keeper")) as [Member];
  // Two check-ins due (as the scheduled job leaves them): one for the outage, one answered twice (409).
  const due = new Date(Date.now() - 86_400_000);
  const rows = await database.db
    .insert(followUps)
    .values([
      // Both from two weeks on: the WHO-5 (the walk chooses its answers).
      { userId: member.id, days: 14, dueAt: due, invitedAt: due },
      { userId: member.id, days: 90, dueAt: due, invitedAt: due },
    ])
    .returning({ id: followUps.id });
  followUpIds.push(...rows.map((r) => r.id));

  const target = new URL(scratch.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(scratch.url);
  viaProxy.port = String(proxy.port);
  app = await startAppProcess({ DATABASE_URL: viaProxy.href, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });

  // An entry to edit and a conversation to write in, made as the member's forms make them.
  const cookie = await signInAt(app, member.username, member.password);
  expect(
    (await send(app, "/journals", journalForm("To be edited", "An entry the outage will try to edit."), { cookie }))
      .status,
  ).toBe(303);
  const shared = await send(
    app,
    "/integration",
    { intent: "share", kind: "message", content: "A first word to the keepers." },
    { cookie },
  );
  expect(shared.status).toBe(303);
  entryId = (await database.db.select().from(journalEntries).where(eq(journalEntries.userId, member.id)))[0]?.id ?? "";
  shareId =
    (await database.db.select().from(facilitatorShares).where(eq(facilitatorShares.userId, member.id)))[0]?.id ?? 0;

  browser = await launchBrowser();
  memberContext = await browser.newContext();
  const signIn = await memberContext.newPage();
  await signInPage(signIn, app.url, member.username, member.password);
  await signIn.waitForURL(`${app.url}/dashboard`);
  await signIn.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop("SIGKILL");
  await proxy?.close();
  await database?.close();
  await scratch?.drop();
});

describe.skipIf(!POSTGRES_URL)(`a failed save keeps everything written${postgresNote}`, () => {
  it("with the database cut off, every form shows its notice and keeps its text, with and without JavaScript", async () => {
    // The keeper signs in with two-factor (enrolled on the way, which polls: inside a test).
    keeperContext = await browser.newContext({ storageState: await staffSession(browser, app.url, keeperAccount) });
    const all = writtenForms({ entryId, shareId, followUpId: followUpIds[0] ?? 0 });
    const contextOf = (walk: Walk) => (walk.as === "keeper" ? keeperContext : memberContext);
    // Every page is opened while the database answers: during the outage no page can load.
    const pages: Page[] = [];
    for (const walk of all) pages.push(await hydratedPage(contextOf(walk), `${app.url}${walk.path}`));
    const withoutJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await memberContext.storageState(),
    });
    const plain = await withoutJs.newPage();
    await plain.goto(`${app.url}/journals`);
    await proxy.cut();
    try {
      expect((await read(app, "/readyz")).status).toBe(503);
      for (const [i, walk] of all.entries()) {
        const page = pages[i] as Page;
        await expectKept(page, walk, await fillAndSend(page, walk));
        await page.close();
      }

      // Without JavaScript the post lands on the outage page, and the journal page it came from
      // cannot be loaded again (a member's page is never kept by the browser): the outage page
      // gives back what was written, to copy.
      const title = line("bez skryptu");
      const content = words("no script");
      await byLabel(plain, "Title").fill(title);
      await byLabel(plain, "Your reflection").fill(content);
      await plain.getByRole("button", { name: "Save Sacred Entry" }).click();
      await plain.getByRole("heading", { name: "We will be back in a moment" }).waitFor();
      expect(await plain.getByRole("textbox", { name: "What you wrote (1)" }).inputValue()).toBe(title);
      expect(await plain.getByRole("textbox", { name: "What you wrote (2)" }).inputValue()).toBe(content);
      expect(await plain.getByRole("textbox").count(), "only what was written: no choices, no key").toBe(2);
    } finally {
      await proxy.restore();
      await waitFor("/readyz to pass again", async () => (await read(app, "/readyz")).status === 200, 30_000);
      await withoutJs.close();
    }
  });

  it("with the connection dropped mid-submit, a 500, a 429 and a 409, the text stays too", async () => {
    // Dropped on the way: the journal entry's edit.
    const journalEdit = journalEditWalk(entryId);
    const dropped = await hydratedPage(memberContext, `${app.url}${journalEdit.path}`);
    await dropped.route("**/*.data**", (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
    );
    await expectKept(dropped, journalEdit, await fillAndSend(dropped, journalEdit));
    await dropped.close();

    // A server error that is not the app's own answer (a proxy's 500 page): the integration session.
    const session = writtenForms({ entryId, shareId, followUpId: 0 })[2] as Walk;
    const failing = await hydratedPage(memberContext, `${app.url}${session.path}`);
    await failing.route("**/*.data**", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" })
        : route.continue(),
    );
    await expectKept(failing, session, await fillAndSend(failing, session));
    await failing.close();

    // Too many: the contact form's hourly budget for this address is spent.
    const contact = contactWalk();
    for (let i = 0; i < 6; i++) {
      const res = await send(app, "/contact", { name: "Spent", email: "spent@example.org", message: `Spent ${i}.` });
      await res.arrayBuffer();
    }
    const limited = await hydratedPage(memberContext, `${app.url}${contact.path}`);
    const tooMany = { ...contact, notice: "Please wait an hour before writing again." };
    await expectKept(limited, tooMany, await fillAndSend(limited, contact));
    await limited.close();

    // Answered already, in another tab: the second answer is refused with a 409.
    const twice = { ...followUpWalk(followUpIds[1] ?? 0), notice: "You have answered this check-in already." };
    const first = await hydratedPage(memberContext, `${app.url}${twice.path}`);
    const other = await hydratedPage(memberContext, `${app.url}${twice.path}`);
    await fillAndSend(other, twice);
    await expect
      .poll(() =>
        other
          .getByText(/^You answered on /)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await other.close();
    await expectKept(first, twice, await fillAndSend(first, twice));
    await first.close();
  });
});
