// The first administrator of a fresh production install, as an operator and that person do it:
// `npm run create-admin` on an empty database, the printed link opened in Chromium, a username and
// password, two-factor enrolment, the console. On the embedded database and on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, freePort, productionSettings, startAppProcess } from "../support/app-process";
import { launchBrowser } from "../support/browser";
import { enrolTwoFactor, mailMatching } from "../support/browser-accounts";
import { printedLink, runCreateAdmin, scratchPostgres } from "../support/create-admin";
import { backends } from "../support/database";
import { startSmtpServer } from "../support/smtp";

let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await browser?.close();
  await smtp?.close();
});

it("refuses bad arguments with the usage and a non-zero exit", async () => {
  const result = await runCreateAdmin(["--email", "not-an-address", "--name", "Ada Quill"], { NODE_ENV: "test" });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain("--email: Please enter a valid email address");
  expect(result.stderr).toContain('Usage: npm run create-admin -- --email <address> --name "<name>"');
});

for (const backend of backends) {
  describe(`the first administrator of a fresh ${backend} install`, () => {
    const email = `first-admin-${backend}@example.org`;
    const password = "lantern-over-still-water";
    let siteUrl: string;
    let port: number;
    let target: Record<string, string>;
    let cleanup = async () => {};
    let app: AppProcess | undefined;
    let page: Page;
    let firstLink: string;

    const command = () =>
      runCreateAdmin(["--email", email, "--name", "Ada Quill"], { ...productionSettings(siteUrl), ...target });
    const serve = async () => {
      app = await startAppProcess({
        ...target,
        PORT: String(port),
        SITE_URL: siteUrl,
        SMTP_URL: smtp.url,
        MAIL_WORKER_INTERVAL_MS: "100",
      });
    };

    beforeAll(async () => {
      port = await freePort();
      siteUrl = `http://127.0.0.1:${port}`;
      if (backend === "pglite") {
        target = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "sacred-first-admin-")) };
      } else {
        const scratch = await scratchPostgres();
        target = { DATABASE_URL: scratch.url };
        cleanup = scratch.drop;
      }
      page = await (await browser.newContext()).newPage();
    });
    afterAll(async () => {
      await page?.context().close();
      await app?.stop();
      await cleanup();
    });

    it("command -> link (printed and mailed) -> username and password -> two-factor enrolment -> console", async () => {
      const created = await command();
      expect(created.status, created.stderr).toBe(0);
      firstLink = printedLink(created.stdout);
      expect(firstLink.startsWith(`${siteUrl}/welcome/`)).toBe(true);

      await serve();
      // The queued email carries the same link.
      expect(await mailMatching(smtp, email, /\/welcome\//)).toContain(firstLink);

      await page.goto(firstLink);
      await expect.poll(() => page.getByRole("heading", { name: "Set up the console" }).isVisible()).toBe(true);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Password, once more").fill(password);
      await page.getByRole("button", { name: "Set Up the Console" }).click();
      await page.waitForURL(`${siteUrl}/console/two-factor`);
      await enrolTwoFactor(page, siteUrl, password);
      await expect.poll(() => page.getByRole("heading", { name: "Welcome, Ada Quill" }).isVisible()).toBe(true);
    });

    it("run again: a fresh link, the old one dead, still one account", async () => {
      // The embedded database serves one process: stop the server for the command, as the README says.
      if (backend === "pglite") await app?.stop();
      const again = await command();
      expect(again.status, again.stderr).toBe(0);
      const fresh = printedLink(again.stdout);
      expect(fresh).not.toBe(firstLink);
      if (backend === "pglite") await serve();

      await page.goto(`${siteUrl}/console`);
      const accounts = page.getByRole("link", { name: /Accounts/ });
      await expect.poll(() => accounts.textContent()).toBe("1Accounts");

      const visitor = await (await browser.newContext()).newPage();
      try {
        await visitor.goto(firstLink);
        await expect
          .poll(() => visitor.getByRole("heading", { name: "This invitation has expired" }).isVisible())
          .toBe(true);
        await visitor.goto(fresh);
        await expect.poll(() => visitor.getByRole("heading", { name: "Set up the console" }).isVisible()).toBe(true);
      } finally {
        await visitor.context().close();
      }
    });
  });
}
