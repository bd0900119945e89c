import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resumeSends, sendIssue } from "../../app/modules/newsletter/newsletter-issues.server";
import { auditLog, mailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 15's newsletter, run from the console over HTTP: the subscriber list (filter, search, CSV),
 * writing an issue (server-checked, its Markdown rendered without any script typed into it), a test
 * to oneself, and the send: every confirmed subscriber once, each mail with its own one-click
 * unsubscribe, however often sending runs, with a record of who sent it, when and to how many.
 */
describeEachBackend("the newsletter in the console", (backend) => {
  let server: TestServer;
  let keeper: TestAccount;
  let cookie: string;
  let memberCookie: string;
  const db = () => server.database.db;
  const issueMails = (kind = "newsletter.issue") => db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
  const addSubscriber = (email: string, status: "pending" | "confirmed" | "unsubscribed") =>
    db()
      .insert(newsletterSubscribers)
      .values({ email, status, unsubscribeTokenHash: randomUUID(), confirmedAt: new Date() });
  const write = async (fields: Record<string, string>) => {
    const res = await post(server, "/console/newsletter/new", cookie, { _key: randomUUID(), ...fields });
    const id = Number(res.headers.get("location")?.match(/\/console\/newsletter\/(\d+)\?done=saved$/)?.[1]);
    return { res, id };
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie } = await signInStaff(server, keeper));
    const member = await createAccount(server, "member", "Maya Rivers");
    ({ cookie: memberCookie } = await signIn(server, member.username, member.password));
  });
  afterAll(() => server.close());

  it("is for keepers only, and will not send when nobody has confirmed", async () => {
    expect((await get(server, "/console/newsletter", memberCookie)).status).toBe(403);
    expect((await get(server, "/console/newsletter/subscribers", memberCookie)).status).toBe(403);
    expect((await get(server, "/console/subscribers.csv", memberCookie)).status).toBe(403);
    expect((await post(server, "/console/newsletter/new", memberCookie, { subject: "x" })).status).toBe(403);
    expect((await get(server, "/console/newsletter")).status).toBe(302);

    await addSubscriber("waiting@example.org", "pending");
    const { id } = await write({ subject: "Too early", format: "plain", body: "Hello." });
    const refused = await post(server, `/console/newsletter/${id}`, cookie, { intent: "send", confirm: "on" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("No one has confirmed a subscription yet");
    expect(await issueMails()).toHaveLength(0);
  });

  it("lists subscribers by state and by part of their address, and exports them as CSV (audited)", async () => {
    await addSubscriber("zoë.lukasiewicz@example.org", "confirmed");
    await addSubscriber("wang@example.cn", "confirmed");
    await addSubscriber("ana@example.org", "confirmed");
    await addSubscriber("gone@example.org", "unsubscribed");

    const all = await (await get(server, "/console/newsletter/subscribers", cookie)).text();
    for (const email of ["waiting@example.org", "wang@example.cn", "gone@example.org"]) expect(all).toContain(email);
    const confirmed = await (await get(server, "/console/newsletter/subscribers?status=confirmed", cookie)).text();
    expect(confirmed).toContain("ana@example.org");
    expect(confirmed).not.toContain("waiting@example.org");
    expect(confirmed).not.toContain("gone@example.org");
    const searched = await (await get(server, "/console/newsletter/subscribers?email=LUKAS", cookie)).text();
    expect(searched).toContain("zoë.lukasiewicz@example.org");
    expect(searched).not.toContain("ana@example.org");
    // The search's own wildcards match only themselves.
    expect(await (await get(server, "/console/newsletter/subscribers?email=%25", cookie)).text()).toContain(
      "No subscribers here.",
    );

    const overview = await (await get(server, "/console/newsletter", cookie)).text();
    expect(overview).toContain("3 confirmed subscribers · 1 waiting to confirm · 1 unsubscribed");

    const csv = await get(server, "/console/subscribers.csv?status=confirmed", cookie);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("email,status,subscribed,confirmed,unsubscribed");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([
      "ana@example.org",
      "wang@example.cn",
      "zoë.lukasiewicz@example.org",
    ]);
    const [exported] = await db().select().from(auditLog).where(eq(auditLog.action, "newsletter.subscribers-exported"));
    expect(exported?.actorName).toBe("Elena Keeper");
  });

  it("checks an issue on the server and previews its Markdown without any script typed into it", async () => {
    const before = (await db().select().from(newsletterIssues)).length;
    const empty = await write({ subject: "  ", format: "markdown", body: "" });
    expect(empty.res.status).toBe(400);
    const page = await empty.res.text();
    expect(page).toContain("Please write a subject.");
    expect(page).toContain("Please write the issue.");
    expect(
      await post(server, "/console/newsletter/new", cookie, { subject: "A", format: "html", body: "B" }),
    ).toSatisfy((r: Response) => r.status === 400);
    expect(await db().select().from(newsletterIssues)).toHaveLength(before);

    const { id } = await write({
      subject: "Winter letter",
      format: "markdown",
      body: "## The circle rests\n\nWe gather again in **spring**. [Read more](https://example.org/x) [bad](javascript:alert(1))\n\n<script>alert('x')</script>",
    });
    const html = await (await get(server, `/console/newsletter/${id}?done=saved`, cookie)).text();
    expect(html).toContain("Draft saved");
    expect(html).toContain("<h2>The circle rests</h2>");
    expect(html).toContain("<strong>spring</strong>");
    expect(html).toContain('<a href="https://example.org/x">Read more</a>');
    expect(html).toContain("&lt;script&gt;alert");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain('href="javascript:');
    // In the preview (the form above it holds the body as typed) a link to a script stays words, unlinked.
    const preview = html.slice(html.indexOf('id="preview-title"'));
    expect(preview).toContain('<a href="https://example.org/x">Read more</a> [bad](javascript:alert(1))</p>');
  });

  it("renders a hostile 50,000-character Markdown body in bounded time, blocking nothing (issue 28)", async () => {
    // micromark took 17 to 28 s on this one, in the page's loader, and /healthz waited as long.
    const hostile = "*_".repeat(25_000);
    const ordinary = "We gather again in **spring**, *gently*, with [a link](https://example.org/x).\n\n"
      .repeat(700)
      .slice(0, 50_000)
      .trim();
    /** How long `run` takes to answer in full, and the slowest /healthz meanwhile (asked one after another). */
    const timed = async (run: () => Promise<Response>) => {
      let done = false;
      let slowest = 0;
      const start = performance.now();
      const answer = run()
        .then(async (res) => ({ res, text: await res.text(), ms: performance.now() - start }))
        .finally(() => {
          done = true;
        });
      do {
        const asked = performance.now();
        await (await fetch(`${server.url}/healthz`)).text();
        slowest = Math.max(slowest, performance.now() - asked);
      } while (!done);
      return { ...(await answer), slowest };
    };
    const save = (body: string) =>
      timed(() =>
        post(server, "/console/newsletter/new", cookie, {
          _key: randomUUID(),
          subject: "Long",
          format: "markdown",
          body,
        }),
      );
    const view = (id: number) => timed(() => get(server, `/console/newsletter/${id}`, cookie));
    const idOf = (res: Response) => Number(res.headers.get("location")?.match(/\/console\/newsletter\/(\d+)\?/)?.[1]);

    await view(idOf((await save(ordinary)).res)); // warms the code paths up
    const best = {
      ordinary: { save: Infinity, view: Infinity, healthz: Infinity },
      hostile: { save: Infinity, view: Infinity, healthz: Infinity },
    };
    for (let round = 0; round < 3; round++) {
      for (const [kind, body] of [
        ["ordinary", ordinary],
        ["hostile", hostile],
      ] as const) {
        const saved = await save(body);
        expect(saved.res.status).toBe(303);
        const viewed = await view(idOf(saved.res));
        expect(viewed.res.status).toBe(200);
        expect(viewed.text).toContain(kind === "hostile" ? "<em>" : "<strong>spring</strong>");
        best[kind].healthz = Math.min(best[kind].healthz, Math.max(saved.slowest, viewed.slowest));
        best[kind].save = Math.min(best[kind].save, saved.ms);
        best[kind].view = Math.min(best[kind].view, viewed.ms);
      }
    }
    console.info(`issue 28, best of 3 (ms): ${JSON.stringify(best)}`);
    expect(best.hostile.save).toBeLessThan(5 * best.ordinary.save + 250);
    expect(best.hostile.view).toBeLessThan(5 * best.ordinary.view + 250);
    // The server keeps answering: a health check waits no longer beside the hostile body than beside
    // an ordinary one (a ratio in this run, so a busy machine slows both alike).
    expect(best.hostile.healthz, "/healthz waited").toBeLessThan(5 * best.ordinary.healthz + 250);
  });

  it("sends a test to the keeper, then the issue once to each confirmed subscriber with their own unsubscribe", async () => {
    const { id } = await write({
      subject: "Spring gathering",
      format: "plain",
      body: "Dear friends,\n\nWe meet again.",
    });
    const test = await post(server, `/console/newsletter/${id}`, cookie, { intent: "test", _key: randomUUID() });
    expect(test.headers.get("location")).toBe(`/console/newsletter/${id}?done=tested`);
    const [testMail] = await issueMails("newsletter.test");
    expect(testMail?.toAddress).toBe(keeper.email);
    expect(testMail?.subject).toBe("[Test] Spring gathering");
    expect(await issueMails()).toHaveLength(0);

    const unticked = await post(server, `/console/newsletter/${id}`, cookie, { intent: "send", confirm: "" });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick the box to confirm that this issue goes to every subscriber.");
    expect(await issueMails()).toHaveLength(0);

    const sent = await post(server, `/console/newsletter/${id}`, cookie, { intent: "send", confirm: "on" });
    expect(sent.headers.get("location")).toBe(`/console/newsletter/${id}?done=sent`);
    // Pressed again (a double click, a resubmit): nothing more goes out.
    await post(server, `/console/newsletter/${id}`, cookie, { intent: "send", confirm: "on" });
    const mails = await issueMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      "ana@example.org",
      "wang@example.cn",
      "zoë.lukasiewicz@example.org",
    ]);
    const links = mails.map((m) => m.headers["List-Unsubscribe"]?.slice(1, -1) ?? "");
    expect(new Set(links).size).toBe(3);
    for (const [i, mail] of mails.entries()) {
      expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.textBody).toContain(links[i]);
      expect(mail.htmlBody).toContain(`href="${links[i]}"`);
      expect(mail.htmlBody).toContain("<p>Dear friends,</p>");
    }

    const [issue] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
    expect(issue?.sentAt).toBeInstanceOf(Date);
    expect(issue?.recipientCount).toBe(3);
    expect(issue?.sentByName).toBe("Elena Keeper");
    const record = await (await get(server, "/console/newsletter", cookie)).text();
    expect(record).toMatch(/Spring gathering.*Sent by Elena Keeper, .*, to 3 subscribers/s);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "newsletter.sent"));
    expect(audit.map((a) => a.detail)).toContainEqual({ issue: id, subscribers: 3 });

    // Sent is a record: no more edits.
    const edit = await post(server, `/console/newsletter/${id}`, cookie, {
      intent: "save",
      subject: "Changed",
      format: "plain",
      body: "Changed",
    });
    expect(edit.status).toBe(409);

    // One subscriber's own link (RFC 8058 one-click) unsubscribes that subscriber only.
    const ana = mails.find((m) => m.toAddress === "ana@example.org");
    const path = new URL(ana?.headers["List-Unsubscribe"]?.slice(1, -1) ?? "").pathname;
    const oneClick = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const statuses = await db()
      .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "confirmed"));
    expect(statuses.map((s) => s.email).sort()).toEqual(["wang@example.cn", "zoë.lukasiewicz@example.org"]);
  });

  it("queues each subscriber once when two sends run at the same time, and finishes a send that was cut off", async () => {
    const sender = { id: keeper.id, name: "Elena Keeper" };
    const { id: both } = await write({ subject: "Twice at once", format: "plain", body: "Hello." });
    await Promise.all([
      sendIssue(db(), both, sender, server.url, "127.0.0.1"),
      sendIssue(db(), both, sender, server.url, "127.0.0.1"),
    ]);
    const twice = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Twice at once"));
    expect(twice.map((m) => m.toAddress).sort()).toEqual(["wang@example.cn", "zoë.lukasiewicz@example.org"]);

    // A send cut off after its first mail: the next run queues the rest, and not the first again.
    const { id: cut } = await write({ subject: "Cut off", format: "plain", body: "Hello." });
    const [wang] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "wang@example.cn"));
    await db()
      .update(newsletterIssues)
      .set({ sendStartedAt: new Date(), sentByName: "Elena Keeper" })
      .where(eq(newsletterIssues.id, cut));
    await db()
      .insert(newsletterDeliveries)
      .values({ issueId: cut, subscriberId: wang?.id ?? 0, unsubscribeTokenHash: randomUUID() });
    const page = await (await get(server, `/console/newsletter/${cut}`, cookie)).text();
    expect(page).toContain("was cut off before every mail was queued");
    expect(page).toContain("Finish sending");
    expect(await resumeSends(db(), server.url)).toBe(1);
    const rest = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Cut off"));
    expect(rest.map((m) => m.toAddress)).toEqual(["zoë.lukasiewicz@example.org"]);
    const [done] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, cut));
    expect(done?.recipientCount).toBe(2);
    expect(
      await db()
        .select()
        .from(newsletterDeliveries)
        .where(and(eq(newsletterDeliveries.issueId, cut))),
    ).toHaveLength(2);
    expect(await resumeSends(db(), server.url)).toBe(0);
  });

  it("stores the rendering at the save and uses it for the preview and the mail; an older issue's once", async () => {
    const { id } = await write({ subject: "Stored", format: "markdown", body: "Hello **you**." });
    const stored = async () =>
      (await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]?.renderedHtml;
    expect(await stored()).toBe("<p>Hello <strong>you</strong>.</p>\n");
    const edited = await post(server, `/console/newsletter/${id}`, cookie, {
      intent: "save",
      subject: "Stored",
      format: "plain",
      body: "Hello **you**.",
    });
    expect(edited.status).toBe(303);
    expect(await stored()).toBe("<p>Hello **you**.</p>");

    // What is stored is what the preview and the test mail show: nothing renders it again.
    await db().update(newsletterIssues).set({ renderedHtml: "<p>as stored</p>" }).where(eq(newsletterIssues.id, id));
    expect(await (await get(server, `/console/newsletter/${id}`, cookie)).text()).toContain("<p>as stored</p>");
    await post(server, `/console/newsletter/${id}`, cookie, { intent: "test", _key: randomUUID() });
    const tests = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "[Test] Stored"));
    expect(tests[0]?.htmlBody).toContain("<p>as stored</p>");

    // An issue saved before the rendering was kept is rendered at its first view, and stored.
    await db().update(newsletterIssues).set({ renderedHtml: null }).where(eq(newsletterIssues.id, id));
    expect(await (await get(server, `/console/newsletter/${id}`, cookie)).text()).toContain("<p>Hello **you**.</p>");
    expect(await stored()).toBe("<p>Hello **you**.</p>");
  });
});
